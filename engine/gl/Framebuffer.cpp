#include "gl/Framebuffer.h"

#include <vector>

#include "core/Error.h"
#include "core/Str.h"

namespace th {

static GLenum internalFormat(TextureFormat f) {
    switch (f) {
    case TextureFormat::Depth24: return GL_DEPTH_COMPONENT24;
    case TextureFormat::Depth32F: return GL_DEPTH_COMPONENT32F;
    case TextureFormat::Depth24Stencil8: return GL_DEPTH24_STENCIL8;
    case TextureFormat::RGBA8: return GL_RGBA8;
    case TextureFormat::SRGB8_ALPHA8: return GL_SRGB8_ALPHA8;
    case TextureFormat::RGBA16F: return GL_RGBA16F;
    case TextureFormat::RGBA32F: return GL_RGBA32F;
    case TextureFormat::R11G11B10F: return GL_R11F_G11F_B10F;
    default: return GL_RGBA8;
    }
}

static GLuint newRenderbuffer() {
    GLuint id = 0;
    glGenRenderbuffers(1, &id);
    return id;
}

Renderbuffer::Renderbuffer(TextureFormat format, int width, int height, int samples, std::string_view label)
    : GlObject(GlObjectKind::Renderbuffer, newRenderbuffer()), mFormat(format) {
    glBindRenderbuffer(GL_RENDERBUFFER, id());
    if (samples > 0) glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, internalFormat(format), width, height);
    else glRenderbufferStorage(GL_RENDERBUFFER, internalFormat(format), width, height);
    setLabel(label);
}

static GLuint newFramebuffer() {
    GLuint id = 0;
    glGenFramebuffers(1, &id);
    return id;
}

Framebuffer::Framebuffer(std::string_view label) : GlObject(GlObjectKind::Framebuffer, newFramebuffer()), mLabel(label) {
    bind();
    setLabel(label);
}

void Framebuffer::bind() const { StateCache::current()->bindFramebuffer(GL_FRAMEBUFFER, id()); }

static void attachTexture(GLenum attachment, const Texture& t, int level, int layer) {
    switch (t.desc().kind) {
    case TextureKind::Texture2D: glFramebufferTexture2D(GL_FRAMEBUFFER, attachment, GL_TEXTURE_2D, t.id(), level); break;
    case TextureKind::Texture2DArray: glFramebufferTextureLayer(GL_FRAMEBUFFER, attachment, t.id(), level, layer); break;
    case TextureKind::Cube:
        glFramebufferTexture2D(GL_FRAMEBUFFER, attachment, GLenum(GL_TEXTURE_CUBE_MAP_POSITIVE_X + layer), t.id(), level);
        break;
    }
}

void Framebuffer::attachColor(int index, const Texture& texture, int level, int layer) {
    bind();
    attachTexture(GLenum(GL_COLOR_ATTACHMENT0 + index), texture, level, layer);
}

void Framebuffer::attachDepth(const Texture& texture, int level, int layer) {
    bind();
    GLenum a = texture.desc().format == TextureFormat::Depth24Stencil8 ? GL_DEPTH_STENCIL_ATTACHMENT : GL_DEPTH_ATTACHMENT;
    attachTexture(a, texture, level, layer);
}

void Framebuffer::attachDepth(const Renderbuffer& rb) {
    bind();
    GLenum a = rb.format() == TextureFormat::Depth24Stencil8 ? GL_DEPTH_STENCIL_ATTACHMENT : GL_DEPTH_ATTACHMENT;
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, a, GL_RENDERBUFFER, rb.id());
}

void Framebuffer::attachColor(int index, const Renderbuffer& rb) {
    bind();
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GLenum(GL_COLOR_ATTACHMENT0 + index), GL_RENDERBUFFER, rb.id());
}

void Framebuffer::setDrawBuffers(int count) {
    bind();
    std::vector<GLenum> buffers;
    for (int i = 0; i < count; ++i) buffers.push_back(GLenum(GL_COLOR_ATTACHMENT0 + i));
    if (count == 0) {
        GLenum none = GL_NONE;
        glDrawBuffers(1, &none);
        glReadBuffer(GL_NONE);
    } else {
        glDrawBuffers(count, buffers.data());
    }
}

static const char* statusName(GLenum status) {
    switch (status) {
    case GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT: return "an attachment is incomplete (format not renderable?)";
    case GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT: return "no attachment";
    case GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS: return "attachments differ in size";
    case GL_FRAMEBUFFER_UNSUPPORTED: return "this combination of formats is not supported by the driver";
    case GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE: return "attachments differ in sample count";
    default: return "incomplete";
    }
}

void Framebuffer::check() const {
    bind();
    GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    if (status != GL_FRAMEBUFFER_COMPLETE)
        throw Error(str("framebuffer '", mLabel, "' is not complete: ", statusName(status), str(" (0x", std::hex, status, ")")));
}

} // namespace th
