#pragma once
#include <cstdint>

#include "render/FrameBreakdown.h"

namespace th {

/// What the last frame did, for the demo's statistics panel and the benchmarks.
struct FrameStats {
    uint32_t drawCalls = 0;       ///< all passes
    uint32_t mainDrawCalls = 0;
    uint32_t shadowDrawCalls = 0;
    uint64_t triangles = 0;       ///< all passes, instances included
    uint64_t instances = 0;       ///< instances drawn in the main pass
    uint32_t culled = 0;          ///< mesh parts culled from the main view
    uint64_t instancesCulled = 0; ///< instances outside the main view left out of instanced draws (InstanceFacing)
    uint64_t trianglesFacingAway = 0; ///< triangles left out of the camera's passes because they face away (InstanceFacing)
    uint32_t skippedNotReady = 0; ///< draws skipped because an effect or texture was not ready
    uint32_t errorDraws = 0;      ///< draws that used the error material
    uint32_t effectsPending = 0;
    uint64_t programsBuilt = 0;   ///< effect cache: total effects built so far
    double cpuMs = 0;             ///< CPU time in render(), driver calls included
    double cpuOutsideDriverMs = 0;///< CPU time spent gathering, culling and sorting
    double clusterBuildMs = 0;    ///< CPU time binning lights into clusters (the unchanged-input check alone when nothing moved)
    uint32_t clusterEntries = 0;  ///< light indices over all clusters
    uint32_t sheenEnvironmentBuilds = 0; ///< sheen cubes prefiltered this frame (only after the environment changed, with a sheen in the scene)
    uint32_t opaqueColorCopies = 0; ///< copies of the opaque scene's colour made (0 when no drawn material reads it)
    bool drawnIntoOutput = false;   ///< the frame was drawn straight into the output (no frame of its own, no final copy)
    FrameBreakdown breakdown;     ///< filled only with RendererOptions::breakdown
};

} // namespace th
