// Code plugins share, on the real driver: includes inside snippets, shader modules and
// callable targets that return values. Pixels are read back where the result is visible.
#include "support/RenderHarness.h"

#include "assets/ProceduralMeshes.h"
#include "core/Log.h"
#include "core/Str.h"
#include "gl/Program.h"
#include "shader/ShaderBuilder.h"

using namespace th;
using test::RenderHarness;

namespace {

class CodePlugin : public MaterialPlugin {
public:
    explicit CodePlugin(PluginDeclaration d) : MaterialPlugin(std::move(d)) {}
};

PluginDeclaration declaration(std::string name, std::vector<std::string> modules,
                              std::vector<PluginDeclaration::Snippet> fragment) {
    PluginDeclaration d;
    d.name = std::move(name);
    d.modules = std::move(modules);
    d.fragment = std::move(fragment);
    return d;
}

/// An unlit quad seen from above, filling the middle of the image, next to a healthy one.
struct Stage {
    RenderHarness h;
    std::shared_ptr<PbrMaterial> material = std::make_shared<PbrMaterial>("quad", PbrParams{.unlit = true});
    Stage() {
        h.add("quad", makePlane(2, 2, 1), material);
        auto healthy = std::make_shared<PbrMaterial>("healthy", PbrParams{.baseColorFactor = {0, 1, 0, 1}, .unlit = true});
        Node& other = h.add("other", makePlane(2, 2, 1), healthy);
        other.transform.translation = {3, 0, 0};
        h.camera.position = {1.5f, 6, 0.01f};
        h.camera.target = {1.5f, 0, 0};
    }
    std::array<uint8_t, 4> at(const ImageRgba8& image, glm::vec3 world) const {
        Camera c = h.camera;
        c.aspect = float(image.width) / float(image.height);
        glm::vec4 clip = c.viewProjection() * glm::vec4(world, 1);
        glm::vec2 ndc = glm::vec2(clip) / clip.w;
        int x = int((ndc.x * 0.5f + 0.5f) * float(image.width)), y = int((0.5f - ndc.y * 0.5f) * float(image.height));
        return image.rgba(x, y);
    }
    /// The error material's magenta pattern covers part of a 16×16 window around `world`.
    bool showsErrorMaterial(const ImageRgba8& image, glm::vec3 world) const {
        Camera c = h.camera;
        c.aspect = float(image.width) / float(image.height);
        glm::vec4 clip = c.viewProjection() * glm::vec4(world, 1);
        glm::vec2 ndc = glm::vec2(clip) / clip.w;
        int cx = int((ndc.x * 0.5f + 0.5f) * float(image.width)), cy = int((0.5f - ndc.y * 0.5f) * float(image.height));
        int magenta = 0;
        for (int y = cy - 8; y < cy + 8; ++y)
            for (int x = cx - 8; x < cx + 8; ++x) {
                auto p = image.rgba(x, y);
                if (p[0] == 255 && p[1] == 0 && p[2] == 255) ++magenta;
            }
        return magenta > 20;
    }
    std::shared_ptr<Effect> mainEffect() {
        return h.renderer->effects().get(h.renderer->effectRequest(*material, {.pass = RenderPass::Main, .hasUv0 = true}));
    }
};

} // namespace

TEST_CASE("a snippet that includes helper functions compiles on the driver and its function is called") {
    Stage s;
    s.h.renderer->store().add("test/helperFunctions.glsl", "vec3 testHelperRed(float k) {\n    return vec3(k, 0.0, 0.0);\n}\n",
                              "shaders/test/helperFunctions.glsl");
    s.material->addPlugin(std::make_shared<CodePlugin>(declaration(
        "Helpers", {},
        {{"CUSTOM_FRAGMENT_DEFINITIONS", "#include<helperFunctions> // helpers (shared)\n"},
         {"CUSTOM_FRAGMENT_UPDATE_ALBEDO", "surfaceAlbedo = testHelperRed(1.0);\n"}})));
    ImageRgba8 image = s.h.render();
    REQUIRE(s.mainEffect()->ready());
    CHECK((s.at(image, {0, 0, 0}) == std::array<uint8_t, 4>{255, 0, 0, 255}));
    test::requireNoGlErrors(*s.h.context);
}

TEST_CASE("a driver error inside a file included from a snippet names the file, the plugin, the key and the line") {
    Stage s;
    s.h.renderer->store().add("test/brokenHelper.glsl", "// helper\nvec3 brokenHelper() { return vec3(undefinedThing); }\n",
                              "shaders/test/brokenHelper.glsl");
    s.material->addPlugin(std::make_shared<CodePlugin>(declaration(
        "Broken", {}, {{"CUSTOM_FRAGMENT_DEFINITIONS", "// first line\n#include<brokenHelper>\n"}})));
    ScopedLogSink quiet([](LogLevel, std::string_view) {});
    ImageRgba8 image = s.h.render();
    auto effect = s.mainEffect();
    REQUIRE(effect->failed());
    bool named = false;
    for (std::string_view line : split(effect->error(), '\n'))
        named = named || (line.find("shaders/test/brokenHelper.glsl:2") != std::string_view::npos &&
                          line.find("undefinedThing") != std::string_view::npos &&
                          line.find("plugin 'Broken' key 'CUSTOM_FRAGMENT_DEFINITIONS' line 2") != std::string_view::npos);
    CHECK_MESSAGE(named, effect->error());
    (void)s.h.context->debug().takeErrors(); // the driver's own messages for this compile
    CHECK(s.showsErrorMaterial(image, {0, 0, 0})); // the error material
    CHECK(s.at(image, {3, 0, 0})[1] == 255);      // the rest draws
}

TEST_CASE("two plugins sharing a shader module get one copy on the driver - an inactive plugin's module is absent") {
    Stage s;
    s.h.renderer->store().add("modules/testScale.glsl", "float testScale(float x) {\n    return x * 0.5;\n}\n",
                              "shaders/modules/testScale.glsl");
    s.h.renderer->store().add("modules/testTint.glsl", "#requires testScale\nvec3 testTint() {\n    return vec3(testScale(2.0), 0.0, 1.0);\n}\n",
                              "shaders/modules/testTint.glsl");
    auto a = std::make_shared<CodePlugin>(
        declaration("TintA", {"testTint"}, {{"CUSTOM_FRAGMENT_UPDATE_ALBEDO", "surfaceAlbedo = testTint();\n"}}));
    auto b = std::make_shared<CodePlugin>(
        declaration("TintB", {"testScale"}, {{"CUSTOM_FRAGMENT_UPDATE_ALBEDO", "surfaceAlbedo.g = testScale(0.0);\n"}}));
    s.material->addPlugin(a);
    s.material->addPlugin(b);
    ImageRgba8 image = s.h.render();
    auto effect = s.mainEffect();
    REQUIRE_MESSAGE(effect->ready(), effect->error()); // one definition each, or the driver refuses
    CHECK((s.at(image, {0, 0, 0}) == std::array<uint8_t, 4>{255, 0, 255, 255}));
    // TintA's module needs testScale, which TintB uses directly: one copy of each.
    CHECK(effect->fragmentSource().text.find("float testScale") == effect->fragmentSource().text.rfind("float testScale"));
    // testTint() is (1, 0, 1); TintB then writes green: first 0, then testScale(2.0) = 1.
    // (Magenta alone would also be the error material's colour; white is the plugins' own.)
    b->replaceCode({}, {{"CUSTOM_FRAGMENT_UPDATE_ALBEDO", "surfaceAlbedo.g = testScale(2.0);\n"}});
    image = s.h.render();
    CHECK((s.at(image, {0, 0, 0}) == std::array<uint8_t, 4>{255, 255, 255, 255}));
    a->setEnabled(false);
    image = s.h.render();
    effect = s.mainEffect();
    REQUIRE(effect->ready());
    CHECK(effect->fragmentSource().text.find("testTint") == std::string::npos);
    CHECK(effect->fragmentSource().text.find("float testScale") != std::string::npos);
    b->setEnabled(false);
    s.h.render();
    CHECK(s.mainEffect()->fragmentSource().text.find("testScale") == std::string::npos);
}

TEST_CASE("a shader module cycle fails the material with both ends named - the error material shows and the rest draws") {
    Stage s;
    s.h.renderer->store().add("modules/testPing.glsl", "#requires testPong\nfloat ping() { return 1.0; }\n");
    s.h.renderer->store().add("modules/testPong.glsl", "#requires testPing\nfloat pong() { return 1.0; }\n");
    s.material->addPlugin(
        std::make_shared<CodePlugin>(declaration("Loop", {"testPing"}, {{"CUSTOM_FRAGMENT_UPDATE_ALBEDO", "surfaceAlbedo *= ping();\n"}})));
    ScopedLogSink quiet([](LogLevel, std::string_view) {});
    ImageRgba8 image = s.h.render();
    auto effect = s.mainEffect();
    REQUIRE(effect->failed());
    CHECK_MESSAGE(effect->error().find("shader module cycle: testPing -> testPong -> testPing") != std::string::npos, effect->error());
    CHECK(s.showsErrorMaterial(image, {0, 0, 0}));
    CHECK(s.at(image, {3, 0, 0})[1] == 255);
}

TEST_CASE("a callable target with a return type, header and footer compiles and links on the driver") {
    test::TestContext context = test::makeTestContext(GlApi::Gles30);
    ShaderStore store = ShaderStore::empty();
    store.add("t.vert", "attribute vec4 position;\nvoid main() { gl_Position = position; }\n");
    store.add("t.frag",
              "precision highp float;\n"
              "#hook vec3 TONE(vec3 color, float gain) header { vec3 c = color * gain; } footer { return c; }\n"
              "void main() { gl_FragColor = vec4(TONE(vec3(1.0), 0.5), 1.0); }\n");
    ShaderBuilder builder(store);
    PluginCode warm;
    warm.name = "Warm";
    warm.addCode(ShaderStage::Fragment, "TONE", "if (gain > 2.0) return vec3(0.0);\nc.r += 0.1;\n");
    for (bool withPlugin : {false, true}) {
        CAPTURE(withPlugin);
        ShaderBuildRequest r;
        r.stage = ShaderStage::Vertex;
        r.source = "t.vert";
        ShaderText vertex = builder.build(r).text;
        r.stage = ShaderStage::Fragment;
        r.source = "t.frag";
        if (withPlugin) r.plugins = {&warm};
        ShaderText fragment = builder.build(r).text;
        Program program = Program::start({"return-type target", vertex, fragment, {{"position", 0}}}).finish();
        CHECK(program.id() != 0);
    }
    test::requireNoGlErrors(*context);
}
