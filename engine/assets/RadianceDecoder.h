#pragma once
// Radiance RGBE (.hdr) decoding, written here rather than taken from stb_image: Debian 12's
// stb_image (v2.27) loops forever on a run-length count of zero, which a cut-short or crafted
// file gives it (its reads past the end return zeros), so one .hdr file hangs the process.
// Found by fuzzing (tests/fuzz). Decodes what stb_image decodes, to the same floats: the
// "-Y H +X W" orientation, flat scanlines and the new-style run-length scanlines.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/Image.h"

namespace th {

struct RadianceHeader {
    int width = 0, height = 0;
    size_t dataOffset = 0; ///< where the scanlines start
};

/// The header alone: the size the decoder will give, read by the same rules (so a size probe
/// and the decode agree on every file). Throws th::Error naming `name` for a header it does
/// not read.
RadianceHeader readRadianceHeader(std::string_view bytes, std::string_view name);

/// Decodes a Radiance file to linear RGBA floats (alpha 1), top row first. Throws th::Error
/// naming `name` for a header it does not read, more than `maxPixels` pixels, or scanline data
/// that is cut short or malformed (the row is named).
ImageRgbaF decodeRadiance(std::string_view bytes, std::string_view name, uint64_t maxPixels);

} // namespace th
