#pragma once
// Base64 and data: URIs, for bytes a test embeds in the glTF text it imports (buffers,
// images): the file then needs no folder beside it.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace th::test {

inline std::string base64(std::span<const unsigned char> bytes) {
    static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (size_t i = 0; i < bytes.size(); i += 3) {
        const size_t rest = bytes.size() - i; // 1, 2, or 3 and more
        uint32_t v = uint32_t(bytes[i]) << 16;
        if (rest > 1) v |= uint32_t(bytes[i + 1]) << 8;
        if (rest > 2) v |= bytes[i + 2];
        out += kDigits[(v >> 18) & 63];
        out += kDigits[(v >> 12) & 63];
        out += rest > 1 ? kDigits[(v >> 6) & 63] : '=';
        out += rest > 2 ? kDigits[v & 63] : '=';
    }
    return out;
}

inline std::string dataUri(std::span<const unsigned char> bytes, std::string_view mime = "application/octet-stream") {
    std::string out = "data:";
    out += mime;
    out += ";base64,";
    return out + base64(bytes);
}

} // namespace th::test
