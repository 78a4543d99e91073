#include "assets/RadianceDecoder.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/Error.h"
#include "core/Str.h"

namespace th {

namespace {

struct Reader {
    std::string_view bytes;
    size_t at = 0;

    bool atEnd() const { return at >= bytes.size(); }
    /// One header line without its newline (the last may end at the end of the file).
    std::string_view line() {
        const size_t end = bytes.find('\n', at);
        const std::string_view out = bytes.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
        at = end == std::string_view::npos ? bytes.size() : end + 1;
        return out;
    }
    bool byte(uint8_t& out) {
        if (atEnd()) return false;
        out = uint8_t(bytes[at++]);
        return true;
    }
};

/// stb_image's conversion, kept to the bit: the mantissas times 2^(exponent − 136).
void toFloat(const uint8_t rgbe[4], float* out) {
    if (rgbe[3] != 0) {
        const float scale = float(std::ldexp(1.0f, int(rgbe[3]) - (128 + 8)));
        out[0] = float(rgbe[0]) * scale;
        out[1] = float(rgbe[1]) * scale;
        out[2] = float(rgbe[2]) * scale;
    } else {
        out[0] = out[1] = out[2] = 0.0f;
    }
    out[3] = 1.0f;
}

} // namespace

RadianceHeader readRadianceHeader(std::string_view bytes, std::string_view name) {
    auto fail = [&](const std::string& what) { return Error(SourceLocation{std::string(name)}, what); };
    Reader r{bytes};
    const std::string_view magic = r.line();
    if (magic != "#?RADIANCE" && magic != "#?RGBE")
        throw fail("not a Radiance .hdr image (expected the #?RADIANCE or #?RGBE header)");
    bool rgbe = false;
    for (;;) {
        if (r.atEnd()) throw fail("the Radiance header has no blank line before the image size");
        const std::string_view token = r.line();
        if (token.empty()) break;
        if (token == "FORMAT=32-bit_rle_rgbe") rgbe = true;
    }
    if (!rgbe) throw fail("the Radiance header names no FORMAT=32-bit_rle_rgbe (the only format read)");
    const std::string size(r.line());
    // "-Y H +X W": rows top to bottom, pixels left to right (the only orientation read).
    const char* p = size.c_str();
    if (size.compare(0, 3, "-Y ") != 0) throw fail(str("the Radiance size line '", size, "' is not '-Y H +X W'"));
    char* end = nullptr;
    const long height = std::strtol(p + 3, &end, 10);
    p = end;
    while (*p == ' ') ++p;
    if (std::string_view(p).substr(0, 3) != "+X ") throw fail(str("the Radiance size line '", size, "' is not '-Y H +X W'"));
    const long width = std::strtol(p + 3, &end, 10);
    if (width <= 0 || height <= 0 || width > (1 << 24) || height > (1 << 24))
        throw fail(str("the Radiance image size ", width, "x", height, " is not one it can have"));
    return {int(width), int(height), r.at};
}

ImageRgbaF decodeRadiance(std::string_view bytes, std::string_view name, uint64_t maxPixels) {
    auto fail = [&](const std::string& what) { return Error(SourceLocation{std::string(name)}, what); };
    const RadianceHeader header = readRadianceHeader(bytes, name);
    if (uint64_t(header.width) * uint64_t(header.height) > maxPixels)
        throw fail(str("image is ", header.width, "x", header.height, ", more than the limit of ", maxPixels, " pixels"));
    Reader r{bytes, header.dataOffset};

    ImageRgbaF out{header.width, header.height};
    const size_t w = size_t(header.width), h = size_t(header.height);
    auto flat = [&](size_t first, const uint8_t* firstPixel) {
        for (size_t i = first; i < w * h; ++i) {
            uint8_t px[4];
            if (i == first && firstPixel) {
                std::copy(firstPixel, firstPixel + 4, px);
            } else {
                for (uint8_t& c : px)
                    if (!r.byte(c)) throw fail(str("the Radiance pixels end in row ", i / w, " of ", h));
            }
            toFloat(px, &out.pixels[i * 4]);
        }
    };
    if (w < 8 || w >= 32768) { // too narrow or wide for run-length scanlines: flat pixels
        flat(0, nullptr);
        return out;
    }
    std::vector<uint8_t> scanline(w * 4);
    for (size_t row = 0; row < h; ++row) {
        uint8_t head[4];
        for (uint8_t& c : head)
            if (!r.byte(c)) throw fail(str("the Radiance pixels end in row ", row, " of ", h));
        if (head[0] != 2 || head[1] != 2 || (head[2] & 0x80)) {
            // Not run-length encoded: as stb_image does, the file is flat pixels from here, these
            // four bytes the first; only the first row can start so.
            if (row != 0) throw fail(str("the Radiance row ", row, " is not run-length encoded like the rows before it"));
            flat(0, head);
            return out;
        }
        if ((size_t(head[2]) << 8 | head[3]) != w)
            throw fail(str("the Radiance row ", row, " says it is ", size_t(head[2]) << 8 | head[3], " pixels wide, not ", w));
        for (size_t channel = 0; channel < 4; ++channel) {
            size_t i = 0;
            while (i < w) {
                uint8_t count = 0, value = 0;
                if (!r.byte(count)) throw fail(str("the Radiance pixels end in row ", row, " of ", h));
                const bool run = count > 128;
                const size_t n = run ? size_t(count - 128) : size_t(count);
                // A count of zero would never finish the row (stb_image loops on it forever).
                if (n == 0 || n > w - i)
                    throw fail(str("the Radiance row ", row, " has a run of ", n, " where ", w - i, " pixels are left"));
                if (run && !r.byte(value)) throw fail(str("the Radiance pixels end in row ", row, " of ", h));
                for (size_t k = 0; k < n; ++k, ++i) {
                    if (!run && !r.byte(value)) throw fail(str("the Radiance pixels end in row ", row, " of ", h));
                    scanline[i * 4 + channel] = value;
                }
            }
        }
        for (size_t i = 0; i < w; ++i) toFloat(&scanline[i * 4], &out.pixels[(row * w + i) * 4]);
    }
    return out;
}

} // namespace th
