#pragma once
// Where a frame is drawn: a colour texture (RGBA16F for HDR where the context can render to
// floats, else RGBA8) with a depth-stencil texture, a multisampled pair of renderbuffers
// resolved into such a texture target, or the window's default framebuffer.
#include <string>

#include "gl/Framebuffer.h"
#include "gl/Texture.h"

namespace th {

class RenderTarget {
public:
    RenderTarget() = default;
    /// An offscreen target. Throws th::Error when the framebuffer cannot be completed.
    RenderTarget(int width, int height, TextureFormat color, std::string label, bool depth = true, int colorMipLevels = 1);
    /// A multisampled target: colour and depth-stencil renderbuffers of `samples` samples
    /// (the caller has checked the count against the format). resolveInto() blits its colour
    /// into a single-sampled target of the same size.
    static RenderTarget multisampled(int width, int height, TextureFormat color, int samples, std::string label);
    /// The default framebuffer of a window (id 0), of the given size.
    static RenderTarget defaultFramebuffer(int width, int height);

    int width() const { return mWidth; }
    int height() const { return mHeight; }
    GLuint framebufferId() const { return mIsDefault ? 0 : mFramebuffer.id(); }
    bool isDefault() const { return mIsDefault; }
    const Texture& color() const { return mColor; }
    const Texture& depth() const { return mDepth; }
    /// A single-sampled offscreen target with a depth-stencil texture (what the renderer's
    /// passes need of a target they draw into directly).
    bool hasDepthTexture() const { return !mIsDefault && mSamples == 0 && bool(mDepth); }
    TextureFormat colorFormat() const { return mColorFormat; }
    /// 0 for a single-sampled target.
    int samples() const { return mSamples; }
    void bind() const;
    /// Averages this multisampled target's colour into `single` (same size).
    void resolveInto(const RenderTarget& single) const;
    /// Gives the colour texture away (a bake keeps it after the target is gone).
    Texture takeColor() { return std::move(mColor); }

private:
    int mWidth = 0, mHeight = 0;
    bool mIsDefault = false;
    TextureFormat mColorFormat = TextureFormat::RGBA8;
    Texture mColor;
    Texture mDepth;
    Renderbuffer mColorSamples, mDepthSamples;
    int mSamples = 0;
    Framebuffer mFramebuffer;
};

} // namespace th
