#include "shader/Migrator.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <span>
#include <string_view>

#include "core/Error.h"
#include "core/Str.h"
#include "shader/GlslScan.h"

namespace th {

namespace {

struct Rename {
    std::string_view from, to;
};

// Identifiers the migration may rename, by stage. Kept short and checked by length and first
// character before comparing, since every identifier of the shader passes through here.
constexpr std::array kCommon = {
    Rename{"texture2D", "texture"},          Rename{"texture2DLod", "textureLod"},
    Rename{"texture2DLodEXT", "textureLod"}, Rename{"texture2DProj", "textureProj"},
    Rename{"texture2DProjLod", "textureProjLod"}, Rename{"texture2DProjLodEXT", "textureProjLod"},
    Rename{"texture2DGradEXT", "textureGrad"}, Rename{"textureCube", "texture"},
    Rename{"textureCubeLod", "textureLod"},  Rename{"textureCubeLodEXT", "textureLod"},
    Rename{"textureCubeGradEXT", "textureGrad"}, Rename{"texture3D", "texture"},
    Rename{"texture3DLod", "textureLod"},    Rename{"shadow2DEXT", "texture"},
};
constexpr std::array kVertex = {Rename{"attribute", "in"}, Rename{"varying", "out"}};
constexpr std::array kFragment = {Rename{"varying", "in"}, Rename{"gl_FragColor", "fragColor"},
                                  Rename{"gl_FragDepthEXT", "gl_FragDepth"}};

// ES 1.00 extensions whose features are core in ES 3.00 and GLSL 3.30; enabling them there is
// an error or a warning, so they go.
constexpr std::array<std::string_view, 7> kCoreExtensions = {
    "GL_OES_standard_derivatives", "GL_EXT_shader_texture_lod", "GL_EXT_draw_buffers", "GL_EXT_frag_depth",
    "GL_OES_texture_3D",           "GL_EXT_shadow_samplers",    "GL_OES_element_index_uint"};

constexpr std::string_view kEsPrecision =
    "precision highp float;\n"
    "precision highp int;\n"
    "precision highp sampler2D;\n"
    "precision highp samplerCube;\n"
    "precision highp sampler3D;\n"
    "precision highp sampler2DArray;\n"
    "precision highp sampler2DShadow;\n"
    "precision highp samplerCubeShadow;\n"
    "precision highp sampler2DArrayShadow;\n"
    "precision highp isampler2D;\n"
    "precision highp isampler3D;\n"
    "precision highp isamplerCube;\n"
    "precision highp isampler2DArray;\n"
    "precision highp usampler2D;\n"
    "precision highp usampler3D;\n"
    "precision highp usamplerCube;\n"
    "precision highp usampler2DArray;\n";

struct Renamer {
    ShaderStage stage;
    // Bit per first character that can start a renamed identifier.
    std::array<bool, 256> first{};
    size_t minLength = 64, maxLength = 0;

    explicit Renamer(ShaderStage s) : stage(s) {
        auto add = [&](const auto& table) {
            for (const Rename& r : table) {
                first[uint8_t(r.from[0])] = true;
                minLength = std::min(minLength, r.from.size());
                maxLength = std::max(maxLength, r.from.size());
            }
        };
        add(kCommon);
        add(s == ShaderStage::Vertex ? std::span<const Rename>(kVertex) : std::span<const Rename>(kFragment));
        if (s == ShaderStage::Fragment) {
            first[uint8_t('g')] = true; // gl_FragData
            maxLength = std::max<size_t>(maxLength, 11);
        }
    }

    const Rename* find(std::string_view id) const {
        for (const Rename& r : kCommon)
            if (r.from == id) return &r;
        if (stage == ShaderStage::Vertex) {
            for (const Rename& r : kVertex)
                if (r.from == id) return &r;
        } else {
            for (const Rename& r : kFragment)
                if (r.from == id) return &r;
        }
        return nullptr;
    }
};

std::string_view extensionName(std::string_view rest) {
    std::string_view name = glsl::trimSpace(rest);
    return name.substr(0, glsl::identifierLength(name));
}

bool isCoreExtension(std::string_view rest) {
    std::string_view name = extensionName(rest);
    return std::find(kCoreExtensions.begin(), kCoreExtensions.end(), name) != kCoreExtensions.end();
}

// ES extensions whose feature desktop GLSL 3.30 has under another name: a source enables the
// ES one, and the desktop shader enables its twin (the built-ins are spelt the same).
constexpr std::array kDesktopTwins = {Rename{"GL_OES_sample_variables", "GL_ARB_sample_shading"}};

/// The #extension line for `language`: `line` itself, or with the ES name swapped for its
/// desktop twin.
void appendExtension(std::string& out, std::string_view line, std::string_view rest, ShaderLanguage language) {
    std::string_view name = extensionName(rest);
    if (language != ShaderLanguage::Es300)
        for (const Rename& twin : kDesktopTwins)
            if (name == twin.from) {
                size_t at = size_t(name.data() - line.data());
                out.append(line.substr(0, at)).append(twin.to).append(line.substr(at + name.size()));
                return;
            }
    out.append(line);
}

} // namespace

ShaderText Migrator::migrate(const ShaderText& input, ShaderStage stage, ShaderLanguage language) {
    ShaderText out;
    migrateInto(input, stage, language, out);
    return out;
}

void Migrator::migrateInto(const ShaderText& input, ShaderStage stage, ShaderLanguage language, ShaderText& out) {
    const std::string& text = input.text;
    const Renamer renamer(stage);

    // What the prologue needs, found before the single pass that writes the body.
    std::vector<size_t> extensionLines;
    std::array<bool, 8> fragData{};
    bool fragColor = false;
    if (stage == ShaderStage::Fragment) {
        fragColor = text.find("gl_FragColor") != std::string::npos;
        for (size_t at = text.find("gl_FragData"); at != std::string::npos; at = text.find("gl_FragData", at + 11)) {
            size_t i = at + 11;
            while (i < text.size() && glsl::isSpace(text[i])) ++i;
            if (i + 2 < text.size() && text[i] == '[' && glsl::isDigit(text[i + 1]) && text[i + 2] == ']')
                fragData[size_t(text[i + 1] - '0')] = true;
        }
        fragColor = fragColor || fragData[0];
    }
    const bool hasExtensions = text.find("extension") != std::string::npos;

    out.text.clear();
    out.lines.reset();
    out.lines.adoptSources(input.lines);
    out.text.reserve(text.size() + kEsPrecision.size() + 256);
    out.lines.reserve(input.lines.size() + 24);
    auto generated = [&](std::string_view lines) {
        out.text.append(lines);
        for (char c : lines)
            if (c == '\n') out.lines.push({});
    };

    generated(language == ShaderLanguage::Es300 ? "#version 300 es\n" : "#version 330 core\n");
    if (hasExtensions) {
        glsl::LineCursor cursor(text);
        std::string_view line;
        while (cursor.next(line)) {
            glsl::Directive d;
            if (cursor.directive(d, line) && d.name == "extension" && !isCoreExtension(d.rest)) {
                appendExtension(out.text, line, d.rest, language);
                out.text += '\n';
                out.lines.appendSameSources(input.lines, cursor.index(), 1);
            }
        }
    }
    if (language == ShaderLanguage::Es300) generated(kEsPrecision);
    if (fragColor) generated("layout(location = 0) out vec4 fragColor;\n");
    for (size_t i = 1; i < fragData.size(); ++i)
        if (fragData[i]) generated(str("layout(location = ", i, ") out vec4 fragData", i, ";\n"));

    // The body: lines copied in runs; a line with something to rename is rewritten.
    const char* const base = text.data();
    size_t runBegin = 0, runFirstLine = 0;
    auto flush = [&](size_t endOffset, size_t endLine) {
        out.text.append(base + runBegin, endOffset - runBegin);
        out.lines.appendSameSources(input.lines, runFirstLine, endLine - runFirstLine);
    };
    std::string rewritten;
    glsl::LineCursor cursor(text);
    std::string_view lineText;
    while (cursor.next(lineText)) {
        const size_t pos = cursor.offset(), next = cursor.nextOffset(), line = cursor.index();
        const bool startsInComment = cursor.startsInComment();
        glsl::Directive d;
        if (cursor.directive(d, lineText) && d.name != "define") {
            // #version and #extension were written in the prologue; other directives stay.
            if (d.name == "version" || d.name == "extension") {
                flush(pos, line);
                runBegin = next;
                runFirstLine = line + 1;
            }
            continue;
        }

        // Rename identifiers in the code parts of the line.
        bool changed = false;
        size_t copied = 0; // bytes of the line already moved to `rewritten`
        glsl::forEachCodeSegment(lineText, startsInComment, [&](std::string_view code, size_t offset) {
            const char* p = code.data();
            const char* end = p + code.size();
            while (p < end) {
                if (!glsl::isIdentStart(*p)) {
                    ++p;
                    continue;
                }
                const char* idBegin = p;
                ++p;
                while (p < end && glsl::isIdentChar(*p)) ++p;
                size_t idLen = size_t(p - idBegin);
                // Identifiers preceded by a digit are number suffixes ("1e5"), not names.
                if (idLen < renamer.minLength || idLen > renamer.maxLength || !renamer.first[uint8_t(*idBegin)] ||
                    (idBegin > code.data() && glsl::isDigit(idBegin[-1])))
                    continue;
                std::string_view id(idBegin, idLen);
                std::string_view to;
                const char* replaceEnd = p;
                if (const Rename* r = renamer.find(id)) {
                    to = r->to;
                } else if (stage == ShaderStage::Fragment && id == "gl_FragData") {
                    const char* q = p;
                    while (q < end && glsl::isSpace(*q)) ++q;
                    if (q + 2 < end && q[0] == '[' && glsl::isDigit(q[1]) && q[2] == ']' && q[1] != '8' && q[1] != '9') {
                        to = q[1] == '0' ? std::string_view("fragColor") : std::string_view();
                        replaceEnd = q + 3;
                        p = replaceEnd;
                        if (q[1] != '0') {
                            static constexpr std::string_view kNames[] = {"", "fragData1", "fragData2", "fragData3",
                                                                          "fragData4", "fragData5", "fragData6", "fragData7"};
                            to = kNames[q[1] - '0'];
                        }
                    } else {
                        throw Error(input.lines.locateIndex(line),
                                    "gl_FragData needs a constant index 0..7 (gl_FragData[1]) to become a declared output");
                    }
                } else {
                    continue;
                }
                if (!changed) {
                    changed = true;
                    rewritten.clear();
                }
                size_t idOffset = offset + size_t(idBegin - code.data());
                rewritten.append(lineText.substr(copied, idOffset - copied));
                rewritten.append(to);
                copied = offset + size_t(replaceEnd - code.data());
            }
        });
        if (changed) {
            rewritten.append(lineText.substr(copied));
            flush(pos, line);
            out.text.append(rewritten);
            out.text += '\n';
            out.lines.appendSameSources(input.lines, line, 1);
            runBegin = next;
            runFirstLine = line + 1;
        }
    }
    flush(text.size(), cursor.index() + 1);
    if (!out.text.empty() && out.text.back() != '\n') out.text += '\n';
}

} // namespace th
