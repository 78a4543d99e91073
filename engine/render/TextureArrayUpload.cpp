#include "render/TextureArrayUpload.h"

#include <algorithm>
#include <vector>

#include "core/Error.h"
#include "core/Str.h"

namespace th {

int textureArrayTexelBytes(TextureFormat format) {
    switch (format) {
    case TextureFormat::RGBA8:
    case TextureFormat::SRGB8_ALPHA8: return 4;
    case TextureFormat::RGBA32F: return 16;
    default: return 0;
    }
}

void flipRows(std::span<uint8_t> pixels, int width, int height, int layers, int texelBytes) {
    size_t row = size_t(width) * size_t(texelBytes);
    size_t layerBytes = row * size_t(height);
    if (pixels.size() < layerBytes * size_t(layers))
        throw Error(str("flipRows: ", pixels.size(), " bytes hold fewer than ", layers, " layers of ", width, "x", height));
    for (int l = 0; l < layers; ++l) {
        uint8_t* base = pixels.data() + size_t(l) * layerBytes;
        for (int y = 0; y < height / 2; ++y)
            std::swap_ranges(base + size_t(y) * row, base + size_t(y + 1) * row, base + size_t(height - 1 - y) * row);
    }
}

Texture uploadTextureArray(const TextureArrayData& d) {
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
