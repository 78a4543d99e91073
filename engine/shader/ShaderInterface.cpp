#include "shader/ShaderInterface.h"

#include <charconv>
#include <unordered_map>

#include "shader/GlslScan.h"
#include "shader/PluginCode.h"

namespace th {

int ShaderInterface::textureUnits() const {
    int units = 0;
    for (const SamplerDeclaration& s : samplers) units += s.arraySize > 0 ? s.arraySize : 1;
    return units;
}

namespace {

struct Token {
    std::string_view text;
    size_t line;
};

} // namespace

ShaderInterface ShaderInterface::scan(const ShaderText& t) {
    ShaderInterface out;
    std::unordered_map<std::string_view, std::string_view> macros;
    // Global-scope tokens only: function bodies and blocks are skipped by brace depth.
    std::vector<Token> tokens;
    int depth = 0;
    glsl::LineCursor cursor(t.text);
    std::string_view line;
    while (cursor.next(line)) {
        glsl::Directive d;
        if (cursor.directive(d, line)) {
            if (d.name == "define") {
                std::string_view rest = glsl::trimSpace(d.rest);
                size_t len = glsl::identifierLength(rest);
                if (len) macros[rest.substr(0, len)] = glsl::trimSpace(rest.substr(len));
            }
            continue;
        }
        size_t index = cursor.index();
        glsl::forEachCodeSegment(line, cursor.startsInComment(), [&](std::string_view code, size_t) {
            for (size_t i = 0; i < code.size();) {
                char c = code[i];
                if (c == '{' || c == '}') {
                    if (depth == 0 && c == '{') tokens.push_back({code.substr(i, 1), index});
                    depth += c == '{' ? 1 : -1;
                    if (depth < 0) depth = 0;
                    if (depth == 0 && c == '}') tokens.push_back({code.substr(i, 1), index});
                    ++i;
                    continue;
                }
                if (depth > 0 || glsl::isSpace(c)) {
                    ++i;
                    continue;
                }
                size_t len = glsl::identifierLength(code.substr(i));
                if (!len) {
                    while (glsl::isDigit(code[i]) && len + i < code.size() && glsl::isIdentChar(code[i + len])) ++len;
                    if (!len) len = 1;
                }
                tokens.push_back({code.substr(i, len), index});
                i += len;
            }
        });
    }

    auto resolveSize = [&](std::string_view s) {
        for (int guard = 0; guard < 8; ++guard) {
            int n = 0;
            auto r = std::from_chars(s.data(), s.data() + s.size(), n);
            if (r.ec == std::errc() && r.ptr == s.data() + s.size()) return n;
            auto it = macros.find(s);
            if (it == macros.end()) return 0;
            s = it->second;
        }
        return 0;
    };

    for (size_t i = 0; i < tokens.size(); ++i) {
        if (tokens[i].text != "uniform") continue;
        size_t j = i + 1;
        while (j < tokens.size() && (tokens[j].text == "lowp" || tokens[j].text == "mediump" || tokens[j].text == "highp")) ++j;
        if (j + 1 >= tokens.size()) break;
        if (tokens[j + 1].text == "{") {
            out.uniformBlocks.push_back({std::string(tokens[j].text), t.lines.locateIndex(tokens[j].line)});
            continue;
        }
        if (!isSamplerType(tokens[j].text)) continue;
        std::string type(tokens[j].text);
        for (size_t k = j + 1; k < tokens.size() && tokens[k].text != ";";) {
            SamplerDeclaration s{std::string(tokens[k].text), type, 1, t.lines.locateIndex(tokens[k].line)};
            ++k;
            if (k < tokens.size() && tokens[k].text == "[") {
                s.arraySize = k + 1 < tokens.size() ? resolveSize(tokens[k + 1].text) : 0;
                while (k < tokens.size() && tokens[k].text != "]") ++k;
                ++k;
            }
            out.samplers.push_back(std::move(s));
            if (k < tokens.size() && tokens[k].text == ",") ++k;
            else break;
        }
    }
    return out;
}

} // namespace th
