#include "assets/ImageLoader.h"

#include <climits>
#include <cstring>
#include <memory>

#include <stb_image.h>
#include <webp/decode.h>

#include "assets/JpegTableCheck.h"
#include "assets/RadianceDecoder.h"
#include "core/Error.h"
#include "core/Files.h"
#include "core/Str.h"

namespace th {

namespace {

struct StbFree {
    void operator()(void* p) const { stbi_image_free(p); }
};

const char* failureReason() {
    const char* reason = stbi_failure_reason();
    return reason ? reason : "unknown reason";
}

const stbi_uc* asBytes(std::string_view bytes) { return reinterpret_cast<const stbi_uc*>(bytes.data()); }

bool isWebp(std::string_view bytes) {
    return bytes.size() >= 12 && bytes.substr(0, 4) == "RIFF" && bytes.substr(8, 4) == "WEBP";
}

const uint8_t* asUnsigned(std::string_view bytes) { return reinterpret_cast<const uint8_t*>(bytes.data()); }

/// stb_image takes an int length.
void checkLength(std::string_view bytes, std::string_view name) {
    if (bytes.empty()) throw Error(SourceLocation{std::string(name)}, "image data is empty");
    if (bytes.size() > size_t(INT_MAX))
        throw Error(SourceLocation{std::string(name)}, "image file is larger than 2 GiB");
}

ImageSize checkedSize(std::string_view bytes, std::string_view name, uint64_t maxPixels) {
    checkLength(bytes, name);
    if (std::string problem = jpegHuffmanTableProblem(bytes); !problem.empty())
        throw Error(SourceLocation{std::string(name)}, str("not a decodable JPEG image: ", problem));
    std::optional<ImageSize> size = probeImageSize(bytes);
    if (!size) {
        if (isWebp(bytes)) throw Error(SourceLocation{std::string(name)}, "not a decodable WebP image (bad header)");
        throw Error(SourceLocation{std::string(name)}, str("not a decodable image (", failureReason(), ")"));
    }
    if (size->width <= 0 || size->height <= 0) throw Error(SourceLocation{std::string(name)}, "image has no pixels");
    uint64_t pixels = uint64_t(size->width) * uint64_t(size->height);
    if (pixels > maxPixels)
        throw Error(SourceLocation{std::string(name)}, str("image is ", size->width, "x", size->height,
                                                           ", more than the limit of ", maxPixels, " pixels"));
    return *size;
}

} // namespace

std::optional<ImageSize> probeImageSize(std::string_view bytes) {
    if (bytes.empty() || bytes.size() > size_t(INT_MAX)) return std::nullopt;
    if (isWebp(bytes)) {
        int w = 0, h = 0;
        if (WebPGetInfo(asUnsigned(bytes), bytes.size(), &w, &h)) return ImageSize{w, h};
        return std::nullopt;
    }
    // Radiance files are decoded here (RadianceDecoder), so their size is read by its rules:
    // stb_image ends a header at a line starting with a NUL byte, the decoder does not.
    if (bytes.substr(0, 2) == "#?") {
        try {
            const RadianceHeader header = readRadianceHeader(bytes, "");
            return ImageSize{header.width, header.height};
        } catch (const Error&) {
            return std::nullopt;
        }
    }
    // stb_image reads the Huffman tables before the frame header, so even sizing needs the check.
    if (!jpegHuffmanTableProblem(bytes).empty()) return std::nullopt;
    int w = 0, h = 0, comp = 0;
    if (stbi_info_from_memory(asBytes(bytes), int(bytes.size()), &w, &h, &comp)) return ImageSize{w, h};
    // stb_image refuses to even size a PNG over 2^30 bytes of pixels ("unknown image type"):
    // read the size from the IHDR chunk, so the limit check can say what is wrong.
    static const char kPngSignature[] = "\x89PNG\r\n\x1a\n";
    if (bytes.size() >= 24 && bytes.substr(0, 8) == std::string_view(kPngSignature, 8) && bytes.substr(12, 4) == "IHDR") {
        auto be32 = [&](size_t o) {
            return (uint32_t(uint8_t(bytes[o])) << 24) | (uint32_t(uint8_t(bytes[o + 1])) << 16) |
                   (uint32_t(uint8_t(bytes[o + 2])) << 8) | uint32_t(uint8_t(bytes[o + 3]));
        };
        uint32_t pw = be32(16), ph = be32(20);
        if (pw > 0 && ph > 0 && pw <= uint32_t(INT_MAX) && ph <= uint32_t(INT_MAX)) return ImageSize{int(pw), int(ph)};
    }
    return std::nullopt;
}

namespace {

/// stb_image does not read WebP (EXT_texture_webp); libwebp does, straight to RGBA.
ImageRgba8 decodeWebp(std::string_view bytes, std::string_view name, uint64_t maxPixels) {
    const ImageSize size = checkedSize(bytes, name, maxPixels);
    ImageRgba8 out(size.width, size.height);
    if (!WebPDecodeRGBAInto(asUnsigned(bytes), bytes.size(), out.pixels.data(), out.pixels.size(), size.width * 4))
        throw Error(SourceLocation{std::string(name)}, "cannot decode WebP image: its data is corrupt or cut short");
    return out;
}

} // namespace

ImageRgba8 decodeImage(std::string_view bytes, std::string_view name, uint64_t maxPixels) {
    if (isWebp(bytes)) return decodeWebp(bytes, name, maxPixels);
    checkedSize(bytes, name, maxPixels);
    // A texture is PNG, JPEG or WebP; stb_image would also read a Radiance file here, with the
    // run-length loop that hangs on a malformed one (RadianceDecoder.h).
    if (stbi_is_hdr_from_memory(asBytes(bytes), int(bytes.size())))
        throw Error(SourceLocation{std::string(name)}, "a Radiance .hdr image is not an 8-bit image (PNG, JPEG or WebP)");
    int w = 0, h = 0, comp = 0;
    const int len = int(bytes.size());
    if (stbi_is_16_bit_from_memory(asBytes(bytes), len)) {
        // stb_image would truncate 16 → 8 bits; round instead so 0xFFFF stays 255 and mid
        // greys do not drift darker.
        std::unique_ptr<stbi_us, StbFree> data(stbi_load_16_from_memory(asBytes(bytes), len, &w, &h, &comp, 4));
        if (!data) throw Error(SourceLocation{std::string(name)}, str("cannot decode 16-bit image: ", failureReason()));
        ImageRgba8 out(w, h);
        const size_t n = out.pixels.size();
        for (size_t i = 0; i < n; ++i) out.pixels[i] = uint8_t((uint32_t(data.get()[i]) * 255u + 32767u) / 65535u);
        return out;
    }
    std::unique_ptr<stbi_uc, StbFree> data(stbi_load_from_memory(asBytes(bytes), len, &w, &h, &comp, 4));
    if (!data) throw Error(SourceLocation{std::string(name)}, str("cannot decode image: ", failureReason()));
    ImageRgba8 out(w, h);
    std::memcpy(out.pixels.data(), data.get(), out.pixels.size());
    return out;
}

ImageRgba8 loadImage(const std::filesystem::path& path, uint64_t maxPixels) {
    return decodeImage(readFile(path), path.string(), maxPixels);
}

ImageRgbaF decodeHdr(std::string_view bytes, std::string_view name, uint64_t maxPixels) {
    checkLength(bytes, name);
    return decodeRadiance(bytes, name, maxPixels); // its header, size and limit checks included
}

ImageRgbaF loadHdr(const std::filesystem::path& path, uint64_t maxPixels) {
    return decodeHdr(readFile(path), path.string(), maxPixels);
}

ImageRgba8 checkerImage(int size) {
    if (size < 1) size = 1;
    const int cell = size >= 8 ? size / 8 : 1;
    ImageRgba8 out(size, size);
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
            bool magenta = ((x / cell) + (y / cell)) % 2 == 0;
            uint8_t* p = out.at(x, y);
            p[0] = magenta ? 255 : 0;
            p[1] = 0;
            p[2] = magenta ? 255 : 0;
            p[3] = 255;
        }
    return out;
}

} // namespace th
