// The packed light record (render/LightPacking.h): half floats round-trip within half
// precision and clamp at the largest finite half, octahedral directions come back within
// 1e-4 rad, a point light's cone factor is 1 in every direction, and the record holds what
// shaders/pbr/lights.glsl reads where it reads it.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <random>
#include <vector>

#include "render/LightPacking.h"

using namespace th;

namespace {
float coneFactor(const std::array<uint32_t, 16>& t, glm::vec3 fromLight) {
    float cosOuter = std::bit_cast<float>(t[5]);
    float scale = halfToFloat(uint16_t(t[7] >> 16));
    return std::clamp((glm::dot(octahedralDirection(t[4]), glm::normalize(fromLight)) - cosOuter) * scale, 0.0f, 1.0f);
}
} // namespace

TEST_CASE("half floats: exact for small integers and powers of two, within half precision elsewhere, zero below normals") {
    for (float v : {0.0f, 1.0f, -1.0f, 2.0f, 0.5f, 1024.0f, 65504.0f, -3.0f, 6.103515625e-5f})
        CHECK(halfToFloat(halfBits(v)) == v);
    std::mt19937 random(7);
    std::uniform_real_distribution<float> logUniform(-14.0f, 15.9f);
    for (int i = 0; i < 10000; ++i) {
        float v = std::exp2(logUniform(random));
        float back = halfToFloat(halfBits(v));
        CAPTURE(v);
        CHECK(std::fabs(back - v) <= v * (1.0f / 2048.0f)); // half a unit in the last of 10 mantissa bits
    }
    CHECK(halfToFloat(halfBits(1e-6f)) == 0.0f);
    CHECK(halfToFloat(halfBits(-1e-6f)) == 0.0f);
    CHECK(halfToFloat(halfBits(std::nanf(""))) == 0.0f);
}

TEST_CASE("half floats: values past the largest finite half clamp to it, never to infinity") {
    CHECK(halfToFloat(halfBits(1e6f)) == kMaxPackedLightColour);
    CHECK(halfToFloat(halfBits(-1e6f)) == -kMaxPackedLightColour);
    CHECK(halfToFloat(halfBits(65519.0f)) == kMaxPackedLightColour); // would round up to infinity
    CHECK(halfToFloat(halfBits(INFINITY)) == kMaxPackedLightColour);
    uint32_t packed = packHalves(3.0f, 0.25f);
    CHECK(halfToFloat(uint16_t(packed & 0xFFFFu)) == 3.0f);
    CHECK(halfToFloat(uint16_t(packed >> 16)) == 0.25f);
}

TEST_CASE("octahedral directions come back within 1e-4 radians over the sphere, axes and octant seams included") {
    std::mt19937 random(11);
    std::normal_distribution<float> gauss;
    std::vector<glm::vec3> directions = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}, {1, 1, 0}, {-1, 0, -1}, {0, -1, -1e-7f}};
    for (int i = 0; i < 20000; ++i) directions.push_back({gauss(random), gauss(random), gauss(random)});
    float worst = 0.0f;
    for (glm::vec3 d : directions) {
        d = glm::normalize(d);
        glm::vec3 back = octahedralDirection(octahedralSnorm(d));
        // atan2 of |cross| and dot: acos of a float dot near 1 cannot resolve 1e-4 rad.
        float angle = std::atan2(glm::length(glm::cross(d, back)), glm::dot(d, back));
        worst = std::max(worst, angle);
    }
    MESSAGE("worst octahedral error: ", worst, " rad");
    CHECK(worst < 1e-4f);
}

TEST_CASE("a point or spot light's record: position, 1/range², cone and colour where the shader reads them") {
    Light spot;
    spot.type = LightType::Spot;
    spot.position = {1.0f, 2.0f, -3.0f};
    spot.direction = {0.0f, -2.0f, 0.0f}; // not unit: packed normalized
    spot.color = {1.0f, 0.5f, 0.25f};
    spot.intensity = 40.0f;
    spot.range = 4.0f;
    spot.innerConeAngle = 0.3f;
    spot.outerConeAngle = 0.6f;
    spot.mask = 0x80000001u;
    bool clamped = true;
    std::array<uint32_t, 16> t = packLight(spot, 12, &clamped);
    CHECK_FALSE(clamped);
    CHECK(std::bit_cast<float>(t[0]) == 1.0f);
    CHECK(std::bit_cast<float>(t[1]) == 2.0f);
    CHECK(std::bit_cast<float>(t[2]) == -3.0f);
    CHECK(std::bit_cast<float>(t[3]) == doctest::Approx(1.0f / 16.0f));
    CHECK(halfToFloat(uint16_t(t[6] & 0xFFFFu)) == 40.0f);
    CHECK(halfToFloat(uint16_t(t[6] >> 16)) == 20.0f);
    CHECK(halfToFloat(uint16_t(t[7] & 0xFFFFu)) == 10.0f);
    CHECK(int(t[8]) == 12);
    CHECK(t[9] == 2u);
    CHECK(t[10] == 0x80000001u);
    CHECK(t[11] == 0u);
    for (int i = 12; i < 16; ++i) CHECK(t[size_t(i)] == 0u);
    // The cone: 1 inside the inner angle, 0 outside the outer, smooth between.
    CHECK(coneFactor(t, {0.0f, -1.0f, 0.0f}) == 1.0f);
    CHECK(coneFactor(t, {std::sin(0.29f), -std::cos(0.29f), 0.0f}) == 1.0f);
    CHECK(coneFactor(t, {std::sin(0.61f), -std::cos(0.61f), 0.0f}) == 0.0f);
    float halfway = coneFactor(t, {std::sin(0.45f), -std::cos(0.45f), 0.0f});
    CHECK(halfway > 0.2f);
    CHECK(halfway < 0.8f);
}

TEST_CASE("a point light's cone factor is 1 in every direction, an unlimited range packs 0, no shadow packs -1") {
    Light point;
    point.type = LightType::Point;
    point.range = 0.0f;
    std::array<uint32_t, 16> t = packLight(point, -1);
    CHECK(std::bit_cast<float>(t[3]) == 0.0f);
    CHECK(int(t[8]) == -1);
    CHECK(t[9] == 1u);
    for (glm::vec3 d : {glm::vec3(0, -1, 0), glm::vec3(0, 1, 0), glm::vec3(1, 0, 0), glm::vec3(0.3f, 0.2f, -0.9f)})
        CHECK(coneFactor(t, d) == 1.0f);
    // A point light with no direction at all: a defined axis, still lit everywhere.
    point.direction = glm::vec3(0.0f);
    t = packLight(point, -1);
    CHECK(glm::length(octahedralDirection(t[4])) == doctest::Approx(1.0f));
    CHECK(coneFactor(t, {0.2f, 0.9f, 0.1f}) == 1.0f);
}

TEST_CASE("a point light brighter than a half float holds is clamped and says so, a directional light keeps full floats") {
    Light bright;
    bright.type = LightType::Point;
    bright.color = {1.0f, 0.1f, 0.0f};
    bright.intensity = 1e6f;
    bool clamped = false;
    std::array<uint32_t, 16> t = packLight(bright, -1, &clamped);
    CHECK(clamped);
    CHECK(halfToFloat(uint16_t(t[6] & 0xFFFFu)) == kMaxPackedLightColour);
    CHECK(halfToFloat(uint16_t(t[6] >> 16)) == kMaxPackedLightColour);
    CHECK(halfToFloat(uint16_t(t[7] & 0xFFFFu)) == 0.0f);

    Light sun;
    sun.type = LightType::Directional;
    sun.intensity = 120000.0f; // lux: far past a half float
    sun.direction = {0.0f, 0.0f, -3.0f};
    clamped = true;
    t = packLight(sun, 0, &clamped);
    CHECK_FALSE(clamped);
    CHECK(std::bit_cast<float>(t[0]) == 120000.0f);
    CHECK(std::bit_cast<float>(t[6]) == -1.0f);
    CHECK(t[9] == 0u);
}
