// glTF cameras: orthographic ones keep their xmag/ymag/znear/zfar and reach the engine's
// camera as an orthographic projection (an object's size on screen does not change with its
// distance, parallel lines stay parallel); bad values give a warning naming the camera and
// the value used instead.
#include <doctest/doctest.h>

#include <string>

#include "assets/GltfImporter.h"
#include "core/Log.h"
#include "core/Str.h"
#include "scene/Camera.h"

using namespace th;

namespace {

ImportedModel withCamera(const std::string& camera) {
    ScopedLogSink quiet{[](LogLevel, std::string_view) {}};
    return importGltfFromMemory(str(R"({"asset": {"version": "2.0"}, "cameras": [)", camera,
                                    R"(], "nodes": [{"camera": 0}], "scenes": [{"nodes": [0]}], "scene": 0})"),
                                ".", "camera.gltf");
}

bool anyWarningContains(const ImportedModel& m, const std::string& part) {
    for (const ImportWarning& w : m.warnings)
        if (w.toString().find(part) != std::string::npos) return true;
    return false;
}

/// Screen-space (NDC) height of a vertical segment 1 m tall centred `distance` in front.
float ndcHeight(const Camera& camera, float distance) {
    glm::mat4 vp = camera.viewProjection();
    glm::vec4 a = vp * glm::vec4(0, -0.5f, -distance, 1), b = vp * glm::vec4(0, 0.5f, -distance, 1);
    return b.y / b.w - a.y / a.w;
}

} // namespace

TEST_CASE("an orthographic glTF camera keeps its values") {
    ImportedModel m = withCamera(R"({"type": "orthographic", "name": "Top", "orthographic": {"xmag": 3, "ymag": 1.5, "znear": 0.5, "zfar": 40}})");
    REQUIRE(m.cameras.size() == 1);
    const ImportedCamera& c = m.cameras[0];
    CHECK(c.type == ImportedCamera::Type::Orthographic);
    CHECK(c.xmag == 3.0f);
    CHECK(c.ymag == 1.5f);
    CHECK(c.znear == 0.5f);
    CHECK(c.zfar.value_or(0) == 40.0f);
    CHECK(m.warnings.empty());
}

TEST_CASE("bad orthographic values: a warning naming the camera and what is used instead") {
    SUBCASE("xmag 0") {
        ImportedModel m = withCamera(R"({"type": "orthographic", "name": "Flat", "orthographic": {"xmag": 0, "ymag": 1, "znear": 0, "zfar": 10}})");
        CHECK(anyWarningContains(m, "camera 0 'Flat' (orthographic): xmag 0 and ymag 1 must be finite and non-zero"));
        CHECK(m.cameras.at(0).xmag == 1.0f);
    }
    SUBCASE("znear at or beyond zfar") {
        ImportedModel m = withCamera(R"({"type": "orthographic", "orthographic": {"xmag": 1, "ymag": 1, "znear": 5, "zfar": 5}})");
        CHECK(anyWarningContains(m, "camera 0 (orthographic): zfar 5 must be greater than znear 5; znear + 100 is used"));
        CHECK(m.cameras.at(0).zfar.value_or(0) == 105.0f);
    }
    SUBCASE("negative znear") {
        ImportedModel m = withCamera(R"({"type": "orthographic", "orthographic": {"xmag": 1, "ymag": 1, "znear": -1, "zfar": 5}})");
        CHECK(anyWarningContains(m, "znear -1 must be 0 or more"));
        CHECK(m.cameras.at(0).znear == 0.0f);
    }
}

TEST_CASE("the engine's orthographic camera: size independent of distance, parallel lines parallel") {
    Camera ortho;
    ortho.position = {0, 0, 0};
    ortho.target = {0, 0, -1};
    ortho.orthographic = true;
    ortho.ymag = 2.0f;
    ortho.aspect = 1.0f;
    ortho.nearPlane = 0.1f;
    ortho.farPlane = 100.0f;
    CHECK(ndcHeight(ortho, 2.0f) == doctest::Approx(0.5f)); // 1 m of a 4 m box, over NDC's 2
    CHECK(ndcHeight(ortho, 50.0f) == doctest::Approx(ndcHeight(ortho, 2.0f)));
    Camera perspective = ortho;
    perspective.orthographic = false;
    CHECK(ndcHeight(perspective, 50.0f) < ndcHeight(perspective, 2.0f) * 0.1f);
    // Two parallel rails receding from the camera keep their screen distance.
    glm::mat4 vp = ortho.viewProjection();
    auto x = [&](float px, float z) {
        glm::vec4 c = vp * glm::vec4(px, 0, z, 1);
        return c.x / c.w;
    };
    CHECK(x(1, -2) - x(-1, -2) == doctest::Approx(x(1, -80) - x(-1, -80)));
}
