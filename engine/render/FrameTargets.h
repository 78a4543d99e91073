#pragma once
// The offscreen targets a frame draws into, kept between frames while the format and size
// stay: the single-sampled frame (float, or 8-bit tone-mapped in the shaders), the
// multisampled main target whose samples resolve into it, and the tone-mapped frame FXAA
// reads. A frame drawn straight into the output has none of its own.
#include <memory>

#include "render/PassContext.h"

namespace th {

class FrameTargets {
public:
    /// Makes (or keeps) what a frame of `format` at width×height needs; `direct`: the output
    /// is the frame; `toneMapped`: a float frame tone-mapped for FXAA.
    void prepare(const FrameFormat& format, int width, int height, bool direct, bool toneMapped, const RenderTarget& output);
    /// The single-sampled frame: where the main view draws, or where its samples resolve.
    const RenderTarget& frame(const RenderTarget& output) const { return mFrame ? *mFrame : output; }
    /// Where the main view (depth pre-pass, opaque, background, blended) draws: the
    /// multisampled target when there is one, so the pre-pass's depth is the one the main
    /// pass tests against, sample for sample.
    const RenderTarget& main(const RenderTarget& output) const { return mMsaa ? *mMsaa : frame(output); }
    const RenderTarget* toneMapped() const { return mToneMapped.get(); }

private:
    std::unique_ptr<RenderTarget> mFrame;
    std::unique_ptr<RenderTarget> mMsaa;
    std::unique_ptr<RenderTarget> mToneMapped;
};

} // namespace th
