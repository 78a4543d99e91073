// Terrain plugin without a GL context (but with its GL types: materials own their buffers):
// its declarations exactly, its code in the expanded
// shader with TERRAIN on and gone with it off (every pass, both languages, validated by
// glslangValidator), the CPU mirror of the blend and the tables pinned to the shader's
// constants, the vertex weight classifier and packing, and the 16-unit budget under the
// WebGL2 profile. Pixels are in tests/gl/TerrainPluginGLTest.cpp.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <sstream>

#include "assets/ProceduralMeshes.h"
#include "core/Error.h"
#include "core/Str.h"
#include "material/EffectCache.h"
#include "material/PbrMaterial.h"
#include "plugins/terrain/TerrainMath.h"
#include "common/scenes/TerrainPatch.h"
#include "plugins/terrain/TerrainPlugin.h"
#include "render/Renderer.h"
#include "render/SamplerReport.h"
#include "shader/ShaderBuilder.h"
#include "shader/ShaderStore.h"
#include "unit/ShaderTestHelpers.h"

using namespace th;
namespace tt = th::terrain;

namespace {

bool has(const std::string& text, std::string_view needle) { return text.find(needle) != std::string::npos; }

const ShaderStore& store() {
    static ShaderStore s;
    return s;
}

/// A terrain mesh's draw: normals, uv0, weights in colours and uv1.
DrawInfo terrainDraw(RenderPass pass = RenderPass::Main, bool colors = true) {
    DrawInfo d;
    d.pass = pass;
    d.hasUv0 = true;
    d.hasUv1 = colors;
    d.hasColors = colors;
    return d;
}

ContextInfo webgl2Context(GlApi api = GlApi::Gles30) {
    ContextInfo info;
    info.api = api;
    info.limits = Limits::webgl2Minimums();
    info.limitsProfile = LimitsProfile::WebGL2;
    return info;
}

struct Stages {
    std::string vertex, fragment;
};

Stages build(const Material& material, const DrawInfo& draw, GlApi api = GlApi::Gles30) {
    ContextInfo info = webgl2Context(api);
    EffectCache cache(store(), info);
    cache.setEngineSamplers(Renderer::engineSamplers());
    cache.setBuiltinDefines(Renderer::engineDefineNames());
    auto [v, f] = cache.buildSources(makeEffectRequest(material, draw, false));
    return {v.text.text, f.text.text};
}

std::shared_ptr<PbrMaterial> terrainMaterial(std::shared_ptr<TerrainPlugin>& plugin) {
    PbrParams params;
    params.metallicFactor = 0.0f;
    params.roughnessFactor = 1.0f;
    auto material = std::make_shared<PbrMaterial>("ground", params);
    plugin = std::make_shared<TerrainPlugin>();
    material->addPlugin(plugin);
    return material;
}

/// The numbers of `const float NAME[6] = float[6](a, b, ...)` in a snippet.
std::vector<float> glslFloatArray(const std::string& code, const std::string& name) {
    std::string key = "const float " + name + "[6] = float[6](";
    size_t at = code.find(key);
    if (at == std::string::npos) return {};
    size_t end = code.find(')', at);
    std::string list = code.substr(at + key.size(), end - at - key.size());
    std::replace(list.begin(), list.end(), ',', ' ');
    std::istringstream in(list);
    std::vector<float> values;
    float v;
    while (in >> v) values.push_back(v);
    return values;
}

std::string glslConstant(const std::string& code, const std::string& declaration) {
    size_t at = code.find(declaration + " = ");
    if (at == std::string::npos) return "";
    size_t start = at + declaration.size() + 3;
    return code.substr(start, code.find(';', start) - start);
}

std::string allFragmentCode(const PluginDeclaration& d) {
    std::string code;
    for (auto& s : d.fragment) code += s.code;
    return code;
}

float sum(const tt::LayerWeights& w) {
    float s = 0;
    for (float x : w) s += x;
    return s;
}

} // namespace

TEST_CASE("terrain declares exactly its defines, uniforms, samplers and keys") {
    PluginDeclaration d = TerrainPlugin::makeDeclaration();
    CHECK(d.name == "Terrain");
    CHECK(d.priority == 200);
    std::vector<std::string> defines;
    for (auto& def : d.defines) defines.push_back(def.name + "=" + def.defaultValue.value_or("<undefined>"));
    CHECK((defines == std::vector<std::string>{"TERRAIN=1", "TERRAIN_ROAD=<undefined>"}));
    std::vector<std::string> uniforms;
    for (auto& u : d.uniforms) uniforms.push_back(u.name + ":" + u.type);
    CHECK((uniforms == std::vector<std::string>{"terrainTiling:vec4", "terrainTiling2:vec4", "terrainFade:vec4",
                                                 "terrainRoadInfo:vec4", "terrainRoadBounds:vec4", "terrainLayerMean:vec4[6]"}));
    std::vector<std::string> samplers;
    for (auto& s : d.samplers) samplers.push_back(s.precision + " " + s.type + " " + s.name);
    // Array samplers carry an explicit highp: GLSL ES 3.00 has no default precision for them.
    CHECK((samplers == std::vector<std::string>{"highp sampler2DArray terrainAlbedo", "highp sampler2DArray terrainNormals",
                                                 "highp sampler2DArray terrainRAH", "highp sampler2D terrainRoadTable"}));
    CHECK(d.attributes.empty()); // weights ride in the vertex colour and uv1 (TerrainMath.h)
    CHECK(d.vertex.empty());
    std::vector<std::string> keys;
    for (auto& s : d.fragment) keys.push_back(s.key);
    CHECK((keys == std::vector<std::string>{"CUSTOM_FRAGMENT_DEFINITIONS", "CUSTOM_FRAGMENT_BEFORE_LIGHTS"}));
    for (auto& s : d.fragment) {
        CHECK(s.origin == "plugins/terrain/terrain.frag.glsl");
        CHECK(s.firstLine > 1);
    }
    CHECK(d.inDepthPass);
    CHECK(d.inShadowPass);

    // Snippet hygiene: no comment spells a directive or ends a statement, and every line that
    // starts with '#' is a directive the preprocessor knows.
    for (auto& s : d.fragment) {
        std::istringstream lines(s.code);
        std::string line;
        while (std::getline(lines, line)) {
            CAPTURE(line);
            size_t comment = line.find("//");
            if (comment != std::string::npos) {
                CHECK(line.find('#', comment) == std::string::npos);
                CHECK(line.find(';', comment) == std::string::npos);
            }
            size_t first = line.find_first_not_of(" \t");
            if (first != std::string::npos && line[first] == '#') {
                static const char* known[] = {"#ifdef ", "#ifndef ", "#if ", "#elif ", "#else", "#endif", "#error "};
                CHECK(std::any_of(std::begin(known), std::end(known),
                                  [&](const char* k) { return line.compare(first, std::strlen(k), k) == 0; }));
            }
        }
    }
}

TEST_CASE("terrain sets TERRAIN where the mesh carries weights and TERRAIN_ROAD with a road") {
    TerrainPlugin plugin;
    ShaderDefines defines;
    plugin.prepareDefines(defines, terrainDraw());
    CHECK(findDefine(defines, "TERRAIN"));
    CHECK_FALSE(findDefine(defines, "TERRAIN_ROAD"));

    defines.clear();
    plugin.prepareDefines(defines, terrainDraw(RenderPass::Main, false));
    CHECK(defines.empty()); // no colours, no weights: the plain material

    uint64_t v = plugin.version();
    plugin.setRoad({{0, -50}, {0, 50}}, 3.0f);
    CHECK(plugin.version() != v); // a define flips: the effect is re-selected
    CHECK(plugin.roadSegments() == 1);
    defines.clear();
    plugin.prepareDefines(defines, terrainDraw());
    CHECK(findDefine(defines, "TERRAIN_ROAD"));

    v = plugin.version();
    plugin.setRoad({{0, -50}, {0, 0}, {10, 50}}, 2.0f); // still a road: uniforms only
    CHECK(plugin.version() == v);
    plugin.setDetailFade(60, 120);
    plugin.setHeightBlendDepth(0.1f);
    CHECK(plugin.version() == v);
    plugin.setRoad({}, 3.0f);
    CHECK(plugin.version() != v);
    CHECK(plugin.roadSegments() == 0);
}

TEST_CASE("terrain rejects bad roads, fades and materials that multiply by vertex colours") {
    TerrainPlugin plugin;
    std::vector<glm::vec2> tooLong(size_t(tt::kMaxRoadSegments) + 2, glm::vec2(0));
    for (size_t i = 0; i < tooLong.size(); ++i) tooLong[i] = glm::vec2(0, float(i));
    auto e = test::errorOf([&] { plugin.setRoad(tooLong, 3.0f); });
    CHECK(has(e->what(), "65 segments"));
    CHECK_THROWS_AS(plugin.setRoad({{0, 0}, {1, 1}}, -1.0f), Error);
    CHECK_THROWS_AS(plugin.setDetailFade(140, 80), Error);

    PbrParams params;
    params.vertexColors = true;
    auto coloured = std::make_shared<PbrMaterial>("painted", params);
    auto refused = test::errorOf([&] { coloured->addPlugin(std::make_shared<TerrainPlugin>()); });
    CHECK(has(refused->what(), "vertexColors"));
    // Forced on anyway, the shader build stops with the reason rather than blending colours.
    coloured->addPlugin(std::make_shared<TerrainPlugin>(), true);
    DrawInfo draw = terrainDraw();
    auto buildError = test::errorOf([&] { build(*coloured, draw); });
    CHECK(has(buildError->what(), "vertexColors"));
}

TEST_CASE("terrain code is in the main pass with TERRAIN on and gone with it off, in every pass and language") {
    std::shared_ptr<TerrainPlugin> plugin;
    auto material = terrainMaterial(plugin);
    for (GlApi api : {GlApi::Gles30, GlApi::Gl33Core}) {
        for (RenderPass pass : kAllPasses) {
            for (bool road : {false, true}) {
                CAPTURE(std::string(toString(api)));
                CAPTURE(std::string(toString(pass)));
                CAPTURE(road);
                plugin->setRoad(road ? std::vector<glm::vec2>{{-20, 0}, {20, 0}} : std::vector<glm::vec2>{}, 3.0f);
                Stages on = build(*material, terrainDraw(pass, true), api);
                Stages off = build(*material, terrainDraw(pass, false), api);
                // The plugin takes part in every pass: its block and samplers are declared.
                CHECK(has(on.fragment, "uniform highp sampler2DArray terrainAlbedo;"));
                CHECK(has(on.fragment, "uniform highp sampler2D terrainRoadTable;"));
                CHECK(has(on.fragment, "terrainLayerMean[6]"));
                CHECK(has(off.fragment, "uniform highp sampler2DArray terrainRAH;"));
                if (pass == RenderPass::Main) {
                    CHECK(has(on.fragment, "terrainSurface(vPositionW, geometricNormalW, surfaceAlbedo, normalW, surfaceRoughness"));
                    CHECK(has(on.fragment, "TerrainHex terrainHexSetup("));
                    CHECK(has(on.fragment, "terrainTriplanarWeights("));
                    CHECK(has(on.fragment, "terrainRoadFrame(") == road);
                } else {
                    // It only shades: depth and shadow programs carry none of it.
                    CHECK_FALSE(has(on.fragment, "terrainSurface"));
                    CHECK_FALSE(has(on.fragment, "terrainHexSetup"));
                }
                CHECK_FALSE(has(off.fragment, "terrainSurface"));
                CHECK_FALSE(has(off.fragment, "terrainHexSetup"));
                CHECK_FALSE(has(on.vertex, "terrainSurface"));
            }
        }
    }
    plugin->setRoad({}, 3.0f);
    plugin->setEnabled(false);
    Stages disabled = build(*material, terrainDraw());
    CHECK_FALSE(has(disabled.fragment, "terrain"));
}

TEST_CASE("terrain code passes glslangValidator in GLSL ES 3.00 and 330") {
    std::shared_ptr<TerrainPlugin> plugin;
    auto material = terrainMaterial(plugin);
    for (GlApi api : {GlApi::Gles30, GlApi::Gl33Core})
        for (bool road : {false, true})
            for (RenderPass pass : kAllPasses) {
                CAPTURE(std::string(toString(api)));
                CAPTURE(road);
                CAPTURE(std::string(toString(pass)));
                plugin->setRoad(road ? std::vector<glm::vec2>{{-20, 0}, {0, 5}, {20, 0}} : std::vector<glm::vec2>{}, 3.0f);
                Stages s = build(*material, terrainDraw(pass), api);
                auto vertex = test::validateGlsl(s.vertex, "vert");
                if (!vertex.available) {
                    MESSAGE("glslangValidator not found: skipped");
                    return;
                }
                CHECK_MESSAGE(vertex.ok, vertex.log);
                auto fragment = test::validateGlsl(s.fragment, "frag");
                CHECK_MESSAGE(fragment.ok, fragment.log);
            }
}

TEST_CASE("terrain tables and constants in the shader match the CPU mirror") {
    std::string code = allFragmentCode(TerrainPlugin::makeDeclaration());
    std::vector<float> roughness = glslFloatArray(code, "TERRAIN_LAYER_ROUGHNESS");
    std::vector<float> f0 = glslFloatArray(code, "TERRAIN_LAYER_F0");
    REQUIRE(roughness.size() == 6);
    REQUIRE(f0.size() == 6);
    for (size_t i = 0; i < 6; ++i) {
        CHECK(roughness[i] == doctest::Approx(tt::kLayerRoughness[i]));
        CHECK(f0[i] == doctest::Approx(tt::kLayerF0[i]));
    }
    // The tables, in layer order grass, forest floor, rock, sand, pebble, asphalt.
    CHECK((tt::kLayerRoughness == tt::LayerWeights{1.0f, 1.0f, 0.85f, 0.95f, 0.9f, 0.9f}));
    CHECK((tt::kLayerF0 == tt::LayerWeights{0.5f, 0.5f, 1.0f, 0.7f, 0.85f, 1.0f}));
    CHECK(std::stof(glslConstant(code, "const float TERRAIN_WEIGHT_EPSILON")) == doctest::Approx(tt::kWeightEpsilon));
    CHECK(std::stof(glslConstant(code, "const float TERRAIN_HEX_SCALE")) == doctest::Approx(tt::kHexScale));
    CHECK(std::stoi(glslConstant(code, "const int TERRAIN_MAX_ROAD_SEGMENTS")) == tt::kMaxRoadSegments);
    CHECK(glslConstant(code, "const float TERRAIN_RAH_ROUGHNESS_SCALE") == "255.0 / 128.0");
    CHECK(tt::kRahRoughnessScale == doctest::Approx(255.0f / 128.0f));
    // Scale, never replace: the material's own roughness and F0 stay factors.
    CHECK(has(code, "roughness = clamp(roughness * layerRoughness * mix(1.0, roughnessMap, strength), 0.0, 1.0);"));
    CHECK(has(code, "f0 *= layerF0;"));
    CHECK(has(code, "occlusion *= mix(1.0, ao, strength);"));
    CHECK_FALSE(has(code, "roughness = layerRoughness"));
    // The detail fade is 1 − smoothstep(start, end, distance), as detailStrength.
    CHECK(has(code, "(1.0 - smoothstep(terrainFade.x, terrainFade.y, length(toEye)))"));
    // The blend as the mirror: top of weight + height, minus the depth, absent layers stay out.
    CHECK(has(code, "b[i] = w[i] > TERRAIN_WEIGHT_EPSILON ? max(w[i] + h[i] - floorLevel, 0.0) : 0.0;"));
    CHECK(has(code, "w[i] = mix(w[i], b[i] / max(sum, 1e-6), strength);"));
    // Three rock projections in their face frames.
    CHECK(has(code, "rockUv[0] = positionW.yz"));
    CHECK(has(code, "rockUv[1] = positionW.xz"));
    CHECK(has(code, "rockUv[2] = positionW.xy"));
    CHECK(has(code, "bump += vec3(0.0, t.x, t.y) * tri[f];"));
    CHECK(has(code, "bump += vec3(t.x, 0.0, t.y) * tri[f];"));
    CHECK(has(code, "bump += vec3(t.x, t.y, 0.0) * tri[f];"));
    // Planar layers perturb world x by the map's x and world z by its y (UDN).
    CHECK(has(code, "bump = vec3(t.x, 0.0, t.y);"));
}

TEST_CASE("the height blend sums to 1, keeps a lone layer, lets the higher layer win and fades with distance") {
    tt::LayerWeights grassOnly{1, 0, 0, 0, 0, 0};
    tt::LayerWeights heights{0.1f, 0.9f, 0.5f, 0.5f, 0.5f, 0.5f};
    auto lone = tt::heightBlend(grassOnly, heights);
    CHECK(lone[0] == doctest::Approx(1.0f));
    CHECK(sum(lone) == doctest::Approx(1.0f));

    // Equal weights: the higher layer takes the surface (beyond the blend depth, all of it).
    tt::LayerWeights half{0.5f, 0.5f, 0, 0, 0, 0};
    auto blended = tt::heightBlend(half, {0.2f, 0.8f, 0, 0, 0, 0});
    CHECK(blended[1] == doctest::Approx(1.0f));
    CHECK(blended[0] == doctest::Approx(0.0f));
    auto close = tt::heightBlend(half, {0.45f, 0.55f, 0, 0, 0, 0});
    CHECK(close[1] > close[0]);
    CHECK(close[0] > 0.0f);
    CHECK(sum(close) == doctest::Approx(1.0f));

    // A layer absent at the vertices never appears, however high its texel.
    auto absent = tt::heightBlend({0.6f, 0.4f, 0, 0, 0, 0}, {0.1f, 0.1f, 1.0f, 1.0f, 1.0f, 1.0f});
    for (size_t i = 2; i < 6; ++i) CHECK(absent[i] == 0.0f);

    // Strength 0 (beyond the fade) returns the vertex weights; strength mixes linearly.
    auto none = tt::heightBlend(half, {0.2f, 0.8f, 0, 0, 0, 0}, tt::kHeightBlendDepth, 0.0f);
    CHECK(none[0] == doctest::Approx(0.5f));
    auto partial = tt::heightBlend(half, {0.2f, 0.8f, 0, 0, 0, 0}, tt::kHeightBlendDepth, 0.5f);
    CHECK(partial[1] == doctest::Approx(0.75f));

    // Random weights and heights: always a partition of 1, never negative.
    uint32_t state = 12345;
    auto next = [&] {
        state = state * 1664525u + 1013904223u;
        return float(state >> 8) / 16777216.0f;
    };
    for (int trial = 0; trial < 2000; ++trial) {
        tt::LayerWeights w, h;
        for (size_t i = 0; i < 6; ++i) {
            w[i] = next() < 0.4f ? 0.0f : next();
            h[i] = next();
        }
        w = tt::normalizeWeights(w);
        auto b = tt::heightBlend(w, h, tt::kHeightBlendDepth, next());
        CHECK(sum(b) == doctest::Approx(1.0f).epsilon(1e-4));
        for (float x : b) CHECK(x >= -1e-6f);
    }

    CHECK(tt::detailStrength(0) == 1.0f);
    CHECK(tt::detailStrength(80) == 1.0f);
    CHECK(tt::detailStrength(110) == doctest::Approx(0.5f));
    CHECK(tt::detailStrength(140) == 0.0f);
    CHECK(tt::detailStrength(500) == 0.0f);
}

TEST_CASE("roughness and F0 multipliers blend by weight and scale the material's values") {
    for (size_t i = 0; i < 6; ++i) {
        tt::LayerWeights one{};
        one[i] = 1;
        CHECK(tt::blendedRoughness(one) == doctest::Approx(tt::kLayerRoughness[i]));
        CHECK(tt::blendedF0(one) == doctest::Approx(tt::kLayerF0[i]));
    }
    tt::LayerWeights grassRock{0.5f, 0, 0.5f, 0, 0, 0};
    CHECK(tt::blendedRoughness(grassRock) == doctest::Approx(0.925f));
    CHECK(tt::blendedF0(grassRock) == doctest::Approx(0.75f));
    // Wet ground halves the material's roughness: the layer factor still applies on top.
    float wetMaterialRoughness = 0.5f;
    CHECK(wetMaterialRoughness * tt::blendedRoughness(grassRock) == doctest::Approx(0.4625f));
}

TEST_CASE("triplanar weights, rock parallax and the hex lattice behave") {
    glm::vec3 up = tt::triplanarWeights({0, 1, 0});
    CHECK(up.y == doctest::Approx(1.0f));
    glm::vec3 diagonal = tt::triplanarWeights(glm::normalize(glm::vec3(1, 1, 0)));
    CHECK(diagonal.x == doctest::Approx(0.5f));
    CHECK(diagonal.z == doctest::Approx(0.0f));
    glm::vec3 steep = tt::triplanarWeights(glm::normalize(glm::vec3(-2, 1, 0.3f)));
    CHECK(steep.x > 0.9f);
    CHECK(steep.x + steep.y + steep.z == doctest::Approx(1.0f));

    // Offset-limited: zero at mean height, never longer than depth/2 · |view in plane|.
    CHECK(glm::length(tt::parallaxOffset(0.5f, {0.7f, 0.1f})) == doctest::Approx(0.0f));
    for (float h : {0.0f, 0.25f, 1.0f})
        for (float angle = 0.0f; angle < 1.57f; angle += 0.1f) {
            glm::vec2 view(std::sin(angle), 0.0f);
            glm::vec2 o = tt::parallaxOffset(h, view);
            CHECK(glm::length(o) <= tt::kRockParallaxDepth * 0.5f * glm::length(view) + 1e-7f);
        }
    CHECK(tt::parallaxOffset(1.0f, {1, 0}).x == doctest::Approx(0.015f)); // 3 cm depth: 1.5 cm at most
    CHECK(tt::kRockParallaxDepth <= 0.04f);

    // Hex lattice: barycentric weights are a partition of 1 and continuous: near a point,
    // every lattice vertex keeps (nearly) the same weight whichever triangle holds it.
    for (float y = -3.0f; y < 3.0f; y += 0.173f)
        for (float x = -3.0f; x < 3.0f; x += 0.131f) {
            tt::HexCell c = tt::hexCell({x, y});
            CHECK(c.barycentric.x + c.barycentric.y + c.barycentric.z == doctest::Approx(1.0f));
            CHECK(glm::all(glm::greaterThanEqual(c.barycentric, glm::vec3(-1e-5f))));
            tt::HexCell d = tt::hexCell({x + 1e-3f, y + 1e-3f});
            for (int i = 0; i < 3; ++i)
                for (int j = 0; j < 3; ++j)
                    if (c.vertices[size_t(i)] == d.vertices[size_t(j)])
                        CHECK(std::abs(c.barycentric[i] - d.barycentric[j]) < 0.01f);
        }
}

TEST_CASE("the surface classifier partitions 1 and follows slope, altitude and mottle") {
    tt::SurfaceClassifier rules;
    rules.seaLevel = 0.0f;
    std::map<int, int> dominant;
    for (float z = -300; z < 300; z += 7.3f)
        for (float x = -300; x < 300; x += 6.1f) {
            for (float slope : {0.0f, 0.3f, 0.7f, 2.0f})
                for (float y : {-3.0f, 0.0f, 2.0f, 50.0f}) {
                    tt::LayerWeights w = tt::classifySurface({x, y, z}, slope, rules);
                    CHECK(sum(w) == doctest::Approx(1.0f));
                    CHECK(w[5] == 0.0f); // asphalt comes from the road table only
                    for (float v : w) CHECK(v >= 0.0f);
                }
            tt::LayerWeights inland = tt::classifySurface({x, 50, z}, 0.1f, rules);
            dominant[int(std::max_element(inland.begin(), inland.end()) - inland.begin())]++;
        }
    // Gentle inland ground mottles grass with forest floor, grass the larger share.
    CHECK(dominant[0] > dominant[1]);
    CHECK(dominant[1] > 0);
    CHECK(dominant.size() == 2);

    CHECK(tt::classifySurface({0, 50, 0}, 2.0f, rules)[2] == doctest::Approx(1.0f)); // cliff: rock
    CHECK(tt::classifySurface({0, 1.0f, 0}, 0.05f, rules)[3] == doctest::Approx(1.0f)); // beach: sand
    CHECK(tt::classifySurface({0, -3.0f, 0}, 0.05f, rules)[4] == doctest::Approx(1.0f)); // sea bed: pebble
    CHECK(tt::classifySurface({0, 50, 0}, 0.0f, rules)[2] == 0.0f);

    // Continuity: a few centimetres never move a weight much.
    for (float x = -100; x < 100; x += 3.7f) {
        tt::LayerWeights a = tt::classifySurface({x, 5.0f, 2 * x}, 0.6f, rules);
        tt::LayerWeights b = tt::classifySurface({x + 0.05f, 5.01f, 2 * x}, 0.601f, rules);
        for (size_t i = 0; i < 6; ++i) CHECK(std::abs(a[i] - b[i]) < 0.02f);
    }
    CHECK(tt::slopeOfNormal({0, 1, 0}) == doctest::Approx(0.0f));
    CHECK(tt::slopeOfNormal(glm::normalize(glm::vec3(1, 1, 0))) == doctest::Approx(1.0f));
}

TEST_CASE("layer weights pack into colour and uv1 and back - a mesh is classified per vertex") {
    tt::LayerWeights w{0.1f, 0.2f, 0.3f, 0.15f, 0.2f, 0.05f};
    tt::PackedWeights p = tt::packWeights(w);
    CHECK((p.color == glm::vec4(0.1f, 0.2f, 0.3f, 0.15f)));
    CHECK((p.uv1 == glm::vec2(0.2f, 0.05f)));
    CHECK((tt::unpackWeights(p.color, p.uv1) == w));

    MeshData plane = makePlane(20, 20, 8);
    CHECK_THROWS_AS(tt::setLayerWeights(plane, {w}), Error);
    tt::classifyMesh(plane, {.seaLevel = -100});
    REQUIRE(plane.colors.size() == plane.vertexCount());
    REQUIRE(plane.uv1.size() == plane.vertexCount());
    for (size_t i = 0; i < plane.vertexCount(); ++i) {
        tt::LayerWeights u = tt::unpackWeights(plane.colors[i], plane.uv1[i]);
        CHECK(sum(u) == doctest::Approx(1.0f));
        CHECK(u[2] == 0.0f); // flat: no rock
    }
    MeshData noNormals;
    noNormals.positions = {{0, 0, 0}};
    CHECK_THROWS_AS(tt::classifyMesh(noNormals), Error);
}

TEST_CASE("the terrain material fits in 16 fragment texture units with room to spare (WebGL2 profile)") {
    std::shared_ptr<TerrainPlugin> plugin;
    auto material = terrainMaterial(plugin);
    plugin->setRoad({{-20, 0}, {20, 0}}, 3.0f);
    ContextInfo info = webgl2Context();
    EffectCache cache(store(), info);
    cache.setEngineSamplers(Renderer::engineSamplers());
    cache.setBuiltinDefines(Renderer::engineDefineNames());
    EffectRequest request = makeEffectRequest(*material, terrainDraw(), false);
    auto [vertex, fragment] = cache.buildSources(request);
    ShaderInterface vs = ShaderInterface::scan(vertex.text), fs = ShaderInterface::scan(fragment.text);
    CHECK_NOTHROW(cache.checkBudget(request, vs, fs));
    SamplerReport report = samplerReport(cache, request);
    MESSAGE(report.toString());
    CHECK(report.unitLimit == 16);
    CHECK(report.unitsUsed == fs.textureUnits());
    CHECK(report.unitsUsed <= 12); // at least 4 units to spare
    std::vector<std::string> names;
    for (auto& e : report.samplers) names.push_back(e.name);
    for (const char* n : {"iblSpecular", "brdfLut", "shadowCascades", "lightData", "terrainAlbedo", "terrainNormals",
                          "terrainRAH", "terrainRoadTable"})
        CHECK(std::find(names.begin(), names.end(), n) != names.end());
    int terrainUnits = 0;
    for (auto& e : report.samplers)
        if (e.owner == "plugin 'Terrain'") terrainUnits += e.units;
    CHECK(terrainUnits == 4);
    // Engine samplers take the lowest units.
    CHECK(report.samplers.front().owner.rfind("engine", 0) == 0);
}

TEST_CASE("an over-budget terrain variant reports every contributor") {
    std::shared_ptr<TerrainPlugin> plugin;
    auto material = terrainMaterial(plugin);
    // The material's own map, and a plugin asking for six more textures.
    PluginDeclaration extra;
    extra.name = "detail maps";
    for (int i = 0; i < 6; ++i) extra.samplers.push_back({str("detailMap", i), "sampler2D", "highp"});
    std::string use = "#ifdef PASS_MAIN\n    surfaceAlbedo *= 1.0";
    for (int i = 0; i < 6; ++i) use += str(" * texture(detailMap", i, ", vUv0).r");
    use += ";\n#endif\n";
    extra.fragment.push_back({"CUSTOM_FRAGMENT_BEFORE_LIGHTS", use, "", 1});
    material->addPlugin(std::make_shared<MaterialPlugin>(extra));

    ContextInfo info = webgl2Context();
    EffectCache cache(store(), info);
    cache.setEngineSamplers(Renderer::engineSamplers());
    EffectRequest request = makeEffectRequest(*material, terrainDraw(), false);
    setDefine(request.defines, "HAS_BASECOLOR_MAP", ""); // as a bound base colour map would
    auto [vertex, fragment] = cache.buildSources(request);
    ShaderInterface vs = ShaderInterface::scan(vertex.text), fs = ShaderInterface::scan(fragment.text);
    auto e = test::errorOf([&] { cache.checkBudget(request, vs, fs); });
    REQUIRE(e);
    std::string message = e->what();
    MESSAGE(message);
    CHECK(has(message, "texture units"));
    CHECK(has(message, "engine (IBL specular)"));
    CHECK(has(message, "engine (light data)"));
    CHECK(has(message, "plugin 'Terrain': 4 (terrainAlbedo, terrainNormals, terrainRAH, terrainRoadTable)"));
    CHECK(has(message, "plugin 'detail maps': 6"));
    CHECK(has(message, "material 'ground': 1 (baseColorMap)"));
    SamplerReport report = samplerReport(cache, request);
    CHECK(report.unitsUsed > 16);
    CHECK(has(report.toString(), "over"));
}

TEST_CASE("the terrain patch shows every ground layer, faces up and carries a road") {
    TerrainPatch patch = makeTerrainPatch();
    const MeshData& m = patch.mesh;
    REQUIRE(m.colors.size() == m.vertexCount());
    REQUIRE(m.uv1.size() == m.vertexCount());
    std::array<int, 6> dominant{};
    std::array<float, 6> most{};
    for (size_t i = 0; i < m.vertexCount(); ++i) {
        tt::LayerWeights w = tt::unpackWeights(m.colors[i], m.uv1[i]);
        CHECK(sum(w) == doctest::Approx(1.0f));
        dominant[size_t(std::max_element(w.begin(), w.end()) - w.begin())]++;
        for (size_t l = 0; l < 6; ++l) most[l] = std::max(most[l], w[l]);
        CHECK(m.positions[i].y == doctest::Approx(patch.height(m.positions[i].x, m.positions[i].z)));
    }
    CAPTURE(dominant[0]);
    CAPTURE(dominant[1]);
    CAPTURE(dominant[2]);
    CAPTURE(dominant[3]);
    CAPTURE(dominant[4]);
    for (size_t l = 0; l < 5; ++l) CHECK(most[l] > 0.5f); // grass, forest floor, rock, sand, pebble
    CHECK(dominant[5] == 0);                              // asphalt only from the road table
    CHECK(dominant[0] > 0);
    CHECK(dominant[2] > 0);
    CHECK(dominant[3] > 0);
    CHECK(dominant[4] > 0);
    // Every triangle faces up (counter-clockwise seen from above).
    for (size_t t = 0; t + 2 < m.indices.size(); t += 3) {
        glm::vec3 a = m.positions[m.indices[t]], b = m.positions[m.indices[t + 1]], c = m.positions[m.indices[t + 2]];
        CHECK(glm::cross(b - a, c - a).y > 0.0f);
    }
    CHECK(patch.road.size() >= 2);
    TerrainPlugin plugin;
    CHECK_NOTHROW(plugin.setRoad(patch.road, patch.roadHalfWidth));
}

TEST_CASE("a skirted terrain patch stands on its base with rock sides facing out") {
    TerrainPatchOptions options;
    options.size = 16.0f;
    options.subdivisions = 32;
    options.origin = {0.0f, 0.0f, -22.0f};
    options.skirtClearance = 0.02f;
    TerrainPatch patch = makeTerrainPatch(options);
    const MeshData& m = patch.mesh;
    size_t surface = size_t(33 * 33);
    REQUIRE(m.vertexCount() > surface);
    float lowest = 1e9f;
    for (size_t i = 0; i < surface; ++i) lowest = std::min(lowest, m.positions[i].y);
    CHECK(lowest >= 0.02f - 1e-4f);
    CHECK(lowest < 0.2f);
    glm::vec3 centre(0.0f, 0.0f, -22.0f);
    size_t skirtTriangles = 0;
    for (size_t t = 0; t + 2 < m.indices.size(); t += 3) {
        glm::vec3 a = m.positions[m.indices[t]], b = m.positions[m.indices[t + 1]], c = m.positions[m.indices[t + 2]];
        glm::vec3 n = glm::cross(b - a, c - a);
        if (m.indices[t] < surface) {
            CHECK(n.y > 0.0f);
            continue;
        }
        ++skirtTriangles;
        glm::vec3 mid = (a + b + c) / 3.0f - centre;
        CHECK(glm::dot(glm::vec3(n.x, 0, n.z), glm::vec3(mid.x, 0, mid.z)) > 0.0f);
        CHECK(std::min({a.y, b.y, c.y}) == doctest::Approx(0.0f));
        CHECK(tt::unpackWeights(m.colors[m.indices[t]], m.uv1[m.indices[t]])[2] == 1.0f);
    }
    CHECK(skirtTriangles == 4 * 32 * 2);
    for (glm::vec2 p : patch.road) {
        CHECK(p.x >= -8.0f - 1e-4f);
        CHECK(p.x <= 8.0f + 1e-4f);
        CHECK(p.y >= -30.0f);
        CHECK(p.y <= -14.0f);
    }
}
