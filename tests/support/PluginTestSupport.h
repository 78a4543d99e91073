#pragma once
// Helpers for the plugin tests (wind, conform, dither, wing): building a material's shader
// stages the way the renderer does, without a GL context, and small checks on declarations.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "material/Material.h"
#include "material/MaterialPlugin.h"
#include "render/Renderer.h"
#include "shader/ShaderBuilder.h"
#include "shader/ShaderStore.h"

namespace th::test {

struct StageSources {
    std::string vertex;
    std::string fragment;
};

/// The engine's embedded shader store (one per test binary).
inline const ShaderStore& engineStore() {
    static ShaderStore store;
    return store;
}

/// The defines a draw of `material` gets: what Renderer::effectRequest computes for a mesh
/// with normals and uv0 (tests/gl checks the real one against this through the renderer).
inline ShaderDefines drawDefines(const Material& material, const DrawInfo& draw) {
    ShaderDefines defines;
    material.collectDefines(defines, draw);
    for (auto& p : material.plugins()) {
        if (!p->enabled()) continue;
        if (draw.pass == RenderPass::Depth && !p->declaration().inDepthPass) continue;
        if (draw.pass == RenderPass::Shadow && !p->declaration().inShadowPass) continue;
        p->prepareDefines(defines, draw);
    }
    setDefine(defines, passDefine(draw.pass), "");
    if (draw.instanced) setDefine(defines, "INSTANCES", "");
    if (draw.hasNormals) setDefine(defines, "HAS_NORMALS", "");
    if (draw.hasUv0) setDefine(defines, "HAS_UV0", "");
    return defines;
}

/// Both stages of `material` for one pass, expanded, injected, preprocessed and migrated.
/// Throws th::Error when the pipeline fails (an injection that lands nowhere, a lint error).
inline StageSources buildStages(const Material& material, RenderPass pass, bool instanced,
                                ShaderLanguage language = ShaderLanguage::Es300) {
    DrawInfo draw;
    draw.pass = pass;
    draw.instanced = instanced;
    draw.hasUv0 = true;
    ShaderBuildRequest request;
    request.defines = drawDefines(material, draw);
    request.declaredDefines = material.declaredDefines();
    request.builtinDefines = Renderer::engineDefineNames();
    for (RenderPass p : kAllPasses) request.builtinDefines.emplace_back(passDefine(p));
    request.plugins = material.pluginCode(pass);
    request.language = language;
    ShaderBuilder builder(engineStore());
    StageSources out;
    request.stage = ShaderStage::Vertex;
    request.source = material.vertexShader();
    out.vertex = builder.build(request).text.text;
    request.stage = ShaderStage::Fragment;
    request.source = material.fragmentShader();
    out.fragment = builder.build(request).text.text;
    return out;
}

/// The keys of a stage's snippets, in declaration order.
inline std::vector<std::string> snippetKeys(const std::vector<PluginDeclaration::Snippet>& snippets) {
    std::vector<std::string> keys;
    for (auto& s : snippets) keys.push_back(s.key);
    return keys;
}

inline std::vector<std::string> uniformNames(const PluginDeclaration& d) {
    std::vector<std::string> out;
    for (auto& u : d.uniforms) out.push_back(u.name + ":" + u.type);
    return out;
}

inline std::vector<std::string> defineNames(const PluginDeclaration& d) {
    std::vector<std::string> out;
    for (auto& def : d.defines) out.push_back(def.name + "=" + def.defaultValue.value_or("<undefined>"));
    return out;
}

inline std::vector<std::string> attributeNames(const PluginDeclaration& d) {
    std::vector<std::string> out;
    for (auto& a : d.attributes) out.push_back(a.name + ":" + std::to_string(a.components));
    return out;
}

/// All snippet code of a declaration, both stages.
inline std::string allSnippetCode(const PluginDeclaration& d) {
    std::string code;
    for (auto* stage : {&d.vertex, &d.fragment})
        for (auto& s : *stage) code += s.code;
    return code;
}

inline bool has(const std::string& haystack, std::string_view needle) {
    return haystack.find(needle) != std::string::npos;
}

/// The value of `const float NAME = VALUE;` in GLSL text (NaN when absent).
inline double glslFloatConstant(const std::string& code, const std::string& name) {
    std::string pattern = "const float " + name + " = ";
    size_t at = code.find(pattern);
    if (at == std::string::npos) return std::nan("");
    return std::stod(code.substr(at + pattern.size()));
}

/// Every line of `code` whose first non-blank character is '#' must be a real directive, and
/// no comment may spell one (the Babylon trap this engine's preprocessor no longer falls
/// into, kept as hygiene so the snippets stay portable to line-based tools).
inline void checkSnippetHygiene(const PluginDeclaration& d) {
    static const char* kDirectives[] = {"#ifdef", "#ifndef", "#if", "#elif", "#else", "#endif", "#define", "#undef", "#extension"};
    for (auto* stage : {&d.vertex, &d.fragment})
        for (auto& s : *stage) {
            size_t start = 0;
            while (start < s.code.size()) {
                size_t end = s.code.find('\n', start);
                if (end == std::string::npos) end = s.code.size();
                std::string line = s.code.substr(start, end - start);
                start = end + 1;
                size_t comment = line.find("//");
                if (comment != std::string::npos) {
                    std::string text = line.substr(comment);
                    CAPTURE(line);
                    CHECK(text.find('#') == std::string::npos);
                    CHECK(text.find(';') == std::string::npos);
                }
                size_t first = line.find_first_not_of(" \t");
                if (first != std::string::npos && line[first] == '#') {
                    bool known = std::any_of(std::begin(kDirectives), std::end(kDirectives),
                                             [&](const char* k) { return line.compare(first, std::strlen(k), k) == 0; });
                    CAPTURE(line);
                    CHECK(known);
                }
            }
        }
}

} // namespace th::test
