#include "render/RenderTarget.h"

#include "gl/GlApi.h"
#include "gl/StateCache.h"

namespace th {

RenderTarget::RenderTarget(int width, int height, TextureFormat color, std::string label, bool depth, int colorMipLevels)
    : mWidth(width), mHeight(height), mColorFormat(color) {
    mColor = Texture({.format = color, .width = width, .height = height, .mipLevels = colorMipLevels, .label = label + " colour"});
    mColor.setFilter(true, colorMipLevels != 1);
    mFramebuffer = Framebuffer(label);
    mFramebuffer.attachColor(0, mColor);
    if (depth) {
        mDepth = Texture({.format = TextureFormat::Depth24Stencil8, .width = width, .height = height, .label = label + " depth"});
        mFramebuffer.attachDepth(mDepth);
    }
    mFramebuffer.setDrawBuffers(1);
    mFramebuffer.check();
}

RenderTarget RenderTarget::multisampled(int width, int height, TextureFormat color, int samples, std::string label) {
    RenderTarget t;
    t.mWidth = width;
    t.mHeight = height;
    t.mColorFormat = color;
    t.mSamples = samples;
    t.mColorSamples = Renderbuffer(color, width, height, samples, label + " colour samples");
    t.mDepthSamples = Renderbuffer(TextureFormat::Depth24Stencil8, width, height, samples, label + " depth samples");
    t.mFramebuffer = Framebuffer(label);
    t.mFramebuffer.attachColor(0, t.mColorSamples);
    t.mFramebuffer.attachDepth(t.mDepthSamples);
    t.mFramebuffer.setDrawBuffers(1);
    t.mFramebuffer.check();
    return t;
}

void RenderTarget::resolveInto(const RenderTarget& single) const {
    StateCache& state = *StateCache::current();
    state.bindFramebuffer(GL_READ_FRAMEBUFFER, framebufferId());
    state.bindFramebuffer(GL_DRAW_FRAMEBUFFER, single.framebufferId());
    // A resolve blit must not scale and takes NEAREST; the scissor would clip it.
    state.scissor(std::nullopt);
    glBlitFramebuffer(0, 0, mWidth, mHeight, 0, 0, single.width(), single.height(), GL_COLOR_BUFFER_BIT, GL_NEAREST);
}

RenderTarget RenderTarget::defaultFramebuffer(int width, int height) {
    RenderTarget t;
    t.mWidth = width;
    t.mHeight = height;
    t.mIsDefault = true;
    return t;
}

void RenderTarget::bind() const {
    StateCache::current()->bindFramebuffer(GL_FRAMEBUFFER, framebufferId());
    StateCache::current()->viewport(0, 0, mWidth, mHeight);
}

} // namespace th
