// Keyframe interpolation against the glTF 2.0 specification's formulas (Appendix C): STEP holds
// the previous keyframe, LINEAR lerps (slerps rotations along the shorter arc, normalized),
// CUBICSPLINE is a Hermite spline whose tangents are scaled by the keyframe interval. Outside
// the keyframes the first or last value holds.
#include <doctest/doctest.h>

#include <cmath>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "scene/AnimationSampler.h"

using namespace th;

namespace {

AnimationSampler vec3Sampler(Interpolation i, std::vector<float> times, std::vector<float> values) {
    AnimationSampler s;
    s.interpolation = i;
    s.times = std::move(times);
    s.values = std::move(values);
    s.width = 3;
    REQUIRE(s.validate().empty());
    return s;
}

glm::vec3 at3(const AnimationSampler& s, float t) {
    float v[3];
    s.sample(t, v);
    return {v[0], v[1], v[2]};
}

glm::quat atQ(const AnimationSampler& s, float t) {
    float v[4];
    s.sample(t, v);
    return glm::quat(v[3], v[0], v[1], v[2]);
}

void checkNear(glm::vec3 a, glm::vec3 b, float eps = 1e-5f) {
    CAPTURE(a.x);
    CAPTURE(a.y);
    CAPTURE(a.z);
    CHECK(glm::length(a - b) < eps);
}

// glTF stores quaternions x, y, z, w.
void push(std::vector<float>& v, glm::quat q) { v.insert(v.end(), {q.x, q.y, q.z, q.w}); }

glm::quat aboutZ(float degrees) { return glm::angleAxis(glm::radians(degrees), glm::vec3(0, 0, 1)); }

} // namespace

TEST_CASE("STEP translation holds the previous keyframe, at and between keys and outside them") {
    auto s = vec3Sampler(Interpolation::Step, {1, 2, 4}, {0, 0, 0, 1, 2, 3, 4, 5, 6});
    checkNear(at3(s, -3.0f), {0, 0, 0});
    checkNear(at3(s, 1.0f), {0, 0, 0});
    checkNear(at3(s, 1.5f), {0, 0, 0});
    checkNear(at3(s, 2.0f), {1, 2, 3});
    checkNear(at3(s, 3.99f), {1, 2, 3});
    checkNear(at3(s, 4.0f), {4, 5, 6});
    checkNear(at3(s, 100.0f), {4, 5, 6});
}

TEST_CASE("LINEAR translation lerps between keys and clamps before the first and after the last") {
    auto s = vec3Sampler(Interpolation::Linear, {1, 3}, {0, 0, 0, 2, 4, -8});
    checkNear(at3(s, 0.0f), {0, 0, 0});
    checkNear(at3(s, 1.0f), {0, 0, 0});
    checkNear(at3(s, 1.5f), {0.5f, 1.0f, -2.0f});
    checkNear(at3(s, 3.0f), {2, 4, -8});
    checkNear(at3(s, 9.0f), {2, 4, -8});
}

TEST_CASE("LINEAR rotation is the specification's slerp and normalized") {
    AnimationSampler s;
    s.interpolation = Interpolation::Linear;
    s.quaternion = true;
    s.width = 4;
    s.times = {0, 1};
    push(s.values, aboutZ(0));
    push(s.values, aboutZ(120));
    REQUIRE(s.validate().empty());
    // slerp at s = 0.25 between 0° and 120° about one axis is 30° about it.
    glm::quat q = atQ(s, 0.25f);
    CHECK(glm::length(glm::vec4(q.x, q.y, q.z, q.w)) == doctest::Approx(1.0f).epsilon(1e-6));
    checkNear(q * glm::vec3(1, 0, 0), {std::cos(glm::radians(30.0f)), std::sin(glm::radians(30.0f)), 0});
    checkNear(atQ(s, 1.0f) * glm::vec3(1, 0, 0), aboutZ(120) * glm::vec3(1, 0, 0));
    checkNear(atQ(s, 7.0f) * glm::vec3(1, 0, 0), aboutZ(120) * glm::vec3(1, 0, 0));
}

TEST_CASE("LINEAR rotation between quaternions on opposite hemispheres takes the short path") {
    AnimationSampler s;
    s.interpolation = Interpolation::Linear;
    s.quaternion = true;
    s.width = 4;
    s.times = {0, 1};
    push(s.values, aboutZ(0));
    // -q is the same 90° turn, stored on the other hemisphere: the long way round would pass
    // through 135° the other way at the midpoint.
    glm::quat far = aboutZ(90);
    push(s.values, glm::quat(-far.w, -far.x, -far.y, -far.z));
    REQUIRE(s.validate().empty());
    checkNear(atQ(s, 0.5f) * glm::vec3(1, 0, 0), {std::cos(glm::radians(45.0f)), std::sin(glm::radians(45.0f)), 0});
}

TEST_CASE("STEP rotation holds the previous quaternion") {
    AnimationSampler s;
    s.interpolation = Interpolation::Step;
    s.quaternion = true;
    s.width = 4;
    s.times = {0, 1};
    push(s.values, aboutZ(10));
    push(s.values, aboutZ(80));
    checkNear(atQ(s, 0.9f) * glm::vec3(1, 0, 0), aboutZ(10) * glm::vec3(1, 0, 0));
    checkNear(atQ(s, 1.0f) * glm::vec3(1, 0, 0), aboutZ(80) * glm::vec3(1, 0, 0));
}

TEST_CASE("CUBICSPLINE translation scales tangents by the keyframe interval") {
    // Keys at t = 1 and t = 3 (interval 2): value 0 → 1 in x, out-tangent 3, in-tangent −1.
    // p(s) = (2s³−3s²+1)v0 + td(s³−2s²+s)b0 + (−2s³+3s²)v1 + td(s³−s²)a1; at s = 0.5:
    // 0.5·0 + 2·0.125·3 + 0.5·1 + 2·(−0.125)·(−1) = 1.5 (without the interval scaling: 1.0).
    auto s = vec3Sampler(Interpolation::CubicSpline, {1, 3},
                         {
                             9, 9, 9, 0, 0, 0, 3, 0, 0,  // key 0: in-tangent, value, out-tangent
                             -1, 0, 0, 1, 0, 0, 9, 9, 9, // key 1
                         });
    checkNear(at3(s, 2.0f), {1.5f, 0, 0});
    // s = 0.25: h00 = 0.84375, h10 = 0.140625, h01 = 0.15625, h11 = −0.046875.
    checkNear(at3(s, 1.5f), {2 * 0.140625f * 3 + 0.15625f + 2 * -0.046875f * -1, 0, 0});
    // At the keys and outside them: the values, never the tangents.
    checkNear(at3(s, 1.0f), {0, 0, 0});
    checkNear(at3(s, 3.0f), {1, 0, 0});
    checkNear(at3(s, -5.0f), {0, 0, 0});
    checkNear(at3(s, 50.0f), {1, 0, 0});
}

TEST_CASE("CUBICSPLINE rotation is normalized") {
    AnimationSampler s;
    s.interpolation = Interpolation::CubicSpline;
    s.quaternion = true;
    s.width = 4;
    s.times = {0, 1};
    glm::quat zero(0, 0, 0, 0);
    push(s.values, zero);
    push(s.values, aboutZ(0));
    push(s.values, zero);
    push(s.values, zero);
    push(s.values, aboutZ(90));
    push(s.values, zero);
    REQUIRE(s.validate().empty());
    glm::quat q = atQ(s, 0.5f);
    CHECK(glm::length(glm::vec4(q.x, q.y, q.z, q.w)) == doctest::Approx(1.0f).epsilon(1e-6));
    // Zero tangents, halfway: the normalized mean of the two, i.e. 45°.
    checkNear(q * glm::vec3(1, 0, 0), {std::cos(glm::radians(45.0f)), std::sin(glm::radians(45.0f)), 0});
}

TEST_CASE("morph weights interpolate per target with every interpolation") {
    AnimationSampler s;
    s.width = 2;
    s.times = {0, 2};
    s.values = {0.0f, 1.0f, 1.0f, 0.0f};
    s.interpolation = Interpolation::Linear;
    REQUIRE(s.validate().empty());
    float w[2];
    s.sample(0.5f, w);
    CHECK(w[0] == doctest::Approx(0.25f));
    CHECK(w[1] == doctest::Approx(0.75f));
    s.sample(-1.0f, w);
    CHECK(w[0] == 0.0f);
    CHECK(w[1] == 1.0f);
    s.sample(3.0f, w);
    CHECK(w[0] == 1.0f);
    CHECK(w[1] == 0.0f);

    s.interpolation = Interpolation::Step;
    s.sample(1.9f, w);
    CHECK(w[0] == 0.0f);
    CHECK(w[1] == 1.0f);
    s.sample(2.0f, w);
    CHECK(w[0] == 1.0f);

    // CUBICSPLINE with zero tangents is smoothstep between the values: 0.5 at the midpoint,
    // h01(0.25) = 0.15625 a quarter of the way.
    s.interpolation = Interpolation::CubicSpline;
    s.values = {0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0};
    REQUIRE(s.validate().empty());
    s.sample(1.0f, w);
    CHECK(w[0] == doctest::Approx(0.5f));
    CHECK(w[1] == doctest::Approx(0.5f));
    s.sample(0.5f, w);
    CHECK(w[0] == doctest::Approx(0.15625f));
    CHECK(w[1] == doctest::Approx(1.0f - 0.15625f));
}

TEST_CASE("a sampler whose times do not increase or whose output count does not match is rejected with a reason") {
    AnimationSampler s;
    s.width = 3;
    s.times = {0, 1, 1};
    s.values.assign(9, 0.0f);
    CHECK(s.validate().find("do not increase") != std::string::npos);
    s.times = {0, 1, 2};
    s.interpolation = Interpolation::CubicSpline;
    std::string why = s.validate();
    CHECK(why.find("CUBICSPLINE") != std::string::npos);
    CHECK(why.find("needs 9") != std::string::npos);
    s.values.assign(27, 0.0f);
    CHECK(s.validate().empty());
}
