#pragma once
// Where a frame is drawn: a colour texture (RGBA16F for HDR where the context can render to
// floats, else RGBA8) with a depth-stencil texture, or the window's default framebuffer.
#include <string>

#include "gl/Framebuffer.h"
#include "gl/Texture.h"

namespace th {

class RenderTarget {
public:
    RenderTarget() = default;
    /// An offscreen target. Throws th::Error when the framebuffer cannot be completed.
    RenderTarget(int width, int height, TextureFormat color, std::string label, bool depth = true, int colorMipLevels = 1);
    /// The default framebuffer of a window (id 0), of the given size.
    static RenderTarget defaultFramebuffer(int width, int height);

    int width() const { return mWidth; }
    int height() const { return mHeight; }
    GLuint framebufferId() const { return mIsDefault ? 0 : mFramebuffer.id(); }
    bool isDefault() const { return mIsDefault; }
    const Texture& color() const { return mColor; }
    const Texture& depth() const { return mDepth; }
    TextureFormat colorFormat() const { return mColorFormat; }
    void bind() const;
    /// Gives the colour texture away (a bake keeps it after the target is gone).
    Texture takeColor() { return std::move(mColor); }

private:
    int mWidth = 0, mHeight = 0;
    bool mIsDefault = false;
    TextureFormat mColorFormat = TextureFormat::RGBA8;
    Texture mColor;
    Texture mDepth;
    Framebuffer mFramebuffer;
};

} // namespace th
