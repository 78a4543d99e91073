#include "gl/Sampler.h"

#include <algorithm>

namespace th {

static GLuint newSampler() {
    GLuint id = 0;
    glGenSamplers(1, &id);
    return id;
}

static GLint glWrap(Wrap w) {
    switch (w) {
    case Wrap::Repeat: return GL_REPEAT;
    case Wrap::ClampToEdge: return GL_CLAMP_TO_EDGE;
    case Wrap::MirroredRepeat: return GL_MIRRORED_REPEAT;
    }
    return GL_REPEAT;
}

static const GLenum kCompare[] = {GL_NEVER, GL_LESS, GL_EQUAL, GL_LEQUAL, GL_GREATER, GL_NOTEQUAL, GL_GEQUAL, GL_ALWAYS};

Sampler::Sampler(const SamplerDesc& d, float maxAnisotropy, std::string_view label)
    : GlObject(GlObjectKind::Sampler, newSampler()), mDesc(d) {
    GLint min;
    bool lin = d.minFilter == Filter::Linear;
    switch (d.mip) {
    case SamplerDesc::Mip::None: min = lin ? GL_LINEAR : GL_NEAREST; break;
    case SamplerDesc::Mip::Nearest: min = lin ? GL_LINEAR_MIPMAP_NEAREST : GL_NEAREST_MIPMAP_NEAREST; break;
    default: min = lin ? GL_LINEAR_MIPMAP_LINEAR : GL_NEAREST_MIPMAP_LINEAR; break;
    }
    glSamplerParameteri(id(), GL_TEXTURE_MIN_FILTER, min);
    glSamplerParameteri(id(), GL_TEXTURE_MAG_FILTER, d.magFilter == Filter::Linear ? GL_LINEAR : GL_NEAREST);
    glSamplerParameteri(id(), GL_TEXTURE_WRAP_S, glWrap(d.wrapS));
    glSamplerParameteri(id(), GL_TEXTURE_WRAP_T, glWrap(d.wrapT));
    glSamplerParameteri(id(), GL_TEXTURE_WRAP_R, glWrap(d.wrapR));
    if (d.compare) {
        glSamplerParameteri(id(), GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
        glSamplerParameteri(id(), GL_TEXTURE_COMPARE_FUNC, GLint(kCompare[int(d.compareFunc)]));
    }
    if (d.anisotropy > 1.0f && maxAnisotropy > 1.0f)
        glSamplerParameterf(id(), GL_TEXTURE_MAX_ANISOTROPY_EXT, std::min(d.anisotropy, maxAnisotropy));
    setLabel(label);
}

} // namespace th
