#pragma once
// Layers held on the CPU for a 2D texture array, described the way per-layer data maps must
// go up (Texture::createArray uploads them): bytes exactly as given (no colour conversion, no
// premultiplication: a normal or a height is a value, not a colour), rows flipped on the CPU
// when the source is top-down (image files are; GL reads rows bottom-up, and flip-on-upload
// is not offered for array textures on every platform), then mipmaps. Colour layers use an
// sRGB format, so the sampler decodes them; data layers use a linear one. No GL here.
#include <cstdint>
#include <span>
#include <string>

#include "gl/TextureFormat.h"

namespace th {

enum class RowOrder {
    BottomUp, ///< row 0 is v = 0, as GL reads it
    TopDown,  ///< row 0 is the top of the image, as image files store it
};

struct TextureArrayData {
    int width = 0;
    int height = 0;
    int layers = 0;
    TextureFormat format = TextureFormat::RGBA8; ///< RGBA8, SRGB8_ALPHA8 or RGBA32F
    /// layers × height × width texels, layer after layer, tightly packed.
    std::span<const uint8_t> pixels;
    RowOrder rows = RowOrder::BottomUp;
    bool mipmaps = true;
    std::string label;
};

/// Bytes per texel of the formats Texture::createArray accepts (0 for the others).
int textureArrayTexelBytes(TextureFormat format);

/// Reverses the row order of each layer in place (top-down ↔ bottom-up).
void flipRows(std::span<uint8_t> pixels, int width, int height, int layers, int texelBytes);

} // namespace th
