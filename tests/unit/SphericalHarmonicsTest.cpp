// Irradiance SH projection (engine/render/SphericalHarmonics.h) of environments whose
// irradiance is known in closed form.
#include <doctest/doctest.h>

#include <cmath>
#include <functional>

#include "render/SphericalHarmonics.h"

using namespace th;

namespace {
constexpr float kPi = 3.14159265358979f;

CubeImage makeCube(int size, const std::function<glm::vec3(glm::vec3)>& radiance) {
    CubeImage cube;
    cube.size = size;
    for (int face = 0; face < 6; ++face) {
        auto& texels = cube.faces[size_t(face)];
        texels.resize(size_t(size * size * 4));
        for (int y = 0; y < size; ++y)
            for (int x = 0; x < size; ++x) {
                glm::vec3 d = glm::normalize(cubeFaceDirection(face, (x + 0.5f) / size * 2 - 1, (y + 0.5f) / size * 2 - 1));
                glm::vec3 l = radiance(d);
                float* p = &texels[size_t((y * size + x) * 4)];
                p[0] = l.r, p[1] = l.g, p[2] = l.b, p[3] = 1.0f;
            }
    }
    return cube;
}

// Order-2 SH irradiance of the clamped-cosine radiance max(0, ω·a), divided by π, as a
// function of cos γ = n·a: Σ Â_l (2l+1)/(4π) f_l P_l(cos γ) with f = (π, 2π/3, π/4).
float truncatedLobeDiffuse(float cosGamma) {
    float p2 = 0.5f * (3.0f * cosGamma * cosGamma - 1.0f);
    return (kPi / 4.0f + kPi / 3.0f * cosGamma + 5.0f * kPi / 64.0f * p2) / kPi;
}
} // namespace

TEST_CASE("cube texel solid angles add up to the sphere") {
    for (int size : {1, 4, 16}) {
        double sum = 0;
        for (int y = 0; y < size; ++y)
            for (int x = 0; x < size; ++x) sum += cubeTexelSolidAngle(x, y, size);
        CHECK(sum * 6 == doctest::Approx(4.0 * kPi).epsilon(1e-5));
    }
}

TEST_CASE("SH irradiance: a constant environment gives back its radiance in every direction") {
    glm::vec3 c(0.2f, 0.5f, 1.5f);
    ShIrradiance sh = projectIrradianceSh(makeCube(16, [&](glm::vec3) { return c; }));
    CHECK(sh[0].b == doctest::Approx(1.5f).epsilon(1e-4));
    for (int i = 1; i < 9; ++i) CHECK(std::abs(sh[size_t(i)].b) < 1e-4f);
    for (glm::vec3 n : {glm::vec3(1, 0, 0), glm::vec3(0, -1, 0), glm::normalize(glm::vec3(1, 2, -3))}) {
        glm::vec3 e = evaluateIrradianceSh(sh, n);
        CHECK(e.r == doctest::Approx(0.2f).epsilon(1e-3));
        CHECK(e.b == doctest::Approx(1.5f).epsilon(1e-3));
    }
}

TEST_CASE("SH irradiance: a clamped-cosine lobe recovers its irradiance") {
    // Radiance max(0, ω·a). Exact diffuse radiance (irradiance / π): 2/3 facing the lobe,
    // 2/(3π) at right angles (∫ over the quarter sphere of x·y), 0 facing away. Order-2 SH
    // truncates that to truncatedLobeDiffuse(); the projection of a 32² cube must match the
    // truncation closely and the exact values within the truncation's known error (< 2.5 %
    // of the peak).
    for (glm::vec3 axis : {glm::vec3(0, 1, 0), glm::normalize(glm::vec3(1, -1, 2))}) {
        CAPTURE(axis.x);
        ShIrradiance sh = projectIrradianceSh(makeCube(32, [&](glm::vec3 d) { return glm::vec3(std::max(0.0f, glm::dot(d, axis))); }));
        glm::vec3 side = glm::normalize(glm::cross(axis, glm::vec3(0.3f, 0.1f, 0.9f)));
        CHECK(evaluateIrradianceSh(sh, axis).r == doctest::Approx(truncatedLobeDiffuse(1.0f)).epsilon(0.005));
        CHECK(evaluateIrradianceSh(sh, side).r == doctest::Approx(truncatedLobeDiffuse(0.0f)).epsilon(0.005));
        glm::vec3 oblique = glm::normalize(axis + side);
        CHECK(evaluateIrradianceSh(sh, oblique).r == doctest::Approx(truncatedLobeDiffuse(std::sqrt(0.5f))).epsilon(0.005));

        CHECK(evaluateIrradianceSh(sh, axis).r == doctest::Approx(2.0f / 3.0f).epsilon(0.025));
        CHECK(evaluateIrradianceSh(sh, side).r == doctest::Approx(2.0f / (3.0f * kPi)).epsilon(0.025));
        CHECK(evaluateIrradianceSh(sh, -axis).r < 0.02f);
    }
}
