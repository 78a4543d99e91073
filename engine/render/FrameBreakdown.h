#pragma once
// Where a frame's time goes, pass by pass and draw by draw, for the benchmarks. With
// RendererOptions::breakdown on, the renderer finishes the GL work (glFinish) at the end of
// each pass and, in the passes that draw meshes, after each draw, so the wall time between two
// finishes is that pass's or that draw's whole cost on this machine: CPU, driver and the
// rasterizer's threads. The frame is slower with it on (nothing overlaps), so compare its
// parts with each other, and frame times only from runs without it.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace th {

enum class FramePass : uint8_t {
    Setup,        ///< scene update, lights, clusters, uniform uploads, collecting and sorting
    Shadow,       ///< cascades and spot-light maps
    DepthPrepass, ///< depth of the opaque geometry before shading (AO's own, with MSAA, too)
    AmbientOcclusion,
    Opaque,
    Background, ///< the environment drawn behind the scene
    OpaqueCopy, ///< the opaque scene's colour copied and mip-mapped (only when a material reads it)
    FrameReaders, ///< the parts whose materials read a frame texture (transmission), drawn after it is made
    Blended,    ///< and the MSAA resolve
    Post,       ///< bloom, tone mapping, FXAA, the copy to the output
    Count
};
const char* toString(FramePass pass);

/// What a frame times (RendererOptions::breakdown). Finishing after every draw costs a
/// rasterizer flush each on llvmpipe (a pass over the frame's tiles), which inflates the pass
/// that draws: pass figures come from frames that finish per pass only.
enum class Breakdown : uint8_t { Off, Passes, PassesAndDraws };

struct DrawCost {
    std::string name; ///< "mesh / material"
    FramePass pass = FramePass::Opaque;
    double ms = 0;
    uint64_t triangles = 0; ///< instances included
};

struct FrameBreakdown {
    std::array<double, size_t(FramePass::Count)> passMs{};
    std::vector<DrawCost> draws; ///< in drawing order
};

} // namespace th
