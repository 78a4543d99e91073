#include "render/RenderTarget.h"

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
