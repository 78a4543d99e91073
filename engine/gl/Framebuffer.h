#pragma once
#include <string>
#include <string_view>

#include "gl/GlObject.h"
#include "gl/Texture.h"

namespace th {

class Renderbuffer : public GlObject {
public:
    Renderbuffer() = default;
    Renderbuffer(TextureFormat format, int width, int height, int samples = 0, std::string_view label = {});
    TextureFormat format() const { return mFormat; }

private:
    TextureFormat mFormat = TextureFormat::Depth24;
};

/// A framebuffer object. Attach, then call check(): an incomplete framebuffer is an error that
/// names the framebuffer and the reason, never a black image.
class Framebuffer : public GlObject {
public:
    Framebuffer() = default;
    explicit Framebuffer(std::string_view label);

    /// `layer` is the array layer or cube face; ignored for 2D textures.
    void attachColor(int index, const Texture& texture, int level = 0, int layer = 0);
    /// Depth (or depth-stencil, by the texture's format).
    void attachDepth(const Texture& texture, int level = 0, int layer = 0);
    void attachDepth(const Renderbuffer& renderbuffer);
    void attachColor(int index, const Renderbuffer& renderbuffer);
    /// Selects which colour attachments are drawn (count 0: none, for depth-only passes).
    void setDrawBuffers(int count);
    /// Throws th::Error when incomplete.
    void check() const;
    void bind() const;

private:
    std::string mLabel;
};

} // namespace th
