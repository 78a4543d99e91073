// The terrain plugin on the real driver: every variant compiles in GLSL ES 3.00 and 330 (and
// passes glslangValidator), the material fits in 16 texture units (the sampler report says
// which), and pixels: layers appear where their weights say (with placeholders before the
// maps load, and flat layer colours beyond the detail fade), rock covers steep faces with a
// triplanar texture that does not smear on a wall, a side-lit pebble field is brighter on
// the stones' sun-facing flanks (handedness of both texture axes), and the road table paints
// asphalt along its centreline.
#include "support/GlTestSupport.h"
#include "support/RenderHarness.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>

#include <glm/gtc/matrix_transform.hpp>

#include "assets/ProceduralMeshes.h"
#include "gl/Readback.h"
#include "material/PbrMaterial.h"
#include "plugins/terrain/TerrainPlugin.h"
#include "render/Renderer.h"
#include "render/SamplerReport.h"
#include "scene/Scene.h"
#include "unit/ShaderTestHelpers.h"

using namespace th;
namespace tt = th::terrain;

namespace {

/// Maps shared by the pixel tests (256² keeps generation short; the shader does not care).
std::shared_ptr<const TerrainTextureSet> testMaps() {
    static auto maps = std::make_shared<const TerrainTextureSet>(generateTerrainTextures({.seed = 1, .size = 256}));
    return maps;
}

/// The render harness without the sun (only the light a test sets) and with meshes that cast
/// no shadows.
struct Stage : test::RenderHarness {
    Stage(GlApi api, int width, int height) : RenderHarness(api, width, height) {
        scene.sunLight = false;
        camera.aspect = float(width) / float(height);
        camera.nearPlane = 0.05f;
    }
    /// One white directional light travelling along `direction`, nothing else.
    void light(const glm::vec3& direction, float intensity = 2.0f) {
        scene.lights.clear();
        Light l;
        l.type = LightType::Directional;
        l.direction = glm::normalize(direction);
        l.intensity = intensity;
        scene.lights.push_back(l);
    }
    Node& add(const std::string& name, const MeshData& data, std::shared_ptr<Material> material) {
        Node& node = RenderHarness::add(name, data, std::move(material));
        node.mesh->castShadows = false;
        return node;
    }
    /// Where pixel (x, y) (row 0 at the top) sees the plane y = `height`.
    glm::vec3 groundAt(int x, int y, float height = 0.0f) const {
        glm::mat4 inverse = glm::inverse(camera.viewProjection());
        glm::vec2 ndc((float(x) + 0.5f) / float(output->width()) * 2.0f - 1.0f,
                      1.0f - (float(y) + 0.5f) / float(output->height()) * 2.0f);
        glm::vec4 a = inverse * glm::vec4(ndc, -1.0f, 1.0f), b = inverse * glm::vec4(ndc, 1.0f, 1.0f);
        glm::vec3 p0 = glm::vec3(a) / a.w, p1 = glm::vec3(b) / b.w;
        float t = (height - p0.y) / (p1.y - p0.y);
        return p0 + (p1 - p0) * t;
    }
    /// The pixel a world point lands on.
    glm::ivec2 pixelOf(const glm::vec3& p) const {
        glm::vec4 c = camera.viewProjection() * glm::vec4(p, 1.0f);
        glm::vec2 ndc = glm::vec2(c) / c.w;
        return {int((ndc.x * 0.5f + 0.5f) * float(output->width())), int((0.5f - ndc.y * 0.5f) * float(output->height()))};
    }
};

glm::vec3 linearAt(const ImageRgba8& image, int x, int y) {
    auto p = image.rgba(x, y);
    return {test::srgbToLinear(float(p[0]) / 255.0f), test::srgbToLinear(float(p[1]) / 255.0f),
            test::srgbToLinear(float(p[2]) / 255.0f)};
}

glm::vec3 meanLinear(const ImageRgba8& image, glm::ivec2 centre, int radius) {
    glm::vec3 sum(0.0f);
    int n = 0;
    for (int y = centre.y - radius; y <= centre.y + radius; ++y)
        for (int x = centre.x - radius; x <= centre.x + radius; ++x) {
            sum += linearAt(image, x, y);
            ++n;
        }
    return sum / float(n);
}

/// |a − b| within `relative` of b (doctest's Approx adds an absolute term of the same size).
bool within(float a, float b, float relative) { return std::abs(a - b) <= relative * std::abs(b); }

float luminance(const glm::vec3& c) { return 0.2126f * c.r + 0.7152f * c.g + 0.0722f * c.b; }

/// The layer whose mean albedo is nearest to `albedo` (log-RGB distance), among `candidates`.
int nearestLayer(const glm::vec3& albedo, const std::vector<int>& candidates) {
    const auto& means = testMaps()->meanAlbedo;
    int best = -1;
    float bestDistance = 1e30f;
    for (int i : candidates) {
        glm::vec3 m = means[size_t(i)];
        float d = 0;
        for (int c = 0; c < 3; ++c) d += std::abs(std::log(std::max(albedo[c], 1e-4f) / m[c]));
        if (d < bestDistance) bestDistance = d, best = i;
    }
    return best;
}

const std::vector<int> kAllLayers = {0, 1, 2, 3, 4, 5};

/// A plain white dielectric with F0 = 0 (index of refraction 1): pure diffuse, the reference
/// that turns rendered colours into albedo estimates.
std::shared_ptr<PbrMaterial> whiteReference() {
    PbrParams p;
    p.metallicFactor = 0.0f;
    p.roughnessFactor = 1.0f;
    p.ior = 1.0f;
    return std::make_shared<PbrMaterial>("white reference", p);
}

std::shared_ptr<PbrMaterial> terrainMaterial(std::shared_ptr<TerrainPlugin>& plugin, bool withMaps = true) {
    PbrParams p;
    p.metallicFactor = 0.0f;
    p.roughnessFactor = 1.0f;
    p.ior = 1.0f; // F0 = 0 so the pixels are albedo × light (the F0 table scales 0)
    auto material = std::make_shared<PbrMaterial>("ground", p);
    plugin = std::make_shared<TerrainPlugin>();
    if (withMaps) plugin->setMaps(testMaps());
    material->addPlugin(plugin);
    return material;
}

tt::LayerWeights oneHot(int layer) {
    tt::LayerWeights w{};
    w[size_t(layer)] = 1.0f;
    return w;
}

/// Six 2 m square tiles side by side along +X (x from −6 to 6, z from −1 to 1), tile i of
/// layer i only: its own vertices, so weights do not blend across tiles.
MeshData layerStrips() {
    MeshData all;
    all.name = "strips";
    for (int i = 0; i < 6; ++i) {
        MeshData tile = makePlane(2.0f, 2.0f, 4);
        uint32_t base = uint32_t(all.positions.size());
        for (auto& p : tile.positions) all.positions.push_back(p + glm::vec3(-5.0f + 2.0f * float(i), 0.0f, 0.0f));
        all.normals.insert(all.normals.end(), tile.normals.begin(), tile.normals.end());
        all.uv0.insert(all.uv0.end(), tile.uv0.begin(), tile.uv0.end());
        for (uint32_t index : tile.indices) all.indices.push_back(base + index);
    }
    all.tangents.clear();
    std::vector<tt::LayerWeights> weights;
    for (size_t v = 0; v < all.positions.size(); ++v) weights.push_back(oneHot(int(v / (all.positions.size() / 6))));
    tt::setLayerWeights(all, weights);
    return all;
}

/// Albedo estimates of the six strips: terrain colour over white colour, per channel.
std::array<glm::vec3, 6> stripAlbedo(Stage& stage, const ImageRgba8& terrain, const ImageRgba8& white) {
    std::array<glm::vec3, 6> out{};
    for (int i = 0; i < 6; ++i) {
        glm::ivec2 c = stage.pixelOf({-5.0f + 2.0f * float(i), 0.0f, 0.0f});
        glm::vec3 w = meanLinear(white, c, 4), t = meanLinear(terrain, c, 4);
        out[size_t(i)] = t / glm::max(w, glm::vec3(1e-4f));
    }
    return out;
}

} // namespace

TEST_CASE("terrain compiles on the real driver in GLSL ES 3.00 and 330, every pass, and passes glslangValidator") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        Stage stage(api, 32, 32);
        std::shared_ptr<TerrainPlugin> plugin;
        auto material = terrainMaterial(plugin, false);
        for (bool road : {false, true}) {
            plugin->setRoad(road ? std::vector<glm::vec2>{{-10, 0}, {0, 3}, {10, 0}} : std::vector<glm::vec2>{}, 2.0f);
            for (RenderPass pass : kAllPasses) {
                CAPTURE(road);
                CAPTURE(std::string(toString(pass)));
                DrawInfo draw{.pass = pass, .hasNormals = true, .hasUv0 = true, .hasUv1 = true, .hasColors = true};
                auto effect = stage.renderer->effects().get(stage.renderer->effectRequest(*material, draw));
                stage.renderer->effects().finishAll();
                CHECK_MESSAGE(effect->ready(), effect->error());
                auto fragment = test::validateGlsl(effect->fragmentSource().text, "frag");
                if (fragment.available) CHECK_MESSAGE(fragment.ok, fragment.log);
                auto vertex = test::validateGlsl(effect->vertexSource().text, "vert");
                if (vertex.available) CHECK_MESSAGE(vertex.ok, vertex.log);
            }
        }
        test::requireNoGlErrors(*stage.context);
    }
}

TEST_CASE("the terrain material's sampler report: texture units of 16 under the WebGL2 profile") {
    Stage stage(GlApi::Gles30, 32, 32);
    std::shared_ptr<TerrainPlugin> plugin;
    auto material = terrainMaterial(plugin, false);
    plugin->setRoad({{-10, 0}, {10, 0}}, 2.0f);
    DrawInfo draw{.pass = RenderPass::Main, .hasNormals = true, .hasUv0 = true, .hasUv1 = true, .hasColors = true};
    SamplerReport report = samplerReport(*stage.renderer, *material, draw);
    MESSAGE(report.toString());
    CHECK(report.profile == "webgl2");
    CHECK(report.unitLimit == 16);
    CHECK(report.unitsUsed <= 12); // room to spare: at least 4 units
    auto effect = stage.renderer->effects().get(stage.renderer->effectRequest(*material, draw));
    stage.renderer->effects().finishAll();
    REQUIRE_MESSAGE(effect->ready(), effect->error());
    CHECK(effect->fragmentTextureUnits() == report.unitsUsed);
    // Every unit the linked program binds is in the report, at the unit the report gives.
    for (auto& s : effect->samplers()) {
        CAPTURE(s.name);
        auto it = std::find_if(report.samplers.begin(), report.samplers.end(), [&](auto& e) { return e.name == s.name; });
        REQUIRE(it != report.samplers.end());
    }
    test::requireNoGlErrors(*stage.context);
}

TEST_CASE("a deliberately over-budget terrain variant fails on the real renderer and lists every contributor") {
    Stage stage(GlApi::Gles30, 32, 32);
    std::shared_ptr<TerrainPlugin> plugin;
    auto material = terrainMaterial(plugin, false);
    PluginDeclaration extra;
    extra.name = "detail maps";
    std::string use = "#ifdef PASS_MAIN\n    surfaceAlbedo *= 1.0";
    for (int i = 0; i < 6; ++i) {
        extra.samplers.push_back({str("detailMap", i), "sampler2D", "highp"});
        use += str(" * texture(detailMap", i, ", vUv0).r");
    }
    extra.fragment.push_back({"CUSTOM_FRAGMENT_BEFORE_LIGHTS", use + ";\n#endif\n", "", 1});
    material->addPlugin(std::make_shared<MaterialPlugin>(extra));
    DrawInfo draw{.pass = RenderPass::Main, .hasNormals = true, .hasUv0 = true, .hasUv1 = true, .hasColors = true};
    auto effect = stage.renderer->effects().get(stage.renderer->effectRequest(*material, draw));
    REQUIRE(effect->failed());
    MESSAGE(effect->error());
    for (const char* who : {"engine (IBL specular)", "engine (BRDF table)", "engine (sun shadow cascades)", "engine (light data)",
                            "plugin 'Terrain': 4", "plugin 'detail maps': 6"})
        CHECK_MESSAGE(effect->error().find(who) != std::string::npos, who);
}

TEST_CASE("terrain layers appear where their weights say: placeholders first, maps, and flat colours past the fade") {
    Stage stage(GlApi::Gles30, 128, 128);
    stage.light({0.3f, -1.0f, 0.2f});
    stage.camera.position = {0.0f, 15.7f, 0.0f};
    stage.camera.target = {0.0f, 0.0f, 0.0f};
    stage.camera.up = {0.0f, 0.0f, -1.0f};
    MeshData strips = layerStrips();
    auto white = whiteReference();
    std::shared_ptr<TerrainPlugin> plugin;
    auto material = terrainMaterial(plugin, false);
    Node& reference = stage.add("reference", strips, white);
    Node& ground = stage.add("ground", strips, material);

    ground.visible = false;
    ImageRgba8 whiteImage = stage.render();
    reference.visible = false;
    ground.visible = true;

    // Before the maps: the terrain draws at once, each layer in its nominal colour.
    ImageRgba8 placeholder = stage.render();
    CHECK_FALSE(plugin->mapsUploaded());
    auto early = stripAlbedo(stage, placeholder, whiteImage);
    auto nominal = nominalTerrainAlbedo();
    for (int i = 0; i < 6; ++i) {
        CAPTURE(i);
        for (int c = 0; c < 3; ++c) CHECK(within(early[size_t(i)][c], nominal[size_t(i)][c], 0.08f));
    }

    plugin->setMaps(testMaps());
    ImageRgba8 image = stage.render();
    test::dumpImage(image, "terrain-strips");
    CHECK(plugin->mapsUploaded());
    auto albedo = stripAlbedo(stage, image, whiteImage);
    const auto& means = testMaps()->meanAlbedo;
    for (int i = 0; i < 6; ++i) {
        CAPTURE(i);
        CAPTURE(albedo[size_t(i)].r);
        CAPTURE(albedo[size_t(i)].g);
        CAPTURE(albedo[size_t(i)].b);
        CHECK(nearestLayer(albedo[size_t(i)], kAllLayers) == i);
        for (int c = 0; c < 3; ++c) CHECK(within(albedo[size_t(i)][c], means[size_t(i)][c], 0.15f));
    }

    // Past 140 m: no texture, no relief, each layer exactly its mean colour.
    stage.camera.position = {0.0f, 200.0f, 0.0f};
    stage.camera.yfov = 2.0f * std::atan(6.5f / 200.0f);
    stage.camera.farPlane = 400.0f;
    reference.visible = true;
    ground.visible = false;
    ImageRgba8 whiteFar = stage.render();
    reference.visible = false;
    ground.visible = true;
    ImageRgba8 far = stage.render();
    auto flat = stripAlbedo(stage, far, whiteFar);
    for (int i = 0; i < 6; ++i) {
        CAPTURE(i);
        for (int c = 0; c < 3; ++c) CHECK(within(flat[size_t(i)][c], means[size_t(i)][c], 0.06f));
    }
    test::requireNoGlErrors(*stage.context);
}

TEST_CASE("rock covers steep faces, triplanar: a slope reads as rock and a cliff wall shows texture both ways") {
    Stage stage(GlApi::Gles30, 128, 128);
    stage.light({0.6f, -1.0f, 0.25f});
    // Flat ground, a 60° slope from x = 0 to 3, a plateau; weights from the classifier.
    const float rise = std::tan(glm::radians(60.0f));
    auto height = [&](float x) { return std::clamp(x, 0.0f, 3.0f) * rise; };
    MeshData hill = makePlane(24.0f, 10.0f, 96);
    for (size_t i = 0; i < hill.positions.size(); ++i) {
        glm::vec3& p = hill.positions[i];
        float x = p.x;
        p.y = height(x);
        float dydx = (height(x + 0.01f) - height(x - 0.01f)) / 0.02f;
        hill.normals[i] = glm::normalize(glm::vec3(-dydx, 1.0f, 0.0f));
    }
    hill.tangents.clear();
    tt::classifyMesh(hill, {.seaLevel = -100.0f});
    // A vertical cliff wall at x = 11 facing −X, all rock.
    MeshData wall;
    wall.name = "wall";
    wall.positions = {{11, 0, -4}, {11, 0, 4}, {11, 8, 4}, {11, 8, -4}};
    wall.normals.assign(4, {-1, 0, 0});
    wall.uv0 = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    wall.indices = {0, 1, 2, 0, 2, 3}; // faces −X
    tt::setLayerWeights(wall, std::vector<tt::LayerWeights>(4, oneHot(2)));

    auto white = whiteReference();
    std::shared_ptr<TerrainPlugin> plugin;
    auto material = terrainMaterial(plugin);
    Node& reference = stage.add("reference", hill, white);
    Node& ground = stage.add("hill", hill, material);

    stage.camera.position = {-12.0f, 6.0f, 0.0f};
    stage.camera.target = {0.0f, 1.0f, 0.0f};
    ground.visible = false;
    ImageRgba8 whiteImage = stage.render();
    reference.visible = false;
    ground.visible = true;
    ImageRgba8 image = stage.render();
    test::dumpImage(image, "terrain-slope");
    glm::ivec2 slope = stage.pixelOf({1.5f, height(1.5f), 0.0f});
    glm::ivec2 flat = stage.pixelOf({-4.0f, 0.0f, 0.0f});
    glm::vec3 slopeAlbedo = meanLinear(image, slope, 2) / meanLinear(whiteImage, slope, 2);
    glm::vec3 flatAlbedo = meanLinear(image, flat, 2) / meanLinear(whiteImage, flat, 2);
    CAPTURE(slopeAlbedo.r);
    CAPTURE(slopeAlbedo.g);
    CAPTURE(slopeAlbedo.b);
    CAPTURE(flatAlbedo.r);
    CAPTURE(flatAlbedo.g);
    CAPTURE(flatAlbedo.b);
    CHECK(nearestLayer(slopeAlbedo, {0, 1, 2, 3, 4}) == 2);
    int flatLayer = nearestLayer(flatAlbedo, {0, 1, 2, 3, 4});
    CHECK((flatLayer == 0 || flatLayer == 1));

    // The wall, face on: a planar XZ projection would smear it into vertical streaks (no
    // change from row to row); the triplanar X face varies both ways.
    stage.add("wall", wall, material);
    ground.visible = false;
    stage.camera.position = {5.0f, 4.0f, 0.0f};
    stage.camera.target = {11.0f, 4.0f, 0.0f};
    stage.camera.up = {0, 1, 0};
    ImageRgba8 face = stage.render();
    test::dumpImage(face, "terrain-wall");
    double across = 0, down = 0;
    for (int y = 32; y < 96; ++y)
        for (int x = 32; x < 96; ++x) {
            across += std::abs(luminance(linearAt(face, x + 1, y)) - luminance(linearAt(face, x, y)));
            down += std::abs(luminance(linearAt(face, x, y + 1)) - luminance(linearAt(face, x, y)));
        }
    CAPTURE(across);
    CAPTURE(down);
    CHECK(across > 0.5);
    CHECK(down > 0.4 * across);
    CHECK(across > 0.4 * down);
    test::requireNoGlErrors(*stage.context);
}

namespace {
void pebbleHandedness(GlApi api) {
    Stage stage(api, 192, 192);
    MeshData field = makePlane(6.0f, 6.0f, 4);
    field.tangents.clear();
    tt::setLayerWeights(field, std::vector<tt::LayerWeights>(field.vertexCount(), oneHot(int(TerrainLayer::Pebble))));
    std::shared_ptr<TerrainPlugin> plugin;
    auto material = terrainMaterial(plugin);
    stage.add("pebbles", field, material);
    // Straight down from 1.2 m: about 1 m of ground across 192 pixels.
    stage.camera.position = {0.3f, 1.2f, 0.2f};
    stage.camera.target = {0.3f, 0.0f, 0.2f};
    stage.camera.up = {0.0f, 0.0f, -1.0f};

    const TerrainTextureSet& maps = *testMaps();
    const float tiling = kTerrainLayerTiling[size_t(TerrainLayer::Pebble)];
    // The map's tangent normal under each pixel: x along +u = world +X, y along +v = world +Z.
    std::vector<glm::vec2> normals;
    for (int y = 0; y < 192; ++y)
        for (int x = 0; x < 192; ++x) {
            glm::vec3 p = stage.groundAt(x, y);
            glm::vec2 uv = glm::vec2(p.x, p.z) / tiling;
            int tx = int(std::floor((uv.x - std::floor(uv.x)) * float(maps.size)));
            int ty = int(std::floor((uv.y - std::floor(uv.y)) * float(maps.size)));
            const uint8_t* n = maps.texel(maps.normal, int(TerrainLayer::Pebble), tx, ty);
            normals.push_back(glm::vec2(n[0], n[1]) / 127.5f - 1.0f);
        }

    struct Case {
        const char* name;
        glm::vec3 light; // direction of travel
        glm::vec2 towardSun; // in texture axes (u = X, v = Z)
    };
    const Case cases[] = {{"sun from +X", {-1.0f, -0.6f, 0.0f}, {1, 0}},
                          {"sun from -X", {1.0f, -0.6f, 0.0f}, {-1, 0}},
                          {"sun from +Z", {0.0f, -0.6f, -1.0f}, {0, 1}},
                          {"sun from -Z", {0.0f, -0.6f, 1.0f}, {0, -1}}};
    for (const Case& c : cases) {
        CAPTURE(std::string(c.name));
        stage.light(c.light, 2.5f);
        ImageRgba8 image = stage.render();
        test::dumpImage(image, str("terrain-pebbles-", &c - cases));
        double lit = 0, unlit = 0;
        int litCount = 0, unlitCount = 0;
        for (int y = 0; y < 192; ++y)
            for (int x = 0; x < 192; ++x) {
                float facing = glm::dot(normals[size_t(y) * 192 + size_t(x)], c.towardSun);
                float l = luminance(linearAt(image, x, y));
                if (facing > 0.3f) lit += l, ++litCount;
                if (facing < -0.3f) unlit += l, ++unlitCount;
            }
        REQUIRE(litCount > 200);
        REQUIRE(unlitCount > 200);
        lit /= litCount;
        unlit /= unlitCount;
        MESSAGE(std::string(c.name), ": sun-facing flanks ", lit, ", away-facing ", unlit, " (", litCount, " / ", unlitCount, " pixels)");
        CHECK(lit > 1.5 * unlit);
    }
    test::requireNoGlErrors(*stage.context);
}
} // namespace

TEST_CASE("a side-lit pebble field is brighter on the stones' sun-facing flanks (texture handedness)") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        pebbleHandedness(api);
    }
}

TEST_CASE("the road table paints asphalt along its centreline") {
    Stage stage(GlApi::Gles30, 128, 128);
    stage.light({0.3f, -1.0f, 0.2f});
    MeshData meadow = makePlane(30.0f, 30.0f, 8);
    meadow.tangents.clear();
    tt::setLayerWeights(meadow, std::vector<tt::LayerWeights>(meadow.vertexCount(), oneHot(0)));
    auto white = whiteReference();
    std::shared_ptr<TerrainPlugin> plugin;
    auto material = terrainMaterial(plugin);
    plugin->setRoad({{-15.0f, -3.0f}, {0.0f, 0.0f}, {15.0f, -3.0f}}, 2.0f);
    Node& reference = stage.add("reference", meadow, white);
    Node& ground = stage.add("meadow", meadow, material);
    stage.camera.position = {0.0f, 24.0f, 0.0f};
    stage.camera.target = {0.0f, 0.0f, 0.0f};
    stage.camera.up = {0.0f, 0.0f, -1.0f};
    ground.visible = false;
    ImageRgba8 whiteImage = stage.render();
    reference.visible = false;
    ground.visible = true;
    ImageRgba8 image = stage.render();
    test::dumpImage(image, "terrain-road");
    auto albedoAt = [&](glm::vec3 p) {
        glm::ivec2 px = stage.pixelOf(p);
        return meanLinear(image, px, 1) / meanLinear(whiteImage, px, 1);
    };
    for (glm::vec3 onRoad : {glm::vec3(0, 0, 0), glm::vec3(-7.5f, 0, -1.5f), glm::vec3(10.0f, 0, -2.0f)}) {
        CAPTURE(onRoad.x);
        CHECK(nearestLayer(albedoAt(onRoad), kAllLayers) == int(TerrainLayer::Asphalt));
    }
    for (glm::vec3 offRoad : {glm::vec3(0, 0, 6), glm::vec3(-7.5f, 0, 5), glm::vec3(8.0f, 0, -8.0f)}) {
        CAPTURE(offRoad.x);
        CHECK(nearestLayer(albedoAt(offRoad), kAllLayers) == int(TerrainLayer::Grass));
    }
    test::requireNoGlErrors(*stage.context);
}

TEST_CASE("hex-tiled grass hides its repeat: the image does not correlate with itself one tiling period away") {
    Stage stage(GlApi::Gles30, 256, 256);
    stage.light({0.2f, -1.0f, 0.3f});
    MeshData lawn = makePlane(40.0f, 40.0f, 4);
    lawn.tangents.clear();
    tt::setLayerWeights(lawn, std::vector<tt::LayerWeights>(lawn.vertexCount(), oneHot(int(TerrainLayer::Grass))));
    std::shared_ptr<TerrainPlugin> plugin;
    auto material = terrainMaterial(plugin);
    stage.add("lawn", lawn, material);
    // Straight down over 16 m: one 2 m repeat is exactly 32 pixels.
    stage.camera.position = {0.37f, 16.0f / (2.0f * std::tan(stage.camera.yfov * 0.5f)), 0.21f};
    stage.camera.target = {0.37f, 0.0f, 0.21f};
    stage.camera.up = {0.0f, 0.0f, -1.0f};
    ImageRgba8 image = stage.render();
    test::dumpImage(image, "terrain-lawn");
    const int period = int(std::lround(kTerrainLayerTiling[0] * 256.0f / 16.0f));
    REQUIRE(period == 32);
    auto shifted = [&](int dx, int dy) {
        std::vector<double> a, b;
        for (int y = 8; y + dy < 248; ++y)
            for (int x = 8; x + dx < 248; ++x) {
                a.push_back(luminance(linearAt(image, x, y)));
                b.push_back(luminance(linearAt(image, x + dx, y + dy)));
            }
        double ma = 0, mb = 0;
        for (size_t i = 0; i < a.size(); ++i) ma += a[i], mb += b[i];
        ma /= double(a.size()), mb /= double(b.size());
        double sab = 0, saa = 0, sbb = 0;
        for (size_t i = 0; i < a.size(); ++i) {
            sab += (a[i] - ma) * (b[i] - mb);
            saa += (a[i] - ma) * (a[i] - ma);
            sbb += (b[i] - mb) * (b[i] - mb);
        }
        return sab / std::sqrt(saa * sbb + 1e-30);
    };
    double alongX = shifted(period, 0), alongZ = shifted(0, period), neighbour = shifted(1, 0);
    MESSAGE("correlation one repeat away: ", alongX, " (x), ", alongZ, " (z); next pixel: ", neighbour);
    CHECK(neighbour > 0.3); // there is texture to correlate
    CHECK(alongX < 0.4);
    CHECK(alongZ < 0.4);
    test::requireNoGlErrors(*stage.context);
}

TEST_CASE("maps generated on a worker thread reach the GPU on the renderer's thread - drawing may wait for them") {
    Stage stage(GlApi::Gles30, 32, 32);
    stage.light({0.0f, -1.0f, 0.0f});
    MeshData patch = makePlane(4.0f, 4.0f, 1);
    patch.tangents.clear();
    tt::setLayerWeights(patch, std::vector<tt::LayerWeights>(patch.vertexCount(), oneHot(int(TerrainLayer::Sand))));
    std::shared_ptr<TerrainPlugin> plugin;
    auto material = terrainMaterial(plugin, false);
    plugin->setDrawBeforeMaps(false);
    test::TempDir cache;
    plugin->generateMapsAsync({.seed = 5, .size = 64}, cache.path);
    stage.add("patch", patch, material);
    stage.camera.position = {0.0f, 3.0f, 0.01f};
    stage.camera.target = {0.0f, 0.0f, 0.0f};
    plugin->waitForMaps();
    // Asked on the renderer's thread, readiness uploads the finished maps.
    CHECK(plugin->isReady());
    CHECK(plugin->mapsUploaded());
    CHECK(std::filesystem::exists(cache.path / "terrain-textures-v1-seed5-64.bin"));
    ImageRgba8 image = stage.render();
    CHECK(stage.renderer->stats().mainDrawCalls >= 1);
    CHECK(luminance(linearAt(image, 16, 16)) > 0.05f); // sand, lit
    TextureBinding albedo = plugin->texture("terrainAlbedo");
    REQUIRE(albedo.texture);
    CHECK(albedo.texture->width() == 64);
    CHECK(albedo.texture->desc().layers == kTerrainLayerCount);
    CHECK((albedo.texture->desc().format == TextureFormat::SRGB8_ALPHA8));
    CHECK((plugin->texture("terrainNormals").texture->desc().format == TextureFormat::RGBA8));
    CHECK((plugin->texture("terrainRoadTable").texture->desc().format == TextureFormat::RGBA32F));

    // A fresh plugin binds 1×1 placeholders of six layers meanwhile.
    TerrainPlugin fresh;
    TextureBinding placeholder = fresh.texture("terrainRAH");
    REQUIRE(placeholder.texture);
    CHECK(placeholder.texture->width() == 1);
    CHECK(placeholder.texture->desc().layers == kTerrainLayerCount);
    CHECK(fresh.isReady()); // drawing before the maps is the default
    CHECK_FALSE(fresh.mapsUploaded());
    test::requireNoGlErrors(*stage.context);
}

TEST_CASE("the terrain scales the material's roughness and albedo rather than replacing them: wet ground still glistens") {
    Stage stage(GlApi::Gles30, 64, 64);
    // The sun's mirror direction off the ground points at the camera through the image centre.
    glm::vec3 toCamera = glm::normalize(glm::vec3(0.0f, 3.0f, 6.0f));
    stage.light({toCamera.x, -toCamera.y, toCamera.z}, 2.0f);
    stage.camera.position = {0.0f, 3.0f, 6.0f};
    stage.camera.target = {0.0f, 0.0f, 0.0f};
    MeshData lawn = makePlane(30.0f, 30.0f, 4);
    lawn.tangents.clear();
    tt::setLayerWeights(lawn, std::vector<tt::LayerWeights>(lawn.vertexCount(), oneHot(int(TerrainLayer::Grass))));
    std::shared_ptr<TerrainPlugin> plugin;
    auto material = terrainMaterial(plugin);
    material->setIor(1.5f);
    stage.add("lawn", lawn, material);
    ImageRgba8 dry = stage.render();
    // Weather: wet ground is darker and smoother (the material's own factors).
    material->setBaseColorFactor({0.6f, 0.6f, 0.6f, 1.0f});
    material->setMetallicRoughness(0.0f, 0.25f);
    ImageRgba8 wet = stage.render();
    test::dumpImage(dry, "terrain-dry");
    test::dumpImage(wet, "terrain-wet");
    float dryHighlight = luminance(meanLinear(dry, {32, 32}, 2)), wetHighlight = luminance(meanLinear(wet, {32, 32}, 2));
    float dryAside = luminance(meanLinear(dry, {5, 58}, 2)), wetAside = luminance(meanLinear(wet, {5, 58}, 2));
    MESSAGE("highlight dry ", dryHighlight, " wet ", wetHighlight, "; away from it dry ", dryAside, " wet ", wetAside);
    CHECK(wetHighlight > 1.5f * dryHighlight);
    CHECK(wetAside < dryAside);
    test::requireNoGlErrors(*stage.context);
}
