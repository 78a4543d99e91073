// The engine-interface header (material/EngineInterface.h) against the GLSL in the shader
// store: uniform blocks and the bindings their includes state, the blocks' std140 sizes
// against their C++ mirrors, engine samplers and their types, vertex attributes (type, the
// define that declares them, the locations they take) and the engine and pass defines. CPU
// only: it reads the embedded shader sources, no context.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <string>

#include "core/Str.h"
#include "material/EngineInterface.h"
#include "render/SceneUniforms.h"
#include "shader/ShaderStore.h"

using namespace th;

namespace {

const ShaderStore& store() {
    static const ShaderStore s;
    return s;
}

std::string sourceOf(std::string_view name) {
    const ShaderSource* s = store().find(name);
    REQUIRE_MESSAGE(s, "the shader store has no '", std::string(name), "'");
    return s->text;
}

/// The binding an include states for a block ("uniform block Draw at binding 1").
std::optional<std::pair<std::string, unsigned>> statedBinding(const std::string& text) {
    static const std::regex statement(R"(uniform block (\w+) at binding (\d+))");
    std::smatch m;
    if (!std::regex_search(text, m, statement)) return std::nullopt;
    return std::make_pair(m[1].str(), unsigned(std::stoul(m[2].str())));
}

/// The members of `uniform NAME { ... };` in `text`: type and array size (1 when none).
std::vector<std::pair<std::string, int>> blockMembers(const std::string& text, std::string_view name) {
    std::regex blockRe(str(R"(uniform\s+)", name, R"(\s*\{([^}]*)\})"));
    std::smatch m;
    REQUIRE_MESSAGE(std::regex_search(text, m, blockRe), "no uniform block ", std::string(name));
    std::string body = std::regex_replace(m[1].str(), std::regex(R"(//[^\n]*)"), "");
    std::vector<std::pair<std::string, int>> members;
    static const std::regex memberRe(R"((\w+)\s+\w+\s*(?:\[(\d+)\])?\s*;)");
    for (auto it = std::sregex_iterator(body.begin(), body.end(), memberRe); it != std::sregex_iterator(); ++it)
        members.emplace_back((*it)[1].str(), (*it)[2].matched ? std::stoi((*it)[2].str()) : 1);
    return members;
}

/// The std140 size of a block with these members (the types engine blocks use).
size_t std140Size(const std::vector<std::pair<std::string, int>>& members) {
    // {base alignment, size} of one element; array elements are padded to 16 bytes.
    const std::map<std::string, std::pair<size_t, size_t>> types = {
        {"float", {4, 4}},  {"int", {4, 4}},    {"uint", {4, 4}},   {"vec2", {8, 8}},
        {"vec3", {16, 12}}, {"vec4", {16, 16}}, {"mat3", {16, 48}}, {"mat4", {16, 64}},
    };
    size_t offset = 0;
    // No structured bindings here: the doctest macros capture by lambda, and clang 14 does not
    // capture a structured binding.
    for (auto& member : members) {
        const auto& type = member.first;
        const auto count = member.second;
        auto it = types.find(type);
        REQUIRE_MESSAGE(it != types.end(), "std140Size does not know the type ", type);
        auto [align, size] = it->second;
        if (count > 1) align = std::max<size_t>(align, 16), size = (size + 15) / 16 * 16 * size_t(count);
        offset = (offset + align - 1) / align * align + size;
    }
    return (offset + 15) / 16 * 16;
}

/// Every `uniform NAME {` in `text`.
std::vector<std::string> declaredBlocks(const std::string& text) {
    static const std::regex re(R"(\buniform\s+(\w+)\s*\{)");
    std::vector<std::string> out;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it)
        out.push_back((*it)[1].str());
    return out;
}

struct DeclaredAttribute {
    std::string type;
    std::string guard; ///< the #ifdef it sits in; empty when none
};

/// A vertex shader's inputs at global scope ("in" or ES 1.00 "attribute"), with the #ifdef
/// around each.
std::map<std::string, DeclaredAttribute> declaredAttributes(const std::string& text) {
    static const std::regex input(R"(^\s*(?:in|attribute)\s+(?:(?:highp|mediump|lowp)\s+)?(\w+)\s+(\w+)\s*;)");
    static const std::regex ifdef(R"(^\s*#\s*ifdef\s+(\w+))");
    static const std::regex otherIf(R"(^\s*#\s*if)");
    static const std::regex endif(R"(^\s*#\s*endif)");
    std::map<std::string, DeclaredAttribute> out;
    std::vector<std::string> guards;
    for (std::string_view line : split(text, '\n')) {
        std::string l(line);
        std::smatch m;
        if (std::regex_search(l, m, ifdef))
            guards.push_back(m[1].str());
        else if (std::regex_search(l, otherIf))
            guards.push_back("(expression)");
        else if (std::regex_search(l, endif)) {
            if (!guards.empty()) guards.pop_back();
        } else if (std::regex_search(l, m, input))
            out[m[2].str()] = {m[1].str(), guards.empty() ? "" : guards.back()};
    }
    return out;
}

unsigned slotsOf(const std::string& glslType) {
    return glslType == "mat4" ? 4u : glslType == "mat3" ? 3u : glslType == "mat2" ? 2u : 1u;
}

bool gatesOn(const std::string& text, std::string_view define) {
    std::regex re(str(R"(#\s*(?:ifdef|ifndef)\s+)", define, R"(\b|defined\s*\(?\s*)", define, R"(\b)"));
    return std::regex_search(text, re);
}

} // namespace

TEST_CASE("each engine uniform block is declared by its include, which states the header's binding") {
    std::set<unsigned> bindings;
    for (const EngineBlock& b : uniform_block::kAll) {
        CHECK_MESSAGE(bindings.insert(b.binding).second, "two engine blocks share binding ", b.binding);
        if (b.include.empty()) continue; // generated per material (the Plugins block)
        std::string text = sourceOf(b.include);
        auto declared = declaredBlocks(text);
        CHECK_MESSAGE(std::find(declared.begin(), declared.end(), b.name) != declared.end(), std::string(b.include),
                      " does not declare uniform block ", std::string(b.name));
        auto stated = statedBinding(text);
        REQUIRE_MESSAGE(stated, std::string(b.include), " does not state its binding ('uniform block ",
                        std::string(b.name), " at binding ", b.binding, "')");
        CHECK_MESSAGE(stated->first == b.name, std::string(b.include), " states the binding of '", stated->first,
                      "', not of '", std::string(b.name), "'");
        CHECK_MESSAGE(stated->second == b.binding, std::string(b.include), " states binding ", stated->second, " for ",
                      std::string(b.name), "; material/EngineInterface.h binds it at ", b.binding);
    }
}

TEST_CASE("every uniform block in the shader store is one the engine binds") {
    for (const std::string& name : store().names())
        for (const std::string& declared : declaredBlocks(sourceOf(name))) {
            bool known = std::any_of(uniform_block::kAll.begin(), uniform_block::kAll.end(),
                                     [&](const EngineBlock& b) { return b.name == declared; });
            CHECK_MESSAGE(known, name, " declares uniform block '", declared,
                          "', which material/EngineInterface.h does not bind");
        }
}

TEST_CASE("the Scene and Draw blocks have the std140 size of their C++ mirrors") {
    CHECK(std140Size(blockMembers(sourceOf(uniform_block::kScene.include), uniform_block::kScene.name)) ==
          sizeof(SceneUniforms));
    CHECK(std140Size(blockMembers(sourceOf(uniform_block::kDraw.include), uniform_block::kDraw.name)) ==
          sizeof(DrawUniforms));
}

TEST_CASE("each engine sampler is declared in the shader store with the header's type") {
    for (const EngineSampler& s : engine_sampler::kAll) {
        std::regex re(str(R"(\buniform\s+(?:(?:highp|mediump|lowp)\s+)?(\w+)\s+)", s.name, R"(\s*;)"));
        std::set<std::string> types;
        for (const std::string& name : store().names()) {
            std::string text = sourceOf(name);
            for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it)
                types.insert((*it)[1].str());
        }
        CHECK_MESSAGE(!types.empty(), "no shader declares the engine sampler '", std::string(s.name), "'");
        for (const std::string& t : types)
            CHECK_MESSAGE(t == s.glslType, "engine sampler '", std::string(s.name), "' is declared as ", t,
                          "; material/EngineInterface.h says ", std::string(s.glslType));
    }
}

TEST_CASE("vertex shaders declare the engine attributes with the header's type and define") {
    // The PBR vertex shader declares every engine attribute, each under its define.
    auto pbr = declaredAttributes(sourceOf("pbr/pbr.vert.glsl"));
    for (const EngineAttribute& a : attrib::kEngine) {
        auto it = pbr.find(std::string(a.name));
        REQUIRE_MESSAGE(it != pbr.end(), "pbr/pbr.vert.glsl does not declare the engine attribute '",
                        std::string(a.name), "'");
        CHECK_MESSAGE(it->second.guard == a.define, "pbr/pbr.vert.glsl declares '", std::string(a.name), "' under '",
                      it->second.guard, "'; material/EngineInterface.h sets it with '", std::string(a.define), "'");
    }
    // Every vertex shader's inputs are engine attributes of the header's type and slot count.
    for (const std::string& name : store().names()) {
        if (!endsWith(name, ".vert.glsl")) continue;
        for (auto& entry : declaredAttributes(sourceOf(name))) {
            const auto& attribute = entry.first;
            const auto& declared = entry.second;
            // TEXCOORD_2 and up are placed per draw (after the instance attributes, before
            // skinning): a vec2 under its HAS_UV define.
            bool extraUv = false;
            for (int set = 2; set < attrib::kMaxUvSets; ++set)
                if (attribute == attrib::extraUvAttributeName(set)) {
                    extraUv = true;
                    CHECK(declared.type == "vec2");
                    CHECK(declared.guard == engine_define::kHasUvSet[size_t(set - 2)]);
                }
            if (extraUv) continue;
            auto it = std::find_if(attrib::kEngine.begin(), attrib::kEngine.end(),
                                   [&](const EngineAttribute& a) { return a.name == attribute; });
            REQUIRE_MESSAGE(it != attrib::kEngine.end(), name, " declares the input '", attribute,
                            "', which is no engine attribute: its location would be left to the driver");
            CHECK_MESSAGE(declared.type == it->glslType, name, " declares '", attribute, "' as ", declared.type,
                          "; material/EngineInterface.h says ", std::string(it->glslType));
            CHECK_MESSAGE(slotsOf(declared.type) == it->slots, name, ": '", attribute, "' takes ",
                          slotsOf(declared.type), " locations; the header reserves ", it->slots);
        }
    }
}

TEST_CASE("the attribute budget: engine attributes from location 0, plugins after them, within the limit") {
    unsigned next = 0;
    for (const EngineAttribute& a : attrib::kEngine) {
        CHECK_MESSAGE(a.location == next, "'", std::string(a.name), "' is at location ", a.location, ", expected ",
                      next);
        next = a.location + a.slots;
    }
    CHECK(attrib::kFirstPluginAttribute == next);
    CHECK(attrib::kFirstPluginAttribute + attrib::kPluginBudget == attrib::kMaxAttributes);
    CHECK(attrib::kPluginBudget >= 4); // room for a plugin's per-instance vec4s (wind, conform)
    auto locations = attrib::standardLocations();
    REQUIRE(locations.size() == attrib::kEngine.size());
    CHECK(locations[0] == std::pair<std::string, unsigned>{"position", attrib::kPosition});
}

TEST_CASE("engine defines are read by the shaders and pass defines are one per pass") {
    std::string all;
    for (const std::string& name : store().names()) all += sourceOf(name) + "\n";
    // An engine define may exist for plugins (SAMPLE_MASK: the dither's sample split), so the
    // shipped plugins' snippets count as readers too.
    for (const auto& file : std::filesystem::recursive_directory_iterator(std::filesystem::path(TRAILHEAD_SOURCE_DIR) / "plugins"))
        if (file.path().extension() == ".glsl") {
            std::ifstream in(file.path());
            all += std::string(std::istreambuf_iterator<char>(in), {}) + "\n";
        }
    std::set<std::string_view> names;
    for (const EngineDefine& d : engine_define::kEngine) {
        CHECK_MESSAGE(names.insert(d.name).second, "engine define ", std::string(d.name), " is listed twice");
        CHECK_MESSAGE(gatesOn(all, d.name), "no shader in the store reads the engine define ", std::string(d.name));
    }
    for (const EngineAttribute& a : attrib::kEngine)
        if (!a.define.empty())
            CHECK_MESSAGE(names.count(a.define), "attribute '", std::string(a.name), "' is declared under '",
                          std::string(a.define), "', which is no engine define");
    // Every PASS_* the shaders test is a pass define.
    static const std::regex passRe(R"(\bPASS_\w+)");
    for (auto it = std::sregex_iterator(all.begin(), all.end(), passRe); it != std::sregex_iterator(); ++it)
        CHECK_MESSAGE(std::find(engine_define::kPass.begin(), engine_define::kPass.end(), it->str()) !=
                          engine_define::kPass.end(),
                      "the shaders test '", it->str(), "', which is no pass define");
    std::set<std::string_view> passes;
    for (RenderPass p : kAllPasses) passes.insert(passDefine(p));
    CHECK(passes.size() == kAllPasses.size());
    CHECK(passDefine(RenderPass::Shadow) == "PASS_SHADOW");
}

TEST_CASE("the engine defines of a draw follow its facts") {
    DrawInfo draw;
    draw.instanced = true;
    draw.hasNormals = false;
    draw.hasUv1 = true;
    std::set<std::string_view> set;
    const EngineDefineInputs toneMapped{FrameDefines{.toneMapInShader = true, .toneMapMode = 2}, draw};
    for (const EngineDefine& d : engine_define::kEngine)
        if (d.isSet(toneMapped)) {
            set.insert(d.name);
            // The tone mapper carries the frame's curve; the others carry nothing.
            if (d.name == engine_define::kToneMapMode) CHECK((d.value && d.value(toneMapped) == 2));
            else CHECK_FALSE(bool(d.value));
        }
    CHECK(set == std::set<std::string_view>{engine_define::kInstances, engine_define::kHasUv1,
                                            engine_define::kToneMapInShader, engine_define::kToneMapMode});
    // Depth and shadow passes shade nothing: no curve in them.
    draw.pass = RenderPass::Depth;
    const EngineDefineInputs depth{FrameDefines{.toneMapInShader = true, .toneMapMode = 2}, draw};
    for (const EngineDefine& d : engine_define::kEngine)
        if (d.name == engine_define::kToneMapMode) CHECK_FALSE(d.isSet(depth));
}

TEST_CASE("SAMPLE_MASK is set only with alpha to coverage, in the main pass, where a fragment may write the mask") {
    auto isSet = [](const FrameDefines& frame, RenderPass pass) {
        DrawInfo draw;
        draw.pass = pass;
        for (const EngineDefine& d : engine_define::kEngine)
            if (d.name == engine_define::kSampleMask) return d.isSet(EngineDefineInputs{frame, draw});
        return false;
    };
    CHECK(isSet({.alphaToCoverage = true, .sampleMask = 4}, RenderPass::Main));
    CHECK_FALSE(isSet({.alphaToCoverage = true, .sampleMask = 0}, RenderPass::Main)); // no extension
    CHECK_FALSE(isSet({.alphaToCoverage = false, .sampleMask = 4}, RenderPass::Main)); // not alpha-tested
    CHECK_FALSE(isSet({.alphaToCoverage = true, .sampleMask = 4}, RenderPass::Depth));
    CHECK_FALSE(isSet({.alphaToCoverage = true, .sampleMask = 4}, RenderPass::Shadow));
}
