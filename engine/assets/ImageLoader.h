#pragma once
// Decoding image files for assets: PNG, JPEG (and the other formats stb_image reads) and WebP
// (libwebp) into RGBA8, Radiance .hdr into float RGBA. Rows come out top row first, as stored in the file;
// nothing is flipped here (callers that want bottom-up rows flip), so no global decoder state
// is touched. Sizes are checked from the header before any pixel memory is allocated.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>

#include "core/Image.h"

namespace th {

/// 8192 × 8192: the largest texture the importer accepts by default.
constexpr uint64_t kDefaultMaxImagePixels = uint64_t(8192) * 8192;

struct ImageSize {
    int width = 0;
    int height = 0;
};

/// Reads only the header. Empty when the bytes are not an image stb_image or libwebp recognises.
std::optional<ImageSize> probeImageSize(std::string_view bytes);

/// Decodes an encoded image to RGBA8 (grey and RGB gain opaque alpha, 16-bit channels are
/// rounded to 8 bits). Throws th::Error naming `name` when the data is not a decodable image
/// or has more than `maxPixels` pixels.
ImageRgba8 decodeImage(std::string_view bytes, std::string_view name, uint64_t maxPixels = kDefaultMaxImagePixels);
/// Reads and decodes an image file; errors name the path.
ImageRgba8 loadImage(const std::filesystem::path& path, uint64_t maxPixels = kDefaultMaxImagePixels);

/// Decodes a Radiance RGBE (.hdr) image to linear float RGBA (alpha 1). Throws th::Error naming
/// `name` for anything that is not a Radiance file (an LDR image is refused rather than
/// silently gamma-expanded) or that is larger than `maxPixels`.
ImageRgbaF decodeHdr(std::string_view bytes, std::string_view name, uint64_t maxPixels = kDefaultMaxImagePixels);
ImageRgbaF loadHdr(const std::filesystem::path& path, uint64_t maxPixels = kDefaultMaxImagePixels);

/// A magenta and black checker of size × size pixels (8 cells across) that stands in for an
/// image that could not be loaded: impossible to mistake for intended content.
ImageRgba8 checkerImage(int size = 8);

} // namespace th
