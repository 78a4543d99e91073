#include "render/FrameTargets.h"

namespace th {

void FrameTargets::prepare(const FrameFormat& format, int width, int height, bool direct, bool toneMapped,
                           const RenderTarget& output) {
    TextureFormat color = format.floatColor ? TextureFormat::RGBA16F : TextureFormat::RGBA8;
    if (direct) mFrame.reset();
    else if (!mFrame || mFrame->width() != width || mFrame->height() != height || mFrame->colorFormat() != color)
        mFrame = std::make_unique<RenderTarget>(width, height, color, "frame");
    if (format.samples == 0) mMsaa.reset();
    else if (!mMsaa || mMsaa->width() != width || mMsaa->height() != height || mMsaa->colorFormat() != color ||
             mMsaa->samples() != format.samples)
        mMsaa = std::make_unique<RenderTarget>(RenderTarget::multisampled(width, height, color, format.samples, "frame samples"));
    if (!toneMapped) mToneMapped.reset();
    else if (!mToneMapped || mToneMapped->width() != output.width() || mToneMapped->height() != output.height())
        mToneMapped = std::make_unique<RenderTarget>(output.width(), output.height(), TextureFormat::RGBA8, "tone-mapped frame", false);
}

} // namespace th
