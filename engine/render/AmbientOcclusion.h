#pragma once
// Screen-space ambient occlusion of the GTAO class (Jimenez et al., "Practical Real-Time
// Strategies for Accurate Indirect Occlusion", 2016), from the depth pre-pass: at half
// resolution, a few slices per pixel (rotated by a 4×4 pattern) find the horizon on each side
// and integrate the cosine-weighted visible arc between them; a 4×4 depth-aware (bilateral)
// blur cancels the pattern, and a depth-aware upsample brings it to the frame's resolution
// without bleeding across silhouettes. The result is the raw visibility in [0, 1] (red of an
// RGBA8 texture, 1 = open) raised to the strength; the PBR shader multiplies its ambient and image-based terms by it,
// with GTAO's multi-bounce fit for the surface's albedo (shaders/pbr/screen_ao.glsl), never
// its direct light.
#include <memory>

#include <glm/glm.hpp>

#include "gl/Context.h"
#include "gl/Sampler.h"
#include "gl/VertexArray.h"
#include "render/RenderTarget.h"
#include "render/ScreenEffect.h"
#include "scene/Atmosphere.h"
#include "shader/ShaderStore.h"

namespace th {

class AmbientOcclusion {
public:
    AmbientOcclusion();
    /// Computes the occlusion of the depth texture `depth` (width×height, as the pre-pass left
    /// it, drawn with `projection`) and returns the full-resolution result. Throws th::Error
    /// when a pass cannot be built (the renderer then draws without AO, saying so).
    const Texture& apply(const ShaderStore& store, const ContextInfo& context, const Texture& depth, int width, int height,
                         const glm::mat4& projection, const AmbientOcclusionSettings& settings, const VertexArray& emptyVao);
    /// Slices per pixel and steps on each side of a slice: 3 × 2 × 4 depth samples.
    static constexpr int kSlices = 3;
    static constexpr int kStepsPerSide = 4;

private:
    void resize(int width, int height);

    ScreenEffect mHorizons, mBlur, mUpsample;
    std::unique_ptr<RenderTarget> mHalf, mHalfBlurred, mFull;
    Sampler mPoint;
    int mWidth = 0, mHeight = 0;
};

} // namespace th
