// Cascaded shadow maps are stable: as the camera moves, each cascade moves in whole shadow
// texels and never changes size; as it turns, the size stays the same. That is what keeps
// shadow edges from shimmering.
#include <doctest/doctest.h>

#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "render/ShadowCascades.h"
#include "scene/Atmosphere.h"

using namespace th;

namespace {
Camera baseCamera() {
    Camera c;
    c.position = {10, 20, 30};
    c.target = {12, 0, -40};
    c.nearPlane = 0.5f;
    c.farPlane = 1000.0f;
    c.aspect = 16.0f / 9.0f;
    return c;
}

Bounds world() {
    Bounds b;
    b.add({-500, -10, -500});
    b.add({500, 60, 500});
    return b;
}

// The cascade's centre in light space, in texels.
glm::vec2 centreInTexels(const Cascade& c, const glm::vec3& lightDir) {
    glm::mat4 lightView = glm::lookAt(glm::vec3(0.0f), lightDir, glm::vec3(0, 1, 0));
    glm::vec3 ls = glm::vec3(lightView * glm::vec4(c.center, 1.0f));
    return glm::vec2(ls) / c.texelWorld;
}
} // namespace

TEST_CASE("cascades split the range in order and cover it") {
    ShadowSettings s;
    s.cascades = 3;
    s.maxDistance = 300;
    CascadeSet set = computeCascades(baseCamera(), sunDirectionForHour(15), s, world());
    REQUIRE(set.count == 3);
    CHECK(set.cascades[0].splitFar < set.cascades[1].splitFar);
    CHECK(set.cascades[1].splitFar < set.cascades[2].splitFar);
    CHECK(set.cascades[2].splitFar == doctest::Approx(300.0f));
    CHECK(set.cascades[0].texelWorld < set.cascades[2].texelWorld);
}

TEST_CASE("moving the camera moves each cascade by whole texels and keeps its size") {
    ShadowSettings s;
    s.cascades = 3;
    s.mapSize = 2048;
    glm::vec3 lightDir = sunDirectionForHour(15);
    CascadeSet before = computeCascades(baseCamera(), lightDir, s, world());
    for (float step : {0.013f, 0.37f, 1.9f}) {
        Camera moved = baseCamera();
        moved.position += glm::vec3(step, 0.0f, step * 0.5f);
        moved.target += glm::vec3(step, 0.0f, step * 0.5f);
        CascadeSet after = computeCascades(moved, lightDir, s, world());
        for (int i = 0; i < 3; ++i) {
            CAPTURE(step);
            CAPTURE(i);
            const Cascade &a = before.cascades[size_t(i)], &b = after.cascades[size_t(i)];
            CHECK(a.radius == b.radius);
            CHECK(a.texelWorld == b.texelWorld);
            glm::vec2 ta = centreInTexels(a, lightDir), tb = centreInTexels(b, lightDir);
            CHECK(std::abs(ta.x - std::round(ta.x)) < 1e-2f);
            CHECK(std::abs(tb.x - std::round(tb.x)) < 1e-2f);
            CHECK(std::abs(tb.y - std::round(tb.y)) < 1e-2f);
        }
    }
}

TEST_CASE("turning the camera keeps every cascade's size") {
    ShadowSettings s;
    s.cascades = 4;
    glm::vec3 lightDir = sunDirectionForHour(10);
    CascadeSet before = computeCascades(baseCamera(), lightDir, s, world());
    Camera turned = baseCamera();
    turned.target = turned.position + glm::vec3(glm::rotate(glm::mat4(1.0f), 1.1f, glm::vec3(0, 1, 0)) *
                                                glm::vec4(turned.target - turned.position, 0.0f));
    CascadeSet after = computeCascades(turned, lightDir, s, world());
    for (int i = 0; i < 4; ++i) CHECK(before.cascades[size_t(i)].radius == after.cascades[size_t(i)].radius);
}

TEST_CASE("the band where a cascade fades into the next lies inside the next cascade's map") {
    // shadows.glsl blends cascade i into i + 1 over the last cascadeBlend of i's depth range;
    // a point there outside i + 1's map would read "lit" and draw a bright seam instead.
    ShadowSettings s;
    s.cascades = 3;
    s.maxDistance = 300;
    s.cascadeBlend = 0.2f;
    Camera camera = baseCamera();
    CascadeSet set = computeCascades(camera, sunDirectionForHour(15), s, world());
    REQUIRE(set.count == 3);
    glm::mat4 invView = glm::inverse(camera.view());
    float tanY = std::tan(camera.yfov * 0.5f), tanX = tanY * camera.aspect;
    for (int i = 0; i + 1 < set.count; ++i) {
        float start = i == 0 ? 0.0f : set.cascades[size_t(i - 1)].splitFar, split = set.cascades[size_t(i)].splitFar;
        for (float depth : {split - s.cascadeBlend * (split - start), split}) {
            for (glm::vec2 corner : {glm::vec2(0, 0), glm::vec2(-1, -1), glm::vec2(1, -1), glm::vec2(-1, 1), glm::vec2(1, 1)}) {
                glm::vec3 world = glm::vec3(invView * glm::vec4(corner.x * tanX * depth, corner.y * tanY * depth, -depth, 1.0f));
                glm::vec4 t = set.cascades[size_t(i + 1)].textureMatrix * glm::vec4(world, 1.0f);
                CAPTURE(i);
                CAPTURE(depth);
                CHECK(t.x >= 0.0f);
                CHECK(t.x <= 1.0f);
                CHECK(t.y >= 0.0f);
                CHECK(t.y <= 1.0f);
                CHECK(t.z >= 0.0f);
                CHECK(t.z <= 1.0f);
            }
        }
    }
}
