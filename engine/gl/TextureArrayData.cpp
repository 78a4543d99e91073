#include "gl/TextureArrayData.h"

#include <algorithm>

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
        throw Error(
            str("flipRows: ", pixels.size(), " bytes hold fewer than ", layers, " layers of ", width, "x", height));
    for (int l = 0; l < layers; ++l) {
        uint8_t* base = pixels.data() + size_t(l) * layerBytes;
        for (int y = 0; y < height / 2; ++y)
            std::swap_ranges(base + size_t(y) * row, base + size_t(y + 1) * row, base + size_t(height - 1 - y) * row);
    }
}

} // namespace th
