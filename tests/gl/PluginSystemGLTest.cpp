// The material plugin system on the real driver: every key type, ordering, switches, the
// effect cache key, plugin code in the shadow pass, bakes, budgets, live uniforms across
// rebuilds, and recovery from a broken snippet.
#include "support/RenderHarness.h"

#include <filesystem>
#include <map>
#include <string_view>

#include <glm/gtc/matrix_transform.hpp>

#include "assets/GltfImporter.h"
#include "assets/ModelLoader.h"
#include "assets/ProceduralMeshes.h"
#include "core/Log.h"
#include "core/Str.h"
#include "material/MaterialRegistry.h"
#include "material/PluginUniforms.h"
#include "shader/ShaderBuilder.h"

using namespace th;
using test::RenderHarness;

namespace {

/// A plugin assembled from a declaration, with a settable uniform and define switch.
class TestPlugin : public MaterialPlugin {
public:
    explicit TestPlugin(PluginDeclaration d) : MaterialPlugin(std::move(d)) {}
    void updateUniforms(PluginUniforms& u, const FrameInfo&) const override {
        for (auto& [name, value] : floats) u.set(name, value);
        for (auto& [name, value] : vec3s) u.set(name, value);
    }
    void prepareDefines(ShaderDefines& defines, const DrawInfo& draw) const override {
        MaterialPlugin::prepareDefines(defines, draw);
        for (auto& d : extraDefines) setDefine(defines, d, "");
    }
    std::vector<std::pair<std::string, float>> floats;
    std::vector<std::pair<std::string, glm::vec3>> vecs() const { return vec3s; }
    std::vector<std::pair<std::string, glm::vec3>> vec3s;
    std::vector<std::string> extraDefines;
};

PluginDeclaration tint(const std::string& name, int priority, const std::string& color) {
    PluginDeclaration d;
    d.name = name;
    d.priority = priority;
    d.fragment = {{"CUSTOM_FRAGMENT_UPDATE_ALBEDO", "surfaceAlbedo = " + color + ";\n"}};
    return d;
}

/// The error of a material's main-pass effect, which must have failed.
std::string mainPassError(RenderHarness& h, const Material& material) {
    auto effect = h.renderer->effects().get(h.renderer->effectRequest(material, {.pass = RenderPass::Main, .hasUv0 = true}));
    REQUIRE(effect->failed());
    MESSAGE(effect->error());
    return effect->error();
}

// A view from above and to the north of a floor with a box on it, lit by the noon sun
// from the south, so the box's shadow falls on the floor towards +Z.
void shadowStage(RenderHarness& h, std::shared_ptr<Material> boxMaterial) {
    auto floor = std::make_shared<PbrMaterial>("floor");
    floor->setBaseColorFactor({0.8f, 0.8f, 0.8f, 1});
    floor->setMetallicRoughness(0, 1);
    h.add("floor", makePlane(20, 20, 1), floor);
    Node& box = h.add("box", makeBox({1, 2, 1}), std::move(boxMaterial));
    box.transform.translation = {0, 1, 0};
    h.scene.sky.hour = 12;
    h.scene.sky.sunIlluminance = 2.0f;
    h.camera.position = {0, 14, 10};
    h.camera.target = {0, 0, 2};
    h.camera.nearPlane = 0.5f;
    h.camera.farPlane = 60;
    h.renderer->options().shadows.cascades = 1;
    h.renderer->options().shadows.maxDistance = 40;
}

glm::ivec2 toPixel(const RenderHarness& h, const glm::vec3& world) {
    Camera c = h.camera;
    c.aspect = float(h.output->width()) / float(h.output->height());
    glm::vec4 clip = c.viewProjection() * glm::vec4(world, 1.0f);
    glm::vec2 ndc = glm::vec2(clip) / clip.w;
    return {int((ndc.x * 0.5f + 0.5f) * float(h.output->width())), int((0.5f - ndc.y * 0.5f) * float(h.output->height()))};
}

double brightness(const RenderHarness& h, const ImageRgba8& image, const glm::vec3& world) {
    glm::ivec2 p = toPixel(h, world);
    return test::meanChannel(image, p.x - 1, p.y - 1, p.x + 2, p.y + 2, 3);
}

} // namespace

TEST_CASE("every key type injects - a marker and a regex and a callable target") {
    RenderHarness h;
    auto material = std::make_shared<PbrMaterial>("m");
    material->setParams(PbrParams{.unlit = true});
    PluginDeclaration d;
    d.name = "AllKeys";
    d.uniforms = {{"lift", "float"}};
    d.fragment = {{"CUSTOM_FRAGMENT_UPDATE_ALBEDO", "surfaceAlbedo = vec3(0.0, 0.0, 1.0);\n"},
                  {"!finalColor \\+= surfaceEmissive;", "finalColor += surfaceEmissive + vec3(lift, 0.0, 0.0);"}};
    d.vertex = {{"OFFSET_POSITION_WORLD", "positionW.y += 0.0;\n"}};
    auto plugin = std::make_shared<TestPlugin>(d);
    plugin->floats = {{"lift", 1.0f}};
    material->addPlugin(plugin);
    h.add("quad", makePlane(4, 4, 1), material);
    h.camera.position = {0, 5, 0.01f};
    h.camera.target = {0, 0, 0};
    ImageRgba8 image = h.render();
    auto c = image.rgba(48, 48);
    CHECK(c[0] == 255); // the regex added lift to red
    CHECK(c[2] == 255); // the marker set blue albedo (unlit)
    CHECK(c[1] == 0);
    // The hook's statement landed in the generated function body.
    auto effect = h.renderer->effects().get(h.renderer->effectRequest(*material, {.pass = RenderPass::Main, .hasUv0 = true}));
    CHECK(effect->vertexSource().text.find("positionW.y += 0.0;") != std::string::npos);
    test::requireNoGlErrors(*h.context);
}

TEST_CASE("plugins inject in priority order with ties in registration order") {
    RenderHarness h;
    auto material = std::make_shared<PbrMaterial>("m", PbrParams{.unlit = true});
    // Both write albedo at the same marker: the last one injected wins.
    material->addPlugin(std::make_shared<TestPlugin>(tint("Blue", 10, "vec3(0.0, 0.0, 1.0)")));
    material->addPlugin(std::make_shared<TestPlugin>(tint("Red", 0, "vec3(1.0, 0.0, 0.0)")));
    h.add("quad", makePlane(4, 4, 1), material);
    h.camera.position = {0, 5, 0.01f};
    ImageRgba8 image = h.render();
    CHECK(image.rgba(48, 48)[2] == 255); // Blue (priority 10) runs after Red (0)
    CHECK(image.rgba(48, 48)[0] == 0);

    auto material2 = std::make_shared<PbrMaterial>("m2", PbrParams{.unlit = true});
    material2->addPlugin(std::make_shared<TestPlugin>(tint("First", 5, "vec3(1.0, 0.0, 0.0)")));
    material2->addPlugin(std::make_shared<TestPlugin>(tint("Second", 5, "vec3(0.0, 1.0, 0.0)")));
    h.scene.root().find("quad")->mesh->setMaterial(material2);
    image = h.render();
    CHECK(image.rgba(48, 48)[1] == 255); // equal priority: registration order, Second last
}

TEST_CASE("enable and disable and define and uniform switches cost what the documentation says") {
    RenderHarness h;
    auto material = std::make_shared<PbrMaterial>("m", PbrParams{.unlit = true});
    PluginDeclaration d;
    d.name = "Switchable";
    d.defines = {{"SWITCH_GREEN", std::nullopt}};
    d.uniforms = {{"tintColor", "vec3"}};
    d.fragment = {{"CUSTOM_FRAGMENT_UPDATE_ALBEDO",
                   "#ifdef SWITCH_GREEN\nsurfaceAlbedo = vec3(0.0, 1.0, 0.0);\n#else\nsurfaceAlbedo = tintColor;\n#endif\n"}};
    auto plugin = std::make_shared<TestPlugin>(d);
    plugin->vec3s = {{"tintColor", {1, 0, 0}}};
    material->addPlugin(plugin);
    h.add("quad", makePlane(4, 4, 1), material);
    h.camera.position = {0, 5, 0.01f};

    CHECK(h.render().rgba(48, 48)[0] == 255);
    auto built = h.renderer->effects().stats().built;

    // A uniform is instant: same effect, new colour.
    plugin->vec3s = {{"tintColor", {0, 0, 1}}};
    CHECK(h.render().rgba(48, 48)[2] == 255);
    CHECK(h.renderer->effects().stats().built == built);

    // A define selects another effect...
    plugin->extraDefines = {"SWITCH_GREEN"};
    plugin->markDefinesDirty();
    CHECK(h.render().rgba(48, 48)[1] == 255);
    auto builtAfterDefine = h.renderer->effects().stats().built;
    CHECK(builtAfterDefine > built);
    // ...and flipping it back is a cache hit.
    plugin->extraDefines.clear();
    plugin->markDefinesDirty();
    CHECK(h.render().rgba(48, 48)[2] == 255);
    CHECK(h.renderer->effects().stats().built == builtAfterDefine);

    // Disabled: the code is gone (plain white unlit material).
    plugin->setEnabled(false);
    auto c = h.render().rgba(48, 48);
    CHECK((c == std::array<uint8_t, 4>{255, 255, 255, 255}));
    plugin->setEnabled(true);
    CHECK(h.render().rgba(48, 48)[2] == 255);
}

TEST_CASE("the effect cache key separates materials whose plugins differ under equal defines") {
    RenderHarness h;
    auto a = std::make_shared<PbrMaterial>("a", PbrParams{.unlit = true});
    auto b = std::make_shared<PbrMaterial>("b", PbrParams{.unlit = true});
    auto c = std::make_shared<PbrMaterial>("c", PbrParams{.unlit = true});
    a->addPlugin(std::make_shared<TestPlugin>(tint("Tint", 0, "vec3(1.0, 0.0, 0.0)")));
    b->addPlugin(std::make_shared<TestPlugin>(tint("Tint", 0, "vec3(0.0, 1.0, 0.0)"))); // same name, other code
    c->addPlugin(std::make_shared<TestPlugin>(tint("Tint", 0, "vec3(1.0, 0.0, 0.0)"))); // same code as a
    DrawInfo draw{.pass = RenderPass::Main, .hasUv0 = true};
    auto ea = h.renderer->effects().get(h.renderer->effectRequest(*a, draw));
    auto eb = h.renderer->effects().get(h.renderer->effectRequest(*b, draw));
    auto ec = h.renderer->effects().get(h.renderer->effectRequest(*c, draw));
    CHECK(ea->id() != eb->id());
    CHECK(ea->id() == ec->id());
}

TEST_CASE("a plugin factory reaches existing and later materials and may decline") {
    MaterialRegistry registry;
    auto early = registry.create<PbrMaterial>("early");
    auto declined = registry.create<PbrMaterial>("no-plugins-please");
    int calls = 0;
    registry.addPluginFactory("tint", [&](Material& m) -> std::shared_ptr<MaterialPlugin> {
        ++calls;
        if (m.name() == "no-plugins-please") return nullptr;
        return std::make_shared<TestPlugin>(tint("FactoryTint", 0, "vec3(1.0)"));
    });
    auto late = registry.create<PbrMaterial>("late");
    auto error = registry.create<ErrorMaterial>(); // takes no plugins: never offered
    CHECK(early->plugin("FactoryTint") != nullptr);
    CHECK(late->plugin("FactoryTint") != nullptr);
    CHECK(declined->plugin("FactoryTint") == nullptr);
    CHECK(error->plugins().empty());
    CHECK(calls == 3);
    CHECK(registry.stats().declined == 1);
}

TEST_CASE("a plugin factory added after a glTF import reaches the imported materials and those built in code") {
    RenderHarness h;
    // Imported first: the loader registers the model's materials with the renderer's registry.
    ImportedModel model = importGltf(std::filesystem::path(test::sourceDir()) / "tests/data/gltf/triangle.gltf");
    LoadedModel loaded = addModelToScene(model, h.scene, h.scene.root(), &h.renderer->materials(), {});
    REQUIRE(!loaded.materials.empty());
    // Built in code and never registered by hand: the renderer registers it when it draws it.
    auto coded = std::make_shared<PbrMaterial>("coded", PbrParams{.unlit = true});
    h.add("quad", makePlane(2, 2, 1), coded);
    h.camera.position = {0, 5, 0.01f};
    h.render();

    int offered = 0;
    h.renderer->materials().addPluginFactory("tint", [&](Material&) -> std::shared_ptr<MaterialPlugin> {
        ++offered;
        return std::make_shared<TestPlugin>(tint("LateTint", 0, "vec3(0.0, 0.0, 1.0)"));
    });
    for (auto& m : loaded.materials) CHECK(m->plugin("LateTint") != nullptr);
    CHECK(coded->plugin("LateTint") != nullptr);
    CHECK(offered == int(loaded.materials.size()) + 1);
    // ...and the attached code draws: the unlit quad turns blue.
    ImageRgba8 image = h.render();
    glm::ivec2 p = toPixel(h, {-0.5f, 0.0f, 0.5f});
    auto c = image.rgba(p.x, p.y);
    CHECK(c[2] > 200);
    CHECK(c[0] < 40);
    test::requireNoGlErrors(*h.context);
}

TEST_CASE("a plugin's vertex displacement moves the shadow it casts") {
    RenderHarness h(GlApi::Gles30, 128, 128);
    auto boxMaterial = std::make_shared<PbrMaterial>("box");
    PluginDeclaration d;
    d.name = "Shift";
    d.uniforms = {{"shift", "float"}};
    d.vertex = {{"CUSTOM_VERTEX_UPDATE_WORLDPOS", "worldPos.x += shift;\n"}};
    auto plugin = std::make_shared<TestPlugin>(d);
    plugin->floats = {{"shift", 0.0f}};
    boxMaterial->addPlugin(plugin);
    shadowStage(h, boxMaterial);

    // The 2 m box's shadow lies on the floor between z = 0.5 and 2.5 (sun at 45° from the south).
    glm::vec3 shadowAtRest{0, 0, 1.5f}, shadowShifted{4, 0, 1.5f};
    ImageRgba8 before = h.render();
    plugin->floats = {{"shift", 4.0f}};
    ImageRgba8 after = h.render();
    MESSAGE("rest: ", brightness(h, before, shadowAtRest), " -> ", brightness(h, after, shadowAtRest),
            "; shifted: ", brightness(h, before, shadowShifted), " -> ", brightness(h, after, shadowShifted));
    CHECK(brightness(h, before, shadowAtRest) < 0.6 * brightness(h, before, shadowShifted));
    CHECK(brightness(h, after, shadowShifted) < 0.6 * brightness(h, after, shadowAtRest));
    test::requireNoGlErrors(*h.context);
}

TEST_CASE("a plugin's discard cuts the shadow") {
    RenderHarness h(GlApi::Gl33Core, 128, 128);
    auto boxMaterial = std::make_shared<PbrMaterial>("box");
    PluginDeclaration d;
    d.name = "HalfCut";
    d.fragment = {{"CUSTOM_FRAGMENT_MAIN_BEGIN", "if (vPositionW.x > 0.0) discard;\n"}};
    boxMaterial->addPlugin(std::make_shared<TestPlugin>(d));
    shadowStage(h, boxMaterial);
    ImageRgba8 image = h.render();
    double left = brightness(h, image, {-0.3f, 0, 1.5f}), right = brightness(h, image, {0.3f, 0, 1.5f});
    MESSAGE("shadow left ", left, ", right ", right);
    CHECK(left < 0.6 * right);
}

TEST_CASE("a bake with a plugin renders non-empty pixels and an empty bake is an error") {
    RenderHarness h;
    auto material = std::make_shared<PbrMaterial>("card", PbrParams{.unlit = true});
    material->addPlugin(std::make_shared<TestPlugin>(tint("Green", 0, "vec3(0.0, 1.0, 0.0)")));
    h.add("sphere", makeUvSphere(1, 16, 8), material);
    Camera bakeCamera;
    bakeCamera.position = {0, 0, 4};
    bakeCamera.target = {0, 0, 0};
    BakeResult result = h.renderer->bake(h.scene, bakeCamera, 64, 64, "impostor");
    CHECK(result.coveredPixels > 64 * 64 / 8);
    auto center = result.image.rgba(32, 32);
    CHECK(center[1] == 255);
    CHECK(center[3] == 255);
    CHECK(result.image.rgba(0, 0)[3] == 0); // transparent outside the sphere
    CHECK(result.texture->mipLevels() > 1);

    bakeCamera.target = {0, 0, 10}; // looking away: nothing covered
    CHECK_THROWS_WITH_AS(h.renderer->bake(h.scene, bakeCamera, 32, 32, "empty"),
                         doctest::Contains("bake 'empty' covered no pixels"), Error);
}

TEST_CASE("a material over the 16-unit budget reports every contributor") {
    RenderHarness h;
    auto material = std::make_shared<PbrMaterial>("greedy");
    PluginDeclaration d;
    d.name = "Greedy";
    std::string code = "vec3 sum = vec3(0.0);\n";
    for (int i = 0; i < 12; ++i) {
        d.samplers.push_back({"greedy" + std::to_string(i), "sampler2D", "highp"});
        code += "sum += texture(greedy" + std::to_string(i) + ", vUv0).rgb;\n";
    }
    code += "surfaceAlbedo *= sum;\n";
    d.fragment = {{"CUSTOM_FRAGMENT_UPDATE_ALBEDO", code}};
    material->addPlugin(std::make_shared<TestPlugin>(d));
    const std::string e = mainPassError(h, *material);
    CHECK(e.find("texture units") != std::string::npos);
    CHECK(e.find("engine (IBL specular)") != std::string::npos);
    CHECK(e.find("plugin 'Greedy': 12") != std::string::npos);
    CHECK(e.find("allow 16") != std::string::npos);
}

TEST_CASE("a material over the uniform-block budget names every block and where it is declared") {
    RenderHarness h;
    auto material = std::make_shared<PbrMaterial>("blocky");
    PluginDeclaration d;
    d.name = "Blocky";
    std::string definitions, use = "surfaceAlbedo *= vec3(1.0)";
    for (int i = 0; i < 10; ++i) {
        definitions += "layout(std140) uniform Blocky" + std::to_string(i) + " { vec4 blocky" + std::to_string(i) + "; };\n";
        use += " * blocky" + std::to_string(i) + ".rgb";
    }
    d.fragment = {{"CUSTOM_FRAGMENT_DEFINITIONS", definitions, "plugins/blocky/blocky.frag.glsl", 1},
                  {"CUSTOM_FRAGMENT_UPDATE_ALBEDO", use + ";\n"}};
    material->addPlugin(std::make_shared<TestPlugin>(d));
    const std::string e = mainPassError(h, *material);
    CHECK(e.find("uniform blocks") != std::string::npos);
    CHECK(e.find("allow 12") != std::string::npos);
    CHECK(e.find("Scene (declared at ") != std::string::npos);
    CHECK(e.find("Blocky9 (declared at plugins/blocky/blocky.frag.glsl:10)") != std::string::npos);
}

TEST_CASE("a link error is traced to the plugin line that declares the varying") {
    RenderHarness h;
    auto material = std::make_shared<PbrMaterial>("tinted", PbrParams{.unlit = true});
    PluginDeclaration d;
    d.name = "HalfTint";
    // The fragment reads a varying the plugin forgot to write from the vertex stage.
    d.fragment = {{"CUSTOM_FRAGMENT_DEFINITIONS", "// the tint from the vertex stage\nin vec3 vHalfTint;\n",
                   "plugins/halftint/halftint.frag.glsl", 1},
                  {"CUSTOM_FRAGMENT_UPDATE_ALBEDO", "surfaceAlbedo = vHalfTint;\n"}};
    material->addPlugin(std::make_shared<TestPlugin>(d));
    auto effect = h.renderer->effects().get(h.renderer->effectRequest(*material, {.pass = RenderPass::Main, .hasUv0 = true}));
    for (int i = 0; i < 200 && !effect->ready() && !effect->failed(); ++i) h.renderer->effects().poll();
    REQUIRE(effect->failed());
    const std::string& e = effect->error();
    MESSAGE(e);
    CHECK(e.find("link") != std::string::npos);
    CHECK(e.find("[vHalfTint: vertex: not declared; fragment: plugins/halftint/halftint.frag.glsl:2") != std::string::npos);
    for (auto& m : h.context->debug().takeErrors()) MESSAGE("driver: ", m.text); // the deliberate link failure
}

namespace {

/// Tints each draw by which side of x = 0 its object stands on: a per-object value on one
/// shared material, written per draw.
class SideTint : public MaterialPlugin {
public:
    SideTint() : MaterialPlugin(declaration()) {}
    static PluginDeclaration declaration() {
        PluginDeclaration d;
        d.name = "SideTint";
        d.uniforms = {{"sideRed", "float"}};
        d.fragment = {{"CUSTOM_FRAGMENT_UPDATE_ALBEDO", "surfaceAlbedo = vec3(sideRed, 0.0, 1.0 - sideRed);\n"}};
        d.perDrawUniforms = true;
        return d;
    }
    void updateDrawUniforms(PluginUniforms& uniforms, const DrawContext& draw, const FrameInfo&) const override {
        uniforms.set("sideRed", draw.world[3].x > 0.0f ? 1.0f : 0.0f);
        ++draws;
    }
    mutable int draws = 0;
};

} // namespace

TEST_CASE("per-draw plugin uniforms give two objects sharing a material their own values") {
    RenderHarness h;
    auto material = std::make_shared<PbrMaterial>("shared", PbrParams{.unlit = true});
    auto plugin = std::make_shared<SideTint>();
    material->addPlugin(plugin);
    h.add("left", makePlane(1, 1, 1), material).transform.translation = {-1, 0, 0};
    h.add("right", makePlane(1, 1, 1), material).transform.translation = {1, 0, 0};
    h.camera.position = {0, 5, 0.01f};
    ImageRgba8 image = h.render();
    glm::ivec2 left = toPixel(h, {-1, 0, 0}), right = toPixel(h, {1, 0, 0});
    CHECK((image.rgba(left.x, left.y) == std::array<uint8_t, 4>{0, 0, 255, 255}));
    CHECK((image.rgba(right.x, right.y) == std::array<uint8_t, 4>{255, 0, 0, 255}));
    CHECK(plugin->draws >= 2);
    test::requireNoGlErrors(*h.context);
}

TEST_CASE("an animated plugin uniform survives a rebuild mid-animation") {
    RenderHarness h;
    auto material = std::make_shared<PbrMaterial>("m", PbrParams{.unlit = true});
    PluginDeclaration d;
    d.name = "Pulse";
    d.defines = {{"PULSE_VARIANT", std::nullopt}};
    d.uniforms = {{"pulse", "float"}};
    d.fragment = {{"CUSTOM_FRAGMENT_UPDATE_ALBEDO",
                   "#ifdef PULSE_VARIANT\nsurfaceAlbedo = vec3(pulse, 0.0, 1.0);\n#else\nsurfaceAlbedo = vec3(pulse, 0.0, 0.0);\n#endif\n"}};
    auto plugin = std::make_shared<TestPlugin>(d);
    material->addPlugin(plugin);
    h.add("quad", makePlane(4, 4, 1), material);
    h.camera.position = {0, 5, 0.01f};
    // sRGB encodings of the pulse values used below.
    const std::map<float, int> encoded = {{0.0f, 0}, {0.2f, 124}, {0.4f, 170}, {0.8f, 231}};
    for (int frame = 0; frame < 3; ++frame) {
        float pulse = 0.2f * float(frame);
        plugin->floats = {{"pulse", pulse}};
        auto c = h.render(frame / 60.0).rgba(48, 48);
        CHECK(c[2] == 0); // the first program
        CHECK(int(c[0]) == doctest::Approx(encoded.at(pulse)).epsilon(0.02));
    }
    // Mid-animation: the value moves on AND a define flips, forcing a new program.
    plugin->floats = {{"pulse", 0.8f}};
    plugin->extraDefines = {"PULSE_VARIANT"};
    plugin->markDefinesDirty();
    auto c = h.render(3 / 60.0).rgba(48, 48);
    CHECK(c[2] == 255);                          // the rebuilt program is in use
    CHECK(int(c[0]) == doctest::Approx(231).epsilon(0.01));
    // The animation goes on after the rebuild: the new program follows the live value, not
    // the one it was built with (the onBeforeCompile trap froze it there).
    for (int frame = 4; frame < 6; ++frame) {
        float pulse = frame == 4 ? 0.4f : 0.0f;
        plugin->floats = {{"pulse", pulse}};
        auto after = h.render(frame / 60.0).rgba(48, 48);
        CHECK(after[2] == 255);
        CHECK(int(after[0]) == doctest::Approx(encoded.at(pulse)).epsilon(0.02));
    }
}

TEST_CASE("a broken plugin snippet names plugin and key and line - the error material shows - hot reload recovers") {
    RenderHarness h;
    auto material = std::make_shared<PbrMaterial>("ground", PbrParams{.unlit = true});
    PluginDeclaration d;
    d.name = "Typo";
    d.fragment = {{"CUSTOM_FRAGMENT_UPDATE_ALBEDO", "// a comment line\nsurfaceAlbedo = vec3(terrainRuff);\n",
                   "plugins/typo/typo.frag.glsl", 10}};
    auto plugin = std::make_shared<TestPlugin>(d);
    material->addPlugin(plugin);
    h.add("quad", makePlane(2, 2, 1), material);
    auto healthy = std::make_shared<PbrMaterial>("healthy", PbrParams{.baseColorFactor = {0, 1, 0, 1}, .unlit = true});
    Node& other = h.add("other", makePlane(2, 2, 1), healthy);
    other.transform.translation = {3, 0, 0};
    h.camera.position = {1.5f, 6, 0.01f};
    h.camera.target = {1.5f, 0, 0};
    ImageRgba8 image;
    {
        std::vector<std::string> errors;
        ScopedLogSink sink([&](LogLevel level, std::string_view m) {
            if (level == LogLevel::Error) errors.emplace_back(m);
        });
        image = h.render();
        // One line names the snippet file and its line, the identifier, the plugin and the key.
        bool named = false;
        for (auto& e : errors)
            for (std::string_view line : split(e, '\n'))
                named = named || (line.find("plugins/typo/typo.frag.glsl:11") != std::string_view::npos &&
                                  line.find("terrainRuff") != std::string_view::npos &&
                                  line.find("plugin 'Typo' key 'CUSTOM_FRAGMENT_UPDATE_ALBEDO'") != std::string_view::npos);
        if (!named)
            for (auto& e : errors) MESSAGE(e);
        CHECK(named);
        // The driver's own debug messages for the failed compile are expected here: claim
        // them, so only they are excused.
        for (auto& m : h.context->debug().takeErrors()) {
            bool aboutTheTypo = m.text.find("terrainRuff") != std::string::npos || m.text.find("vec3") != std::string::npos;
            CHECK_MESSAGE(aboutTheTypo, m.text);
        }
    }
    CHECK(h.renderer->stats().errorDraws > 0);
    glm::ivec2 broken = toPixel(h, {0, 0, 0}), fine = toPixel(h, {3, 0, 0});
    auto magentaOrDark = image.rgba(broken.x, broken.y);
    auto magentaCount = 0;
    for (int y = broken.y - 8; y < broken.y + 8; ++y)
        for (int x = broken.x - 8; x < broken.x + 8; ++x) {
            auto p = image.rgba(x, y);
            if (p[0] == 255 && p[1] == 0 && p[2] == 255) ++magentaCount;
        }
    (void)magentaOrDark;
    CHECK(magentaCount > 20);                       // the error material is visible...
    CHECK(image.rgba(fine.x, fine.y)[1] == 255);    // ...and the rest of the scene renders

    plugin->replaceCode({}, {{"CUSTOM_FRAGMENT_UPDATE_ALBEDO", "surfaceAlbedo = vec3(1.0, 1.0, 0.0);\n", "plugins/typo/typo.frag.glsl", 10}});
    image = h.render();
    auto fixed = image.rgba(broken.x, broken.y);
    CHECK((fixed == std::array<uint8_t, 4>{255, 255, 0, 255}));
    CHECK(h.renderer->stats().errorDraws == 0);
}

TEST_CASE("a plugin reading per-instance data compiles and renders on a non-instanced copy") {
    RenderHarness h;
    auto material = std::make_shared<PbrMaterial>("m", PbrParams{.unlit = true});
    PluginDeclaration d;
    d.name = "PerInstance";
    d.attributes = {{"instanceTint", 3}};
    d.vertex = {{"CUSTOM_VERTEX_DEFINITIONS", "out vec3 vInstanceTint;\n"},
                {"CUSTOM_VERTEX_MAIN_END", "#ifdef INSTANCES\nvInstanceTint = instanceTint;\n#else\nvInstanceTint = vec3(1.0, 1.0, 0.0);\n#endif\n"}};
    d.fragment = {{"CUSTOM_FRAGMENT_DEFINITIONS", "in vec3 vInstanceTint;\n"},
                  {"CUSTOM_FRAGMENT_UPDATE_ALBEDO", "surfaceAlbedo = vInstanceTint;\n"}};
    material->addPlugin(std::make_shared<TestPlugin>(d));
    Node& single = h.add("single", makePlane(1, 1, 1), material);
    single.transform.translation = {-1, 0, 0};
    Node& many = h.add("many", makePlane(1, 1, 1), material);
    auto instances = std::make_shared<InstanceBuffer>("tinted");
    instances->setMatrices({glm::translate(glm::mat4(1.0f), glm::vec3(1, 0, 0))});
    instances->setStream("instanceTint", 3, {0.0f, 0.0f, 1.0f});
    many.mesh->setInstances(instances);
    h.camera.position = {0, 5, 0.01f};
    ImageRgba8 image = h.render();
    glm::ivec2 a = toPixel(h, {-1, 0, 0}), b = toPixel(h, {1, 0, 0});
    CHECK((image.rgba(a.x, a.y) == std::array<uint8_t, 4>{255, 255, 0, 255}));
    CHECK((image.rgba(b.x, b.y) == std::array<uint8_t, 4>{0, 0, 255, 255}));
    test::requireNoGlErrors(*h.context);
}
