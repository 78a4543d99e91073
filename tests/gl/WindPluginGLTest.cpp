// Wind on the real driver: every variant compiles in GLSL ES 3.00 and 330 (and passes
// glslangValidator), the renderer hands the plugin the wrapped shader time, and the sway
// moves a silhouette and the shadow it casts between two times.
#include "support/PluginGlTestSupport.h"

#include <cstdlib>

#include "material/PluginUniforms.h"
#include "plugins/wind/WindPlugin.h"
#include "support/PluginTestSupport.h"

using namespace th;

namespace {

constexpr int kSize = 160;
constexpr float kTreeHeight = 3.0f;

struct WindScene {
    Scene scene;
    Camera camera;
    std::shared_ptr<PbrMaterial> treeMaterial;
    std::shared_ptr<WindPlugin> wind;
    std::shared_ptr<Mesh> tree;
};

// A 3 m red post swaying in a wind along +X over a lit grey ground, the morning sun casting
// its shadow towards −X and +Z, seen from above and in front.
std::unique_ptr<WindScene> makeWindScene(WindSettings settings, bool instanced) {
    auto s = std::make_unique<WindScene>();
    test::plainScene(s->scene, {0, 0, 1});
    s->scene.sky.hour = 10.0f;
    auto ground = std::make_shared<PbrMaterial>("ground");
    ground->setBaseColorFactor({0.8f, 0.8f, 0.8f, 1});
    ground->setMetallicRoughness(0.0f, 1.0f);
    Node& groundNode = s->scene.root().addChild("ground");
    groundNode.mesh = test::makeMesh(test::groundMesh(-8, -8, 8, 8, 4, [](float, float) { return 0.0f; }), ground);
    groundNode.mesh->castShadows = false;

    s->treeMaterial = test::flatMaterial("post", {1, 0, 0});
    s->wind = std::make_shared<WindPlugin>(settings);
    s->treeMaterial->addPlugin(s->wind);
    s->tree = test::makeMesh(test::boxMesh({-0.15f, 0, -0.15f}, {0.15f, kTreeHeight, 0.15f}), s->treeMaterial);
    s->tree->receiveShadows = false;
    if (instanced) {
        auto instances = std::make_shared<InstanceBuffer>("posts");
        instances->setMatrices({glm::mat4(1.0f)});
        s->tree->setInstances(instances);
    }
    s->scene.root().addChild("post").mesh = s->tree;

    s->camera.position = {0.0f, 9.0f, 9.0f};
    s->camera.target = {-1.0f, 0.5f, 1.0f};
    s->camera.yfov = 0.9f;
    return s;
}

WindSettings testWind() {
    WindSettings w;
    w.meshHeight = kTreeHeight;
    w.amplitude = 0.8f; // large enough to move pixels at this distance
    w.lean = 0.0f;
    w.direction = {1, 0};
    return w;
}

bool isPost(std::array<uint8_t, 4> c) { return c[0] > 150 && c[1] < 90 && c[2] < 90; }
bool isBackground(std::array<uint8_t, 4> c) { return c[0] < 40 && c[1] < 40 && c[2] > 200; }

// Ground pixels clearly darker than the lit ground around them: the post's shadow.
std::vector<bool> shadowMask(const ImageRgba8& image) {
    std::vector<int> levels;
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x) {
            auto c = image.rgba(x, y);
            if (!isPost(c) && !isBackground(c)) levels.push_back(c[1]);
        }
    std::sort(levels.begin(), levels.end());
    int lit = levels.empty() ? 255 : levels[levels.size() * 3 / 4];
    return test::maskOf(image, [&](std::array<uint8_t, 4> c) {
        return !isPost(c) && !isBackground(c) && c[1] < lit * 0.6f;
    });
}

// Shadow pixels that differ between two frames, where the post hides the ground in neither
// (a swaying post uncovers shadow at its own base even when the shadow stays put).
int shadowMoved(const ImageRgba8& a, const ImageRgba8& b) {
    auto sa = shadowMask(a), sb = shadowMask(b), pa = test::maskOf(a, isPost), pb = test::maskOf(b, isPost);
    int n = 0;
    for (size_t i = 0; i < sa.size(); ++i) n += !pa[i] && !pb[i] && sa[i] != sb[i];
    return n;
}

// A time at which the tip has moved far from where it is at t = 0 (chosen with the mirror).
float farTime(const WindSettings& settings) {
    WindState s;
    s.direction = settings.direction;
    s.amplitude = settings.amplitude;
    s.meshHeight = settings.meshHeight;
    s.lean = settings.lean;
    glm::vec3 tip(0, kTreeHeight, 0);
    glm::vec2 start = windOffset(s, tip, kTreeHeight, 0.0f);
    float best = 0.0f, bestDistance = 0.0f;
    for (float t = 0.0f; t < 20.0f; t += 0.01f) {
        float d = glm::length(windOffset(s, tip, kTreeHeight, t) - start);
        if (d > bestDistance) bestDistance = d, best = t;
    }
    return best;
}

} // namespace

TEST_CASE("wind compiles in every pass and variant on the real driver, both APIs, and glslangValidator agrees") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        test::PluginStage stage(api, 16, 16);
        {
            Renderer& renderer = stage.renderer();
            auto material = std::make_shared<PbrMaterial>("grass");
            auto wind = std::make_shared<WindPlugin>(WindSettings{.perInstanceScale = true});
            material->addPlugin(wind);
            test::compileEveryVariant(renderer, *material, [api](RenderPass, bool instanced, const std::string& vs, const std::string&) {
                CHECK(test::has(vs, "windSway("));
                CHECK(test::has(vs, "windScaleNow *= windScale") == instanced);
                CHECK(test::has(vs, api == GlApi::Gles30 ? "#version 300 es" : "#version 330 core"));
            });
            wind->setActive(false);
            test::compileEveryVariant(renderer, *material, [](RenderPass, bool, const std::string& vs, const std::string&) {
                CHECK_FALSE(test::has(vs, "windSway"));
            });
            stage.requireNoGlErrors();
        }
    }
}

TEST_CASE("the renderer hands wind the wrapped shader time and its settings every frame") {
    test::PluginStage stage(GlApi::Gles30, 32, 32);
    {
        Renderer& renderer = stage.renderer();
        auto s = makeWindScene(testWind(), false);
        s->wind->setSpeed(0.7f);
        RenderTarget& output = stage.output();
        auto read = [&](const char* name) {
            UniformBuffer& block = s->treeMaterial->pluginBlock();
            const Std140Member* m = block.layout().find(name);
            REQUIRE(m);
            float v;
            std::memcpy(&v, block.data() + m->offset, 4);
            return v;
        };
        test::renderImage(renderer, s->scene, s->camera, output, 1000.25);
        CHECK(read("windTime") == doctest::Approx(wrappedShaderTime(1000.25)));
        CHECK(read("windSpeed") == doctest::Approx(0.7f));
        CHECK(read("windMeshHeight") == doctest::Approx(kTreeHeight));
        CHECK(read("windAmplitude") == doctest::Approx(0.8f));
        test::renderImage(renderer, s->scene, s->camera, output, 86400.0 * 3 + 17.5);
        CHECK(read("windTime") == doctest::Approx(17.5f));
        stage.requireNoGlErrors();
    }
}

TEST_CASE("wind moves a silhouette and its shadow between two times, in both APIs") {
    for (GlApi api : test::kBothApis)
        for (bool instanced : {false, true}) {
            CAPTURE(std::string(toString(api)));
            CAPTURE(instanced);
            test::PluginStage stage(api, kSize, kSize);
            {
                Renderer& renderer = stage.renderer();
                RenderTarget& output = stage.output();
                WindSettings settings = testWind();
                float t2 = farTime(settings);
                auto s = makeWindScene(settings, instanced);
                ImageRgba8 a = test::renderImage(renderer, s->scene, s->camera, output, 0.0);
                ImageRgba8 b = test::renderImage(renderer, s->scene, s->camera, output, t2);
                test::dumpImage(a, instanced ? "wind-a-instanced" : "wind-a");
                test::dumpImage(b, instanced ? "wind-b-instanced" : "wind-b");
                auto postA = test::maskOf(a, isPost), postB = test::maskOf(b, isPost);
                auto shadowA = shadowMask(a);
                MESSAGE("t2 ", t2, " s: post ", test::countOf(postA), " px, moved ", test::differing(postA, postB),
                        "; shadow ", test::countOf(shadowA), " px, moved ", shadowMoved(a, b));
                REQUIRE(test::countOf(postA) > 100);
                REQUIRE(test::countOf(shadowA) > 100);
                CHECK(test::differing(postA, postB) > 40);
                CHECK(shadowMoved(a, b) > 40);
                CHECK(renderer.stats().errorDraws == 0);

                // Calm: nothing moves between the same two times (the motion above is the wind).
                s->wind->setSpeed(0.0f);
                ImageRgba8 c = test::renderImage(renderer, s->scene, s->camera, output, 0.0);
                ImageRgba8 d = test::renderImage(renderer, s->scene, s->camera, output, t2);
                CHECK(test::differing(test::maskOf(c, isPost), test::maskOf(d, isPost)) == 0);
                CHECK(shadowMoved(c, d) == 0);
                stage.requireNoGlErrors();
            }
        }
}

TEST_CASE("a wind that opts out of the shadow pass sways the silhouette but not the shadow") {
    test::PluginStage stage(GlApi::Gles30, kSize, kSize);
    {
        Renderer& renderer = stage.renderer();
        RenderTarget& output = stage.output();
        WindSettings settings = testWind();
        settings.inShadowPass = false;
        float t2 = farTime(settings);
        auto s = makeWindScene(settings, false);
        ImageRgba8 a = test::renderImage(renderer, s->scene, s->camera, output, 0.0);
        ImageRgba8 b = test::renderImage(renderer, s->scene, s->camera, output, t2);
        CHECK(test::differing(test::maskOf(a, isPost), test::maskOf(b, isPost)) > 40);
        CHECK(shadowMoved(a, b) == 0);
        stage.requireNoGlErrors();
    }
}
