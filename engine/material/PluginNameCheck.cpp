#include "material/PluginNameCheck.h"

#include <algorithm>

#include "core/Error.h"
#include "core/Str.h"
#include "material/FrameTexture.h"

namespace th {

namespace {

/// The origin Material gives the uniform and sampler declarations it writes for its plugins.
constexpr std::string_view kPluginDeclarations = "<plugin declarations>";

struct Token {
    std::string_view text;
    size_t line;
};

bool isIdentStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool isIdentChar(char c) { return isIdentStart(c) || (c >= '0' && c <= '9'); }

/// Identifiers and punctuation of code lines (comments and directives dropped).
std::vector<Token> tokenize(std::string_view text) {
    std::vector<Token> tokens;
    size_t line = 0;
    bool inComment = false;
    size_t lineStart = 0;
    for (size_t i = 0; i < text.size();) {
        char c = text[i];
        if (c == '\n') {
            ++line;
            lineStart = ++i;
            continue;
        }
        if (inComment) {
            if (c == '*' && i + 1 < text.size() && text[i + 1] == '/') inComment = false, i += 2;
            else ++i;
            continue;
        }
        if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
            inComment = true;
            i += 2;
            continue;
        }
        if ((c == '/' && i + 1 < text.size() && text[i + 1] == '/') ||
            (c == '#' && text.substr(lineStart, i - lineStart).find_first_not_of(" \t") == std::string_view::npos)) {
            while (i < text.size() && text[i] != '\n') ++i;
            continue;
        }
        if (isIdentStart(c)) {
            size_t j = i;
            while (j < text.size() && isIdentChar(text[j])) ++j;
            tokens.push_back({text.substr(i, j - i), line});
            i = j;
            continue;
        }
        if (c == '{' || c == '}' || c == ';' || c == ',' || c == '[' || c == ']' || c == '(' || c == ')')
            tokens.push_back({text.substr(i, 1), line});
        ++i;
    }
    return tokens;
}

struct Declared {
    std::string name;
    std::string block; ///< empty for a uniform outside a block
    SourceLocation where;
};

/// Every name declared by a `uniform` statement at global scope, block members included.
std::vector<Declared> declaredUniforms(const ShaderText& stage) {
    std::vector<Token> t = tokenize(stage.text);
    std::vector<Declared> out;
    int depth = 0;
    // Adds the declared names of the statement t[begin, end): identifiers just before ',',
    // ';' or '[' outside brackets.
    auto statement = [&](size_t begin, size_t end, const std::string& block) {
        int brackets = 0;
        for (size_t k = begin; k < end; ++k) {
            std::string_view s = t[k].text;
            if (s == "[") {
                if (brackets == 0 && k > begin && isIdentStart(t[k - 1].text[0]))
                    out.push_back({std::string(t[k - 1].text), block, stage.lines.locateIndex(t[k - 1].line)});
                ++brackets;
            } else if (s == "]") --brackets;
            else if ((s == "," || s == ";") && brackets == 0 && k > begin && isIdentStart(t[k - 1].text[0]))
                out.push_back({std::string(t[k - 1].text), block, stage.lines.locateIndex(t[k - 1].line)});
        }
    };
    for (size_t i = 0; i < t.size(); ++i) {
        std::string_view s = t[i].text;
        if (s == "{") ++depth;
        else if (s == "}") depth = std::max(0, depth - 1);
        if (depth != 0 || s != "uniform") continue;
        size_t j = i + 1;
        while (j < t.size() && (t[j].text == "lowp" || t[j].text == "mediump" || t[j].text == "highp")) ++j;
        if (j + 1 < t.size() && t[j + 1].text == "{") {
            std::string block(t[j].text);
            size_t k = j + 2, start = k;
            for (; k < t.size() && t[k].text != "}"; ++k)
                if (t[k].text == ";") {
                    statement(start, k + 1, block);
                    start = k + 1;
                }
            i = k; // the block's closing brace: depth stays 0
            continue;
        }
        size_t k = j;
        while (k < t.size() && t[k].text != ";") ++k;
        if (k < t.size()) statement(j, k + 1, "");
        i = k;
    }
    return out;
}

} // namespace

void checkPluginNames(const std::vector<const PluginCode*>& plugins,
                      const std::vector<std::pair<std::string, std::string>>& engineSamplers,
                      const std::vector<std::string>& materialSamplers, const std::string& materialName,
                      const ShaderText& stage, const std::string& label) {
    std::vector<Declared> declared;
    bool scanned = false;
    std::vector<std::pair<std::string, const PluginCode*>> seen; // names plugins declared so far
    for (const PluginCode* p : plugins) {
        std::vector<std::pair<std::string, const char*>> names;
        for (const PluginSampler& s : p->samplers) names.push_back({s.name, "sampler"});
        for (const PluginUniform& u : p->uniforms) names.push_back({u.name, "uniform"});
        for (const auto& [name, kind] : names) {
            auto fail = [&, &name = name, &kind = kind](const std::string& other) {
                throw Error(p->where, str(label, ": plugin '", p->name, "' declares the ", kind, " '", name, "', but ", other,
                                          " already has that name; rename the plugin's ", kind));
            };
            for (const auto& [engineName, engineLabel] : engineSamplers)
                if (engineName == name) fail(str("the engine's ", engineLabel, " sampler"));
            if (std::find(materialSamplers.begin(), materialSamplers.end(), name) != materialSamplers.end())
                fail(str("a sampler of material '", materialName, "'"));
            // A frame texture (material/FrameTexture.h) is the engine's, declared once: plugins
            // reading the same one share it.
            bool frameTexture = std::string_view(kind) == "sampler" && frame_texture::indexOf(name) < frame_texture::kAll.size();
            for (const auto& [other, plugin] : seen)
                if (other == name && !frameTexture) fail(str("plugin '", plugin->name, "'"));
            seen.push_back({name, p});
            if (!scanned) {
                declared = declaredUniforms(stage);
                scanned = true;
            }
            for (const Declared& d : declared) {
                if (d.name != name || d.where.file == kPluginDeclarations) continue;
                fail(d.block.empty() ? str("a uniform of the shader (", d.where.toString(), ")")
                                     : str("a member of the uniform block '", d.block, "' (", d.where.toString(), ")"));
            }
        }
    }
}

} // namespace th
