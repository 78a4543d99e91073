#include "gl/Texture.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/Error.h"
#include "core/Str.h"

namespace th {

namespace {
struct FormatInfo {
    GLenum internal, format, type;
};

FormatInfo info(TextureFormat f) {
    switch (f) {
    case TextureFormat::RGBA8: return {GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE};
    case TextureFormat::SRGB8_ALPHA8: return {GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE};
    case TextureFormat::RGBA16F: return {GL_RGBA16F, GL_RGBA, GL_FLOAT};
    case TextureFormat::RGBA32F: return {GL_RGBA32F, GL_RGBA, GL_FLOAT};
    case TextureFormat::RG16F: return {GL_RG16F, GL_RG, GL_FLOAT};
    case TextureFormat::R16F: return {GL_R16F, GL_RED, GL_FLOAT};
    case TextureFormat::R32F: return {GL_R32F, GL_RED, GL_FLOAT};
    case TextureFormat::R8: return {GL_R8, GL_RED, GL_UNSIGNED_BYTE};
    case TextureFormat::RG8: return {GL_RG8, GL_RG, GL_UNSIGNED_BYTE};
    case TextureFormat::R11G11B10F: return {GL_R11F_G11F_B10F, GL_RGB, GL_FLOAT};
    case TextureFormat::Depth24: return {GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT};
    case TextureFormat::Depth32F: return {GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT};
    case TextureFormat::Depth24Stencil8: return {GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8};
    case TextureFormat::RGBA32UI: return {GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT};
    }
    return {GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE};
}

GLuint newTexture() {
    GLuint id = 0;
    glGenTextures(1, &id);
    return id;
}
} // namespace

GLenum Texture::target() const {
    switch (mDesc.kind) {
    case TextureKind::Texture2D: return GL_TEXTURE_2D;
    case TextureKind::Texture2DArray: return GL_TEXTURE_2D_ARRAY;
    case TextureKind::Cube: return GL_TEXTURE_CUBE_MAP;
    }
    return GL_TEXTURE_2D;
}

Texture::Texture(const TextureDesc& desc) : GlObject(GlObjectKind::Texture, newTexture()), mDesc(desc) {
    if (desc.width < 1 || desc.height < 1 || desc.layers < 1)
        throw Error(str("texture '", desc.label, "': invalid size ", desc.width, "x", desc.height, "x", desc.layers));
    if (desc.kind == TextureKind::Cube && desc.width != desc.height)
        throw Error(str("texture '", desc.label, "': cube faces must be square, got ", desc.width, "x", desc.height));
    int full = 1 + int(std::floor(std::log2(double(std::max(desc.width, desc.height)))));
    mDesc.mipLevels = desc.mipLevels <= 0 ? full : std::min(desc.mipLevels, full);
    bind(0);
    FormatInfo f = info(desc.format);
    if (desc.kind == TextureKind::Texture2DArray)
        glTexStorage3D(GL_TEXTURE_2D_ARRAY, mDesc.mipLevels, f.internal, desc.width, desc.height, desc.layers);
    else glTexStorage2D(target(), mDesc.mipLevels, f.internal, desc.width, desc.height);
    // Sensible defaults for use without a sampler object; the renderer binds samplers.
    bool filterable = !isDepthFormat(desc.format) && desc.format != TextureFormat::RGBA32F &&
                      desc.format != TextureFormat::R32F && desc.format != TextureFormat::RGBA32UI;
    setFilter(filterable, mDesc.mipLevels > 1);
    glTexParameteri(target(), GL_TEXTURE_MAX_LEVEL, mDesc.mipLevels - 1);
    GLenum wrap = desc.kind == TextureKind::Cube ? GL_CLAMP_TO_EDGE : GL_REPEAT;
    glTexParameteri(target(), GL_TEXTURE_WRAP_S, GLint(wrap));
    glTexParameteri(target(), GL_TEXTURE_WRAP_T, GLint(wrap));
    if (desc.kind == TextureKind::Cube) glTexParameteri(target(), GL_TEXTURE_WRAP_R, GL_CLAMP_TO_EDGE);
    setLabel(desc.label);
}

void Texture::bind(unsigned unit) const { StateCache::current()->bindTexture(unit, target(), id()); }

void Texture::setFilter(bool linear, bool mipmaps) {
    bind(0);
    GLenum min = linear ? (mipmaps ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR) : (mipmaps ? GL_NEAREST_MIPMAP_NEAREST : GL_NEAREST);
    glTexParameteri(target(), GL_TEXTURE_MIN_FILTER, GLint(min));
    glTexParameteri(target(), GL_TEXTURE_MAG_FILTER, linear ? GL_LINEAR : GL_NEAREST);
}

void Texture::upload(int level, int layer, const void* pixels) {
    int w = std::max(1, mDesc.width >> level), h = std::max(1, mDesc.height >> level);
    uploadRegion(level, layer, 0, 0, w, h, pixels);
}

void Texture::uploadRegion(int level, int layer, int x, int y, int width, int height, const void* pixels) {
    if (level < 0 || level >= mDesc.mipLevels)
        throw Error(str("texture '", mDesc.label, "': mip level ", level, " out of range (", mDesc.mipLevels, " levels)"));
    int maxLayer = mDesc.kind == TextureKind::Cube ? 6 : mDesc.layers;
    if (layer < 0 || layer >= maxLayer)
        throw Error(str("texture '", mDesc.label, "': layer ", layer, " out of range (", maxLayer, ")"));
    bind(0);
    FormatInfo f = info(mDesc.format);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    switch (mDesc.kind) {
    case TextureKind::Texture2D: glTexSubImage2D(GL_TEXTURE_2D, level, x, y, width, height, f.format, f.type, pixels); break;
    case TextureKind::Texture2DArray:
        glTexSubImage3D(GL_TEXTURE_2D_ARRAY, level, x, y, layer, width, height, 1, f.format, f.type, pixels);
        break;
    case TextureKind::Cube:
        glTexSubImage2D(GLenum(GL_TEXTURE_CUBE_MAP_POSITIVE_X + layer), level, x, y, width, height, f.format, f.type, pixels);
        break;
    }
}

void Texture::generateMipmaps() {
    bind(0);
    glGenerateMipmap(target());
}

Texture Texture::createArray(const TextureArrayData& d) {
    int texelBytes = textureArrayTexelBytes(d.format);
    if (texelBytes == 0)
        throw Error(str("texture array '", d.label, "': format ", toString(d.format),
                        " is not accepted (use RGBA8 for data, SRGB8_ALPHA8 for colour, RGBA32F for tables)"));
    if (d.width < 1 || d.height < 1 || d.layers < 1)
        throw Error(str("texture array '", d.label, "': invalid size ", d.width, "x", d.height, "x", d.layers));
    size_t layerBytes = size_t(d.width) * size_t(d.height) * size_t(texelBytes);
    if (d.pixels.size() != layerBytes * size_t(d.layers))
        throw Error(str("texture array '", d.label, "': ", d.pixels.size(), " bytes given, ", layerBytes * size_t(d.layers),
                        " expected for ", d.layers, " layers of ", d.width, "x", d.height, " ", toString(d.format)));
    // Float tables are read texel by texel: no mipmaps (and RGBA32F does not filter everywhere).
    bool mipmaps = d.mipmaps && d.format != TextureFormat::RGBA32F;
    Texture texture({.kind = TextureKind::Texture2DArray, .format = d.format, .width = d.width, .height = d.height,
                     .layers = d.layers, .mipLevels = mipmaps ? 0 : 1, .label = d.label});
    std::vector<uint8_t> flipped;
    for (int l = 0; l < d.layers; ++l) {
        const uint8_t* layer = d.pixels.data() + size_t(l) * layerBytes;
        if (d.rows == RowOrder::TopDown) {
            flipped.assign(layer, layer + layerBytes);
            flipRows(flipped, d.width, d.height, 1, texelBytes);
            layer = flipped.data();
        }
        texture.upload(0, l, layer);
    }
    if (mipmaps) texture.generateMipmaps();
    return texture;
}

} // namespace th
