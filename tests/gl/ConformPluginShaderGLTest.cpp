// Conform plugin: declarations, code only where instanced in every pass, and the CPU mirror
// of the displacement. The gap under a trunk on a slope is in tests/gl/ConformPluginGLTest.cpp.
#include <doctest/doctest.h>

#include "core/Error.h"
#include "material/PbrMaterial.h"
#include "plugins/conform/ConformPlugin.h"
#include "support/PluginTestSupport.h"

using namespace th;
using test::has;

TEST_CASE("conform declares exactly its define, uniforms, attribute and keys") {
    PluginDeclaration d = ConformPlugin::makeDeclaration();
    CHECK(d.name == "Conform");
    CHECK(d.priority == 210);
    CHECK((test::defineNames(d) == std::vector<std::string>{"CONFORM=1"}));
    CHECK((test::uniformNames(d) == std::vector<std::string>{"conformRamp:float", "conformOvershoot:float"}));
    CHECK(d.samplers.empty());
    CHECK((test::attributeNames(d) == std::vector<std::string>{"groundGradient:2"}));
    CHECK((test::snippetKeys(d.vertex) == std::vector<std::string>{"CUSTOM_VERTEX_UPDATE_WORLDPOS"}));
    CHECK(d.fragment.empty());
    CHECK(d.inShadowPass);
    CHECK(d.inDepthPass);
    test::checkSnippetHygiene(d);
    // The body is gated on the plugin's define AND on instancing (the bake-clone trap).
    CHECK(d.vertex[0].code.rfind("#if defined(CONFORM) && defined(INSTANCES)", 0) == 0);
}

TEST_CASE("conform checks its settings and flips its define") {
    CHECK_THROWS_AS(ConformPlugin(ConformSettings{.ramp = 0.0f}), Error);
    CHECK_THROWS_AS(ConformPlugin(ConformSettings{.overshoot = -1.0f}), Error);
    ConformPlugin conform;
    CHECK(conform.settings().ramp == 0.8f);
    CHECK(conform.settings().overshoot == 1.5f);
    ShaderDefines defines;
    conform.prepareDefines(defines, {});
    CHECK(findDefine(defines, "CONFORM"));
    uint64_t v = conform.version();
    conform.setActive(false);
    CHECK(conform.version() != v);
    defines.clear();
    conform.prepareDefines(defines, {});
    CHECK(defines.empty());
    v = conform.version();
    conform.setOvershoot(1.0f);
    CHECK(conform.version() == v); // a uniform: instant
}

TEST_CASE("conform code is in every pass where instanced, and absent otherwise") {
    auto material = std::make_shared<PbrMaterial>("trunk");
    auto conform = std::make_shared<ConformPlugin>();
    material->addPlugin(conform);
    for (RenderPass pass : kAllPasses) {
        CAPTURE(toString(pass));
        auto instanced = test::buildStages(*material, pass, true);
        CHECK(has(instanced.vertex, "in vec2 groundGradient;"));
        CHECK(has(instanced.vertex, "worldPos.y += conformWeight * min(0.0, conformOvershoot * dot(conformOffset, groundGradient));"));
        CHECK(has(instanced.vertex, "finalWorld[3].xz"));
        CHECK(has(instanced.vertex, "conformRamp"));
        // A non-instanced copy (an impostor bake, a clone) compiles without the attribute.
        auto single = test::buildStages(*material, pass, false);
        CHECK_FALSE(has(single.vertex, "groundGradient"));
        CHECK_FALSE(has(single.vertex, "conformWeight"));

        conform->setActive(false);
        auto off = test::buildStages(*material, pass, true);
        CHECK_FALSE(has(off.vertex, "conformWeight"));
        conform->setActive(true);
    }
}

TEST_CASE("conform mirror: zero on flat ground, never up, smoothstep ramp, overshoot at the base") {
    // Flat ground: exactly zero, for any vertex.
    for (glm::vec2 off : {glm::vec2(0.3f, -0.2f), glm::vec2(-1, 4), glm::vec2(0)})
        for (float y : {0.0f, 0.1f, 0.5f, 2.0f}) CHECK(conformDisplacement(off, {0, 0}, y) == 0.0f);
    // Never pushes up, on either side of the slope.
    glm::vec2 grad(0.5f, -0.25f);
    for (float ox = -1.0f; ox <= 1.0f; ox += 0.125f)
        for (float oz = -1.0f; oz <= 1.0f; oz += 0.125f)
            for (float y : {-0.1f, 0.0f, 0.2f, 0.6f, 1.0f}) CHECK(conformDisplacement({ox, oz}, grad, y) <= 0.0f);
    // Uphill vertices stay put; downhill ones go down by overshoot × the plane step at the root.
    CHECK(conformDisplacement({0.4f, 0}, {0.5f, 0}, 0.0f) == 0.0f);
    CHECK(conformDisplacement({-0.4f, 0}, {0.5f, 0}, 0.0f) == doctest::Approx(1.5f * -0.2f));
    // Ramp: 1 at the root, 0 from the ramp's top, and a smoothstep between (not linear).
    CHECK(conformWeight(0.0f) == 1.0f);
    CHECK(conformWeight(0.8f) == 0.0f);
    CHECK(conformWeight(3.0f) == 0.0f);
    CHECK(conformWeight(0.2f) == doctest::Approx(0.84375f));
    CHECK(conformWeight(0.2f) != doctest::Approx(1.0f - 0.2f / 0.8f));
    CHECK(conformWeight(0.25f) > 0.75f); // the root plate (model y ≈ 0.25) is still mostly pushed
    CHECK(conformDisplacement({-0.4f, 0}, {0.5f, 0}, 0.8f) == 0.0f);
    // Other settings.
    CHECK(conformDisplacement({-1, 0}, {1, 0}, 0.0f, 0.8f, 1.0f) == doctest::Approx(-1.0f));
    CHECK(conformWeight(0.5f, 1.0f) == doctest::Approx(0.5f));
}

TEST_CASE("conform mirror: the ground gradient of a height function") {
    auto plane = [](float x, float z) { return 0.5f * x - 0.25f * z + 3.0f; };
    glm::vec2 g = groundGradientAt(plane, 10.0f, -4.0f);
    CHECK(g.x == doctest::Approx(0.5f));
    CHECK(g.y == doctest::Approx(-0.25f));
    // The first-order step then reaches the plane exactly with overshoot 1.
    glm::vec2 off(-0.7f, 0.3f);
    float step = plane(10.0f + off.x, -4.0f + off.y) - plane(10.0f, -4.0f);
    CHECK(conformDisplacement(off, g, 0.0f, 0.8f, 1.0f) == doctest::Approx(step));
}
