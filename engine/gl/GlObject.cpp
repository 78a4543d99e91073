#include "gl/GlObject.h"

#include <algorithm>

namespace th {

static GLenum labelNamespace(GlObjectKind kind) {
    switch (kind) {
    case GlObjectKind::Buffer: return GL_BUFFER;
    case GlObjectKind::VertexArray: return GL_VERTEX_ARRAY;
    case GlObjectKind::Texture: return GL_TEXTURE;
    case GlObjectKind::Sampler: return GL_SAMPLER;
    case GlObjectKind::Framebuffer: return GL_FRAMEBUFFER;
    case GlObjectKind::Renderbuffer: return GL_RENDERBUFFER;
    case GlObjectKind::Program: return GL_PROGRAM;
    case GlObjectKind::Shader: return GL_SHADER;
    }
    return GL_BUFFER;
}

void GlObject::setLabel(std::string_view label) const {
    if (!mId || label.empty()) return;
    GLsizei length = GLsizei(std::min<size_t>(label.size(), 255));
    if (epoxy_is_desktop_gl() ? epoxy_gl_version() >= 43 : epoxy_gl_version() >= 32)
        glObjectLabel(labelNamespace(mKind), mId, length, label.data());
    else if (epoxy_has_gl_extension("GL_KHR_debug"))
        glObjectLabelKHR(labelNamespace(mKind), mId, length, label.data());
}

void GlObject::destroy() {
    if (!mId) return;
    StateCache* cache = StateCache::current();
    if (!cache) {
        // No context is current (it was destroyed first): the driver already freed the name,
        // and calling GL now would abort inside the loader.
        mId = 0;
        return;
    }
    cache->forget(mKind, mId);
    switch (mKind) {
    case GlObjectKind::Buffer: glDeleteBuffers(1, &mId); break;
    case GlObjectKind::VertexArray: glDeleteVertexArrays(1, &mId); break;
    case GlObjectKind::Texture: glDeleteTextures(1, &mId); break;
    case GlObjectKind::Sampler: glDeleteSamplers(1, &mId); break;
    case GlObjectKind::Framebuffer: glDeleteFramebuffers(1, &mId); break;
    case GlObjectKind::Renderbuffer: glDeleteRenderbuffers(1, &mId); break;
    case GlObjectKind::Program: glDeleteProgram(mId); break;
    case GlObjectKind::Shader: glDeleteShader(mId); break;
    }
    mId = 0;
}

} // namespace th
