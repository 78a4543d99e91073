#pragma once
// Shared by the libFuzzer targets: split an input into parts, and the invariant every stage
// must keep whatever it is fed.
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "shader/GlslScan.h"
#include "shader/LineMap.h"

namespace th::fuzz {

/// Parts separated by a NUL byte (which GLSL never contains), so a fuzzer can write several
/// files or keys in one input.
inline std::vector<std::string_view> parts(const uint8_t* data, size_t size) {
    std::string_view all(reinterpret_cast<const char*>(data), size);
    std::vector<std::string_view> out;
    size_t start = 0;
    for (size_t i = 0; i <= all.size(); ++i)
        if (i == all.size() || all[i] == '\0') {
            out.push_back(all.substr(start, i - start));
            start = i + 1;
        }
    return out;
}

/// A stage that returns must hand back one origin per line; anything else is a bug.
inline void checkInvariant(const ShaderText& t) {
    if (t.lines.size() != glsl::countLines(t.text)) std::abort();
    for (size_t i = 0; i < t.lines.size(); ++i)
        if (t.lines[i].source >= t.lines.sourceCount()) std::abort();
}

} // namespace th::fuzz
