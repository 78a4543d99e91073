#pragma once
// Energy-conserving bloom (Jimenez 2014, the Call of Duty: Advanced Warfare filter): the HDR
// frame is halved level by level with a 13-tap filter whose weights sum to 1, then walked
// back up with a 3×3 tent, each level mixed with the wider one by the radius. Every step is
// a weighted mean, so the chain's mean is the frame's: the tone-mapping pass mixes the frame
// with it by the strength and the image's sum stays put (tests/gl/BloomGLTest). It needs a
// float target; the renderer turns it off with one line where there is none.
#include <vector>

#include "gl/Context.h"
#include "gl/VertexArray.h"
#include "render/RenderTarget.h"
#include "render/ScreenEffect.h"
#include "scene/Atmosphere.h"
#include "shader/ShaderStore.h"

namespace th {

class Bloom {
public:
    Bloom();
    /// Runs the chain over `hdr` (width×height) and returns the half-resolution result the
    /// tone-mapping pass samples with a tent. Leaves the viewport at the last level's size.
    const Texture& apply(const ShaderStore& store, const ContextInfo& context, const Texture& hdr, int width, int height,
                         const BloomSettings& settings, const VertexArray& emptyVao);
    /// Levels of the last chain (1 = half resolution only).
    int levels() const { return int(mDown.size()); }

    /// The most halvings: past 1/64 of the frame a level adds little but cost.
    static constexpr int kMaxLevels = 6;

private:
    void resize(int width, int height);

    ScreenEffect mDownsample, mUpsample;
    std::vector<RenderTarget> mDown; ///< [0] half resolution
    std::vector<RenderTarget> mUp;   ///< [i] the chain from level i up, for i < levels − 1
    int mWidth = 0, mHeight = 0;
};

} // namespace th
