#pragma once
// The .glb container the glTF fuzzers wrap their inputs in: a 12-byte header, the JSON chunk
// and, when there is one, the BIN chunk, each padded to 4 bytes as the format asks.
#include <cstdint>
#include <cstring>
#include <string>

namespace th::fuzz {

inline void appendU32(std::string& out, uint32_t v) {
    char bytes[4];
    std::memcpy(bytes, &v, 4);
    out.append(bytes, 4);
}

inline std::string glbOf(std::string json, std::string bin) {
    json.resize((json.size() + 3) / 4 * 4, ' ');
    bin.resize((bin.size() + 3) / 4 * 4, '\0');
    std::string out = "glTF";
    appendU32(out, 2);
    appendU32(out, uint32_t(12 + 8 + json.size() + (bin.empty() ? 0 : 8 + bin.size())));
    appendU32(out, uint32_t(json.size()));
    appendU32(out, 0x4E4F534A); // "JSON"
    out += json;
    if (!bin.empty()) {
        appendU32(out, uint32_t(bin.size()));
        appendU32(out, 0x004E4942); // "BIN\0"
        out += bin;
    }
    return out;
}

} // namespace th::fuzz
