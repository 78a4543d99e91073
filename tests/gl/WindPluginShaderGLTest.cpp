// Wind plugin: declarations, code in every pass, the CPU mirror pinned to the shader's
// literals, and the shader-time wrap. Pixels (a silhouette and its shadow moving) are in
// tests/gl/WindPluginGLTest.cpp.
#include <doctest/doctest.h>

#include <cmath>

#include "core/Error.h"
#include "core/ShaderTime.h"
#include "core/Str.h"
#include "material/PbrMaterial.h"
#include "plugins/wind/WindPlugin.h"
#include "plugins/wing/WingMath.h"
#include "support/PluginTestSupport.h"

using namespace th;
using test::has;

namespace {
std::shared_ptr<PbrMaterial> windMaterial(std::shared_ptr<WindPlugin>& wind, WindSettings settings = {}) {
    auto material = std::make_shared<PbrMaterial>("grass");
    wind = std::make_shared<WindPlugin>(settings);
    material->addPlugin(wind);
    return material;
}
} // namespace

TEST_CASE("wind declares exactly its define, uniforms, attribute and keys") {
    PluginDeclaration d = WindPlugin::makeDeclaration({});
    CHECK(d.name == "Wind");
    CHECK(d.priority == 200);
    CHECK((test::defineNames(d) == std::vector<std::string>{"WIND=1", "WIND_INSTANCE_SCALE=<undefined>"}));
    CHECK((test::uniformNames(d) == std::vector<std::string>{"windTime:float", "windDirection:vec2", "windSpeed:float",
                                                              "windLean:float", "windAmplitude:float", "windMeshHeight:float"}));
    CHECK(d.samplers.empty());
    CHECK((test::attributeNames(d) == std::vector<std::string>{"windScale:1"}));
    CHECK((test::snippetKeys(d.vertex) == std::vector<std::string>{"CUSTOM_VERTEX_DEFINITIONS", "CUSTOM_VERTEX_UPDATE_WORLDPOS"}));
    CHECK(d.fragment.empty());
    // The world-position point, not the object-space one: the instance matrix must be applied.
    CHECK(d.inShadowPass);
    CHECK(d.inDepthPass);
    for (auto& s : d.vertex) {
        CHECK(s.origin == "plugins/wind/wind.vert.glsl");
        CHECK(s.firstLine > 1);
    }
    test::checkSnippetHygiene(d);

    WindSettings noShadow;
    noShadow.inShadowPass = false;
    CHECK_FALSE(WindPlugin::makeDeclaration(noShadow).inShadowPass);
}

TEST_CASE("wind sets its defines per switch, and a define flip bumps the version") {
    WindPlugin wind;
    DrawInfo draw;
    ShaderDefines defines;
    wind.prepareDefines(defines, draw);
    CHECK(findDefine(defines, "WIND"));
    CHECK_FALSE(findDefine(defines, "WIND_INSTANCE_SCALE"));

    uint64_t v = wind.version();
    wind.setPerInstanceScale(true);
    CHECK(wind.version() != v);
    defines.clear();
    wind.prepareDefines(defines, draw);
    CHECK(findDefine(defines, "WIND_INSTANCE_SCALE"));

    v = wind.version();
    wind.setActive(false);
    CHECK(wind.version() != v);
    defines.clear();
    wind.prepareDefines(defines, draw);
    CHECK(defines.empty());

    // Uniform setters are instant: no effect switch.
    v = wind.version();
    wind.setSpeed(0.3f);
    wind.setDirection({0, 2});
    CHECK(wind.version() == v);
    CHECK(wind.state().direction.y == doctest::Approx(1.0f));
}

TEST_CASE("wind rejects a mesh height or direction it cannot use") {
    CHECK_THROWS_AS(WindPlugin(WindSettings{.meshHeight = 0.0f}), Error);
    CHECK_THROWS_AS(WindPlugin(WindSettings{.direction = {0, 0}}), Error);
    WindPlugin wind;
    CHECK_THROWS_AS(wind.setMeshHeight(-1.0f), Error);
    CHECK_THROWS_AS(wind.setDirection({0, 0}), Error);
}

TEST_CASE("wind profiles give Day Hike's tip amplitudes") {
    CHECK(windProfileAmplitude(WindProfile::Grass, 0.6f) == doctest::Approx(0.06f));
    CHECK(windProfileAmplitude(WindProfile::Meadow, 0.6f) == doctest::Approx(0.06f));
    CHECK(windProfileAmplitude(WindProfile::Flower, 0.6f) == doctest::Approx(0.05f));
    CHECK(windProfileAmplitude(WindProfile::Bush, 0.6f) == doctest::Approx(0.03f));
    CHECK(windProfileAmplitude(WindProfile::Understory, 0.6f) == doctest::Approx(0.04f));
    // A crown sways by a fraction of its height: 10 m crown, 0.33 m tip.
    CHECK(windProfileAmplitude(WindProfile::TreeCrown, 10.0f) == doctest::Approx(0.33f));
    WindPlugin wind(WindSettings{.profile = WindProfile::Bush, .meshHeight = 1.2f});
    CHECK(wind.state().amplitude == doctest::Approx(0.03f));
    wind.setProfile(WindProfile::TreeCrown);
    CHECK(wind.state().amplitude == doctest::Approx(0.033f * 1.2f));
}

TEST_CASE("wind code is in every pass with its define on and gone with it off") {
    std::shared_ptr<WindPlugin> wind;
    auto material = windMaterial(wind);
    for (RenderPass pass : kAllPasses)
        for (bool instanced : {false, true}) {
            CAPTURE(toString(pass));
            CAPTURE(instanced);
            wind->setActive(true);
            auto on = test::buildStages(*material, pass, instanced);
            CHECK(has(on.vertex, "windSway("));
            CHECK(has(on.vertex, "worldPos.xz += windSway(worldPos.xyz, positionUpdated.y"));
            CHECK(has(on.vertex, "uniform Plugins"));
            CHECK_FALSE(has(on.fragment, "windSway"));
            // Per-instance scale only where asked for and instanced.
            CHECK_FALSE(has(on.vertex, "windScaleNow *= windScale"));
            wind->setPerInstanceScale(true);
            auto scaled = test::buildStages(*material, pass, instanced);
            CHECK(has(scaled.vertex, "windScaleNow *= windScale") == instanced);
            CHECK(has(scaled.vertex, "in float windScale;") == instanced);
            wind->setPerInstanceScale(false);

            wind->setActive(false);
            auto off = test::buildStages(*material, pass, instanced);
            CHECK_FALSE(has(off.vertex, "windSway"));
            CHECK_FALSE(has(off.vertex, "kWindOmega"));
        }
    // Opting out of the shadow pass drops the code there only.
    std::shared_ptr<WindPlugin> light;
    auto material2 = windMaterial(light, WindSettings{.inShadowPass = false});
    CHECK_FALSE(has(test::buildStages(*material2, RenderPass::Shadow, true).vertex, "windSway("));
    CHECK(has(test::buildStages(*material2, RenderPass::Main, true).vertex, "windSway("));
    CHECK(has(test::buildStages(*material2, RenderPass::Depth, true).vertex, "windSway("));
}

TEST_CASE("wind's GLSL literals are WindMath's constants (CPU and GPU cannot drift)") {
    PluginDeclaration d = WindPlugin::makeDeclaration({});
    std::string code = test::allSnippetCode(d);
    struct Omega {
        const char* name;
        double value;
        int64_t steps;
    };
    for (Omega o : {Omega{"kWindOmega1", kWindOmega1, 18}, Omega{"kWindOmega2", kWindOmega2, 42},
                    Omega{"kWindOmega3", kWindOmega3, 600}}) {
        CAPTURE(o.name);
        double glsl = test::glslFloatConstant(code, o.name);
        CHECK(glsl == doctest::Approx(o.value).epsilon(1e-12));
        CHECK(angularFrequencyMultiple(glsl) == o.steps);
        CHECK(std::abs(glsl / kShaderAngularStep - double(o.steps)) < 1e-9);
    }
    // The formula's literals, as WindMath spells them.
    auto lit = [](float v) { return str(v); };
    CHECK(has(code, str("sin(", lit(kWindGustKx), " * u + ", lit(kWindGustKz), " * v - kWindOmega1 * windTime) + ",
                        lit(kWindGust2Weight), " * sin(", lit(kWindGust2Kx), " * u - kWindOmega2 * windTime)")));
    CHECK(has(code, str("sin(", lit(kWindFlutterKx), " * u + ", lit(kWindFlutterKz), " * v - kWindOmega3 * windTime)")));
    CHECK(has(code, str("windLean + ", lit(kWindAlongGust), " * gust + ", lit(kWindAlongFlutter), " * flutter")));
    CHECK(has(code, str(lit(kWindAcrossGust), " * gust - ", lit(-kWindAcrossFlutter), " * flutter")));
    CHECK(has(code, "h * h * windAmplitude * windSpeed * scale"));
}

TEST_CASE("wind mirror: planted roots, squared height weight, Day Hike's mix along +X") {
    CHECK(windHeightWeight(0.0f, 2.0f) == 0.0f);
    CHECK(windHeightWeight(-1.0f, 2.0f) == 0.0f);
    CHECK(windHeightWeight(1.0f, 2.0f) == doctest::Approx(0.25f));
    CHECK(windHeightWeight(2.0f, 2.0f) == 1.0f);
    CHECK(windHeightWeight(5.0f, 2.0f) == 1.0f);

    WindState s;
    s.direction = {1, 0};
    s.lean = 0.0f;
    s.amplitude = 0.06f;
    s.meshHeight = 0.6f;
    for (float t : {0.0f, 1.3f, 17.0f, 299.9f})
        for (glm::vec3 p : {glm::vec3(0, 0.6f, 0), glm::vec3(3.5f, 0.6f, -2.0f), glm::vec3(-40, 0.3f, 12)}) {
            CAPTURE(t);
            // The game's own expression (phase from world x, z), with time mirrored.
            float gust = std::sin(0.24f * p.x + 0.08f * p.z - 0.3769911f * t) + 0.6f * std::sin(0.56f * p.x - 0.8796459f * t);
            float flutter = std::sin(2.1f * p.x + 1.7f * p.z - 12.566371f * t);
            float k = (p.y / 0.6f) * (p.y / 0.6f) * 0.06f;
            glm::vec2 o = windOffset(s, p, p.y, t);
            CHECK(o.x == doctest::Approx(k * (0.75f * gust + 0.25f * flutter)).epsilon(1e-3));
            CHECK(o.y == doctest::Approx(k * (0.35f * gust - 0.2f * flutter)).epsilon(1e-3));
        }
    // The root never moves, whatever the wind.
    CHECK(glm::length(windOffset(s, {3, 0, 4}, 0.0f, 12.0f)) == 0.0f);
    // Calm is calm.
    s.speed = 0.0f;
    CHECK(glm::length(windOffset(s, {3, 0.6f, 4}, 0.6f, 12.0f)) == 0.0f);
}

TEST_CASE("wind mirror: lean bends downwind and turning the wind turns the sway") {
    WindState s;
    s.amplitude = 1.0f;
    s.meshHeight = 1.0f;
    s.lean = 0.5f;
    glm::vec3 p(2, 1, 5);
    glm::vec2 base = windOffset(s, p, 1.0f, 7.0f);
    s.lean = 1.5f;
    glm::vec2 leaning = windOffset(s, p, 1.0f, 7.0f);
    CHECK((leaning - base).x == doctest::Approx(1.0f));
    CHECK((leaning - base).y == doctest::Approx(0.0f).epsilon(1e-6));

    // Rotating the wind and the world position together rotates the offset.
    const float a = 1.1f;
    auto rot = [a](glm::vec2 v) { return glm::vec2(std::cos(a) * v.x - std::sin(a) * v.y, std::sin(a) * v.x + std::cos(a) * v.y); };
    WindState r = s;
    r.direction = rot(s.direction);
    glm::vec2 pr = rot({p.x, p.z});
    glm::vec2 turned = windOffset(r, {pr.x, p.y, pr.y}, 1.0f, 7.0f);
    glm::vec2 expected = rot(leaning);
    CHECK(turned.x == doctest::Approx(expected.x).epsilon(1e-4));
    CHECK(turned.y == doctest::Approx(expected.y).epsilon(1e-4));
}

TEST_CASE("wind mirror: the gust pattern travels downwind at about 1.57 m/s, whatever the wind direction") {
    // Both gust components move at Ω/k = π/2 m/s (Ω1/0.24 = Ω2/0.56), so the whole pattern
    // translates: the gust Δt later, c·Δt further downwind, is the gust now. Upwind it is not.
    const float c = float(kWindOmega1) / kWindGustKx;
    CHECK(c == doctest::Approx(1.5708f).epsilon(1e-3));
    CHECK(float(kWindOmega2) / kWindGust2Kx == doctest::Approx(c).epsilon(1e-3));
    for (glm::vec2 d : {glm::vec2(1, 0), glm::normalize(glm::vec2(-1, 2)), glm::normalize(glm::vec2(0.3f, -1))}) {
        CAPTURE(d.x);
        CAPTURE(d.y);
        float mismatchUpwind = 0.0f;
        for (glm::vec3 p : {glm::vec3(0, 0, 0), glm::vec3(12.5f, 3, -7), glm::vec3(-40, 0, 25)}) {
            for (float t : {0.0f, 3.0f, 100.0f}) {
                const float dt = 2.0f;
                glm::vec3 downwind = p + glm::vec3(d.x, 0, d.y) * (c * dt);
                glm::vec3 upwind = p - glm::vec3(d.x, 0, d.y) * (c * dt);
                float now = windGust(windFrame(p, d), t);
                CHECK(windGust(windFrame(downwind, d), t + dt) == doctest::Approx(now).epsilon(1e-3));
                mismatchUpwind = std::max(mismatchUpwind, std::abs(windGust(windFrame(upwind, d), t + dt) - now));
            }
        }
        CHECK(mismatchUpwind > 0.5f);
    }
}

TEST_CASE("shader time wrap keeps every animated phase continuous (wind and wing frequencies)") {
    // The engine's frequencies, made by its helper: wind 18, 42, 600 steps; wings snapped.
    std::vector<std::pair<const char*, double>> omegas = {
        {"wind gust", kWindOmega1},
        {"wind gust 2", kWindOmega2},
        {"wind flutter", kWindOmega3},
        {"raven 3 Hz", snapHertz(kRavenWingHertz)},
        {"gull 2.5 Hz", snapHertz(kGullWingHertz)},
        {"butterfly 12 Hz", snapHertz(kButterflyWingHertz)},
        {"odd 0.37 rad/s", snapAngularFrequency(0.37)},
    };
    CHECK(angularFrequencyMultiple(snapHertz(kRavenWingHertz)) == 900);
    CHECK(angularFrequencyMultiple(snapHertz(kGullWingHertz)) == 750);
    CHECK(angularFrequencyMultiple(snapHertz(kButterflyWingHertz)) == 3600);
    const double frameStep = 1.0 / 60.0;
    for (const auto& entry : omegas) {
        // Named copies: clang 14 cannot capture structured bindings in CAPTURE's lambda.
        const auto& name = entry.first;
        const auto& omega = entry.second;
        CAPTURE(name);
        float w = float(omega);
        for (double wraps : {1.0, 7.0, 288.0 /* a day */, 28800.0 /* 100 days */}) {
            double edge = wraps * kShaderTimePeriod;
            // The last frame before the wrap and the first after it.
            double before = edge - 0.5 * frameStep, after = edge + 0.5 * frameStep;
            float a = std::sin(w * wrappedShaderTime(before));
            float b = std::sin(w * wrappedShaderTime(after));
            // What an unwrapped clock in exact arithmetic would show across the same frame.
            double exactStep = std::sin(omega * after) - std::sin(omega * before);
            // Float time and a float ω near t = 300 s cost a few milliradians at 12 Hz.
            CHECK(std::abs(double(b - a) - exactStep) < 1e-2);
        }
    }
    // An off-grid frequency does snap at the wrap: the test can tell the difference.
    double offGrid = 0.37 + 0.5 * kShaderAngularStep;
    float a = std::sin(float(offGrid) * wrappedShaderTime(kShaderTimePeriod - 1e-3));
    float b = std::sin(float(offGrid) * wrappedShaderTime(kShaderTimePeriod + 1e-3));
    CHECK(std::abs(double(b - a)) > 0.1);
}
