// Spot shadows go to the most important shadow-casting spot lights, up to the budget; the
// others light the scene unshadowed.
#include "support/GlTestSupport.h"
#include "support/LightingTestSupport.h"

#include <string>
#include <vector>

#include "core/Log.h"

using namespace th;
using namespace th::test;

namespace {

constexpr float kPi = 3.14159265f;

struct ShadowScene {
    std::unique_ptr<Scene> scene;
    Camera camera;
    // Each spot shines at 45° past a 1 m box; the probe point lies in the box's shadow, the
    // control beside it in the same cone, out of the shadow.
    glm::vec3 probeA{-2.9f, 0, 0}, controlA{-2.9f, 0, 1.5f};
    glm::vec3 probeB{5.1f, 0, 0}, controlB{5.1f, 0, 1.5f};
};

ShadowScene makeScene(float importanceA, float importanceB) {
    ShadowScene s;
    s.scene = darkScene();
    addMesh(*s.scene, "floor", floorMesh(30.0f), greyMaterial("floor"));
    addMesh(*s.scene, "box A", boxMesh(glm::vec3(1.0f)), greyMaterial("box A"), {-4, 0.5f, 0});
    addMesh(*s.scene, "box B", boxMesh(glm::vec3(1.0f)), greyMaterial("box B"), {4, 0.5f, 0});
    Light a = spotLight({-7, 4, 0}, {-3, 0, 0}, 20.0f * kPi / 180.0f, 15.0f, 40.0f);
    a.castShadows = true;
    a.importance = importanceA;
    Light b = spotLight({1, 4, 0}, {5, 0, 0}, 20.0f * kPi / 180.0f, 15.0f, 40.0f);
    b.castShadows = true;
    b.importance = importanceB;
    s.scene->lights = {a, b};
    s.camera = topCamera({0, 0, 0}, 20.0f);
    return s;
}

struct Probes {
    int probeA, controlA, probeB, controlB;
};

Probes renderProbes(Context& context, int budget, float importanceA, float importanceB) {
    RendererOptions options = testRendererOptions();
    options.shadows.localShadowBudget = budget;
    Renderer renderer(context, options);
    ShadowScene s = makeScene(importanceA, importanceB);
    RenderTarget output(160, 160, TextureFormat::RGBA8, "output");
    ImageRgba8 image = renderImage(renderer, *s.scene, s.camera, output);
    Probes p{brightnessAt(image, s.camera, s.probeA), brightnessAt(image, s.camera, s.controlA),
             brightnessAt(image, s.camera, s.probeB), brightnessAt(image, s.camera, s.controlB)};
    MESSAGE("budget ", budget, ": A probe ", p.probeA, " control ", p.controlA, "; B probe ", p.probeB, " control ", p.controlB,
            "; shadow draws ", renderer.stats().shadowDrawCalls);
    CHECK(renderer.stats().errorDraws == 0);
    requireNoGlErrors(context);
    return p;
}

} // namespace

TEST_CASE("the most important shadow-casting spot light casts a box's shadow - one beyond the budget does not") {
    auto context = makeTestContext(GlApi::Gles30, 160, 160);
    {
        // Budget 1, A more important: A shadows, B lights its probe unshadowed.
        Probes p = renderProbes(*context, 1, 2.0f, 1.0f);
        CHECK(p.controlA > 80);
        CHECK(p.probeA < p.controlA / 8);
        CHECK(p.controlB > 80);
        CHECK(p.probeB == doctest::Approx(p.controlB).epsilon(0.15));
    }
    {
        // Importance decides, not the order in the scene.
        Probes p = renderProbes(*context, 1, 1.0f, 2.0f);
        CHECK(p.probeA == doctest::Approx(p.controlA).epsilon(0.15));
        CHECK(p.probeB < p.controlB / 8);
    }
    {
        // Room for both.
        Probes p = renderProbes(*context, 2, 2.0f, 1.0f);
        CHECK(p.probeA < p.controlA / 8);
        CHECK(p.probeB < p.controlB / 8);
    }
    {
        // Budget 0: no spot shadows at all.
        Probes p = renderProbes(*context, 0, 2.0f, 1.0f);
        CHECK(p.probeA == doctest::Approx(p.controlA).epsilon(0.15));
        CHECK(p.probeB == doctest::Approx(p.controlB).epsilon(0.15));
    }
}

TEST_CASE("raising the spot shadow budget on a running renderer shadows more lights") {
    auto context = makeTestContext(GlApi::Gles30, 160, 160);
    {
        Renderer renderer(*context, testRendererOptions());
        renderer.options().shadows.localShadowBudget = 1;
        ShadowScene s = makeScene(2.0f, 1.0f);
        RenderTarget output(160, 160, TextureFormat::RGBA8, "output");
        ImageRgba8 image = renderImage(renderer, *s.scene, s.camera, output);
        CHECK(brightnessAt(image, s.camera, s.probeB) > 80);
        renderer.options().shadows.localShadowBudget = 6;
        renderer.render(*s.scene, s.camera, output, 0.1);
        image = readPixels(output.framebufferId(), 0, 0, 160, 160);
        CHECK(brightnessAt(image, s.camera, s.probeA) < brightnessAt(image, s.camera, s.controlA) / 8);
        CHECK(brightnessAt(image, s.camera, s.probeB) < brightnessAt(image, s.camera, s.controlB) / 8);
        requireNoGlErrors(*context);
    }
}

TEST_CASE("castShadows on a light the renderer cannot shadow is a warning naming the light, said once, never silence") {
    auto context = makeTestContext(GlApi::Gles30, 64, 64);
    {
        std::vector<std::string> warnings;
        ScopedLogSink sink([&](LogLevel level, std::string_view message) {
            if (level == LogLevel::Warning) warnings.emplace_back(message);
        });
        Renderer renderer(*context, testRendererOptions());
        ShadowScene s = makeScene(1.0f, 0.0f);
        // A directional light of the scene (not the sun, whose cascades are the only
        // directional shadow).
        Light moon;
        moon.type = LightType::Directional;
        moon.direction = {0.3f, -1.0f, 0.2f};
        moon.intensity = 0.1f;
        moon.name = "moon";
        moon.castShadows = true;
        s.scene->lights.push_back(moon);
        RenderTarget output(64, 64, TextureFormat::RGBA8, "output");
        renderImage(renderer, *s.scene, s.camera, output);
        renderer.render(*s.scene, s.camera, output, 0.1);
        int said = 0;
        for (const std::string& w : warnings)
            if (w.find("light 'moon' (directional) sets castShadows") != std::string::npos) ++said;
        std::string first = warnings.empty() ? std::string("(no warning)") : warnings.front();
        CHECK_MESSAGE(said == 1, first);
        requireNoGlErrors(*context);
    }
}
