// Wing plugin: declarations, object-space code in every pass, the beat angle mirror and the
// snapped frequencies. Pixels (tips move, body still) are in tests/gl/WingPluginGLTest.cpp.
#include <doctest/doctest.h>

#include "core/Error.h"
#include "core/ShaderTime.h"
#include "material/PbrMaterial.h"
#include "plugins/wing/WingPlugin.h"
#include "support/PluginTestSupport.h"

using namespace th;
using test::has;

TEST_CASE("wing declares exactly its define, uniforms, attribute and keys") {
    PluginDeclaration d = WingPlugin::makeDeclaration();
    CHECK(d.name == "Wing");
    CHECK(d.priority == 220);
    CHECK((test::defineNames(d) == std::vector<std::string>{"WING=1"}));
    CHECK((test::uniformNames(d) ==
           std::vector<std::string>{"wingTime:float", "wingOmega:float", "wingHalfSpan:float", "wingMeshBeat:vec2"}));
    CHECK(d.samplers.empty());
    CHECK((test::attributeNames(d) == std::vector<std::string>{"wingBeat:2"}));
    // Object space, before the instance matrix; never the world-position point.
    CHECK((test::snippetKeys(d.vertex) ==
           std::vector<std::string>{"CUSTOM_VERTEX_DEFINITIONS", "CUSTOM_VERTEX_UPDATE_POSITION", "CUSTOM_VERTEX_UPDATE_NORMAL"}));
    CHECK(d.fragment.empty());
    test::checkSnippetHygiene(d);
    // The angle and the rotation, term for term as WingMath computes them.
    std::string code = test::allSnippetCode(d);
    CHECK(has(code, "float span = clamp(abs(x) / wingHalfSpan, 0.0, 1.0);"));
    CHECK(has(code, "return beat.y * sin(wingOmega * wingTime + beat.x) * span;"));
    CHECK(has(code, "float s = sin(angle) * side;"));
    CHECK(has(code, "return vec3(c * v.x - s * v.y, s * v.x + c * v.y, v.z);"));
    CHECK(has(code, "float wingSide = sign(positionUpdated.x);"));
}

TEST_CASE("wing snaps its frequency onto the 2pi/300 grid and checks its half-span") {
    WingPlugin raven(WingSettings::raven(0.4f));
    CHECK(angularFrequencyMultiple(raven.omega()) == 900);
    CHECK(raven.omega() == doctest::Approx(kTwoPi * 3.0));
    WingPlugin gull(WingSettings::gull(0.6f));
    CHECK(angularFrequencyMultiple(gull.omega()) == 750);
    WingPlugin butterfly(WingSettings::butterfly(0.05f));
    CHECK(angularFrequencyMultiple(butterfly.omega()) == 3600);
    // An off-grid request lands on the nearest multiple.
    butterfly.setHertz(11.997);
    CHECK(std::abs(butterfly.omega() / kShaderAngularStep - std::round(butterfly.omega() / kShaderAngularStep)) < 1e-9);
    butterfly.setHertz(0.0);
    CHECK(butterfly.omega() == 0.0);

    CHECK_THROWS_AS(WingPlugin(WingSettings{.halfSpan = 0.0f}), Error);
    CHECK_THROWS_AS(WingPlugin(WingSettings{.halfSpan = 0.3f, .hertz = -1.0}), Error);
    CHECK_THROWS_AS(raven.setHalfSpan(-0.1f), Error);
    CHECK(raven.halfSpan() == 0.4f);

    uint64_t v = raven.version();
    raven.setMeshBeat({0.5f, 1.0f});
    raven.setHertz(2.0);
    CHECK(raven.version() == v); // uniforms: instant
    raven.setActive(false);
    CHECK(raven.version() != v);
}

TEST_CASE("wing code is in every pass, object space, positions and normals, instanced or not") {
    auto material = std::make_shared<PbrMaterial>("raven");
    material->setDoubleSided(true);
    auto wing = std::make_shared<WingPlugin>();
    material->addPlugin(wing);
    for (RenderPass pass : kAllPasses)
        for (bool instanced : {false, true}) {
            CAPTURE(toString(pass));
            CAPTURE(instanced);
            auto on = test::buildStages(*material, pass, instanced);
            size_t rotatePos = on.vertex.find("positionUpdated = wingRotate(positionUpdated, wingSide, wingAngle);");
            size_t rotateNormal = on.vertex.find("normalUpdated = wingRotate(normalUpdated, wingSide, wingAngle);");
            size_t world = on.vertex.find("vec4 worldPos = finalWorld * vec4(positionUpdated, 1.0);");
            REQUIRE(rotatePos != std::string::npos);
            REQUIRE(rotateNormal != std::string::npos);
            REQUIRE(world != std::string::npos);
            CHECK(rotatePos < world); // before the instance matrix
            CHECK(rotateNormal < world);
            CHECK(has(on.vertex, "tangentUpdated.xyz = wingRotate(tangentUpdated.xyz, wingSide, wingAngle);"));
            CHECK(has(on.vertex, "vec2 wingBeatNow = wingBeat;") == instanced);
            CHECK(has(on.vertex, "vec2 wingBeatNow = wingMeshBeat;") == !instanced);
            CHECK(has(on.vertex, "in vec2 wingBeat;") == instanced);
            wing->setActive(false);
            auto off = test::buildStages(*material, pass, instanced);
            CHECK_FALSE(has(off.vertex, "wingRotate"));
            wing->setActive(true);
        }
}

TEST_CASE("wing mirror: angle is 0 at t = 0, amp at a quarter period, 0 for amp 0, grows with span") {
    const float omega = float(snapHertz(kRavenWingHertz));
    const float quarter = float(kTwoPi / 4.0) / omega;
    CHECK(wingAngle(0.0f, omega, 0.0f, 1.0f, 0.4f, 0.4f) == 0.0f);
    CHECK(wingAngle(quarter, omega, 0.0f, 1.0f, 0.4f, 0.4f) == doctest::Approx(1.0f));
    CHECK(wingAngle(quarter, omega, 0.0f, 0.7f, 0.4f, 0.4f) == doctest::Approx(0.7f));
    CHECK(wingAngle(quarter, omega, 0.0f, 0.0f, 0.4f, 0.4f) == 0.0f);
    CHECK(wingAngle(quarter, omega, 0.0f, 1.0f, 0.2f, 0.4f) == doctest::Approx(0.5f));
    CHECK(wingAngle(quarter, omega, 0.0f, 1.0f, -0.2f, 0.4f) == doctest::Approx(0.5f)); // both sides alike
    CHECK(wingAngle(quarter, omega, 0.0f, 1.0f, 0.8f, 0.4f) == doctest::Approx(1.0f));  // clamped past the span
    CHECK(wingAngle(quarter, omega, 0.0f, 1.0f, 0.0f, 0.4f) == 0.0f);                   // the body holds still
    // The phase shifts the beat: a flock beats out of step.
    CHECK(wingAngle(0.0f, omega, float(kTwoPi / 4.0), 1.0f, 0.4f, 0.4f) == doctest::Approx(1.0f));
    // Periodic at the snapped frequency.
    float period = float(kTwoPi) / omega;
    CHECK(wingAngle(0.05f + period, omega, 0.3f, 1.0f, 0.4f, 0.4f) ==
          doctest::Approx(wingAngle(0.05f, omega, 0.3f, 1.0f, 0.4f, 0.4f)).epsilon(1e-4));
}

TEST_CASE("wing mirror: positive angles raise both tips, keep wing lengths, and turn normals with the wing") {
    const float a = 0.6f;
    for (float side : {-1.0f, 1.0f}) {
        glm::vec3 tip(side * 0.4f, 0.0f, 0.1f);
        glm::vec3 moved = wingRotate(tip, side, a);
        CHECK(moved.y == doctest::Approx(0.4f * std::sin(a)));
        CHECK(moved.x * side == doctest::Approx(0.4f * std::cos(a)));
        CHECK(moved.z == 0.1f);
        CHECK(glm::length(glm::vec2(moved)) == doctest::Approx(0.4f));
        // A flat wing's up normal turns with it: still perpendicular to the rotated wing.
        glm::vec3 normal = wingRotate({0, 1, 0}, side, a);
        glm::vec3 along = wingRotate({side, 0, 0}, side, a);
        CHECK(glm::dot(normal, along) == doctest::Approx(0.0f).epsilon(1e-6));
        CHECK(glm::length(normal) == doctest::Approx(1.0f));
        // Matches the notes' formula: y' = |x| sin a + y cos a, x' = side (|x| cos a − y sin a).
        glm::vec3 p(side * 0.3f, 0.05f, 0);
        glm::vec3 r = wingRotate(p, side, a);
        CHECK(r.y == doctest::Approx(0.3f * std::sin(a) + 0.05f * std::cos(a)));
        CHECK(r.x == doctest::Approx(side * (0.3f * std::cos(a) - 0.05f * std::sin(a))));
    }
    // The body axis does not move at any time.
    const float omega = float(snapHertz(kGullWingHertz));
    for (float t : {0.0f, 0.1f, 0.37f, 299.0f}) {
        glm::vec3 body(0.0f, 0.02f, 0.3f);
        glm::vec3 moved = wingPosition(body, t, omega, 1.0f, 1.0f, 0.5f);
        CHECK(moved == body);
    }
}
