// Tone mapping mirrors (engine/render/ToneMap.h, same formulas as shaders/common/tonemap.glsl)
// against values worked out by hand from the Khronos PBR Neutral specification:
//   x = min(r, g, b); offset f = x − x²/(4·F90) when x < 2·F90, else F90 (F90 = 0.04);
//   c −= f; p = max(c); when p ≥ Ks = 0.8 − F90: p' = 1 − (1 − Ks)² / (p + 1 − 2·Ks),
//   c ×= p'/p, then c = mix(c, p', 1 − 1/(Kd·(p − p') + 1)) with Kd = 0.15.
#include <doctest/doctest.h>

#include "render/ToneMap.h"

using namespace th;

namespace {
void checkVec(glm::vec3 got, glm::vec3 expected, double eps = 1e-5) {
    CAPTURE(got.r);
    CAPTURE(got.g);
    CAPTURE(got.b);
    CHECK(double(got.r) == doctest::Approx(double(expected.r)).epsilon(eps));
    CHECK(double(got.g) == doctest::Approx(double(expected.g)).epsilon(eps));
    CHECK(double(got.b) == doctest::Approx(double(expected.b)).epsilon(eps));
}
} // namespace

TEST_CASE("PBR Neutral: below the compression start only the offset applies") {
    // x = 0.1 ≥ 0.08: offset 0.04; peak 0.46 < 0.76.
    checkVec(toneMapPbrNeutral({0.5f, 0.3f, 0.1f}), {0.46f, 0.26f, 0.06f});
    // x = 0.05 < 0.08: offset 0.05 − 6.25·0.05² = 0.034375.
    checkVec(toneMapPbrNeutral({0.05f, 0.2f, 0.4f}), {0.015625f, 0.165625f, 0.365625f});
    // The offset's two branches meet at x = 0.08 (0.08 − 6.25·0.0064 = 0.04).
    glm::vec3 below = toneMapPbrNeutral({0.0799999f, 0.3f, 0.3f}), at = toneMapPbrNeutral({0.08f, 0.3f, 0.3f});
    CHECK(double(below.g) == doctest::Approx(double(at.g)).epsilon(1e-5));
    checkVec(toneMapPbrNeutral({0.0f, 0.0f, 0.0f}), {0.0f, 0.0f, 0.0f});
}

TEST_CASE("PBR Neutral: bright colours compress towards 1 and desaturate") {
    // Grey 2: c = 1.96, p' = 1 − 0.24²/(1.96 + 0.24 − 0.76) = 0.96; grey stays grey.
    checkVec(toneMapPbrNeutral({2.0f, 2.0f, 2.0f}), {0.96f, 0.96f, 0.96f});
    // (4, 1, 0.5): c = (3.96, 0.96, 0.46), p' = 1 − 0.0576/3.44 = 0.98325581,
    // c·p'/p = (0.98325581, 0.23836522, 0.11421667), g = 1 − 1/1.44651163 = 0.30868167.
    checkVec(toneMapPbrNeutral({4.0f, 1.0f, 0.5f}), {0.98325581f, 0.46829917f, 0.38247307f});
    // Continuous where compression starts: grey 0.8 → 0.76 either way.
    checkVec(toneMapPbrNeutral({0.8f, 0.8f, 0.8f}), {0.76f, 0.76f, 0.76f});
    checkVec(toneMapPbrNeutral({0.08f, 0.5f, 0.9f}), {0.04211059f, 0.44596499f, 0.83058824f});
}

TEST_CASE("PBR Neutral: monotonic in exposure and bounded by 1") {
    float previous = -1.0f;
    for (float e = 0.0f; e < 64.0f; e = e * 1.25f + 0.01f) {
        glm::vec3 v = toneMapPbrNeutral(glm::vec3(0.9f, 0.5f, 0.2f) * e);
        CHECK(v.r >= previous);
        CHECK(v.r <= 1.0f);
        CHECK(v.b <= v.r);
        previous = v.r;
    }
}

TEST_CASE("ACES fit: reference points and clamping") {
    // (x(2.51x + 0.03)) / (x(2.43x + 0.59) + 0.14): 1 → 2.54/3.16, 0.18 → 0.266899.
    checkVec(toneMapAces(glm::vec3(1.0f)), glm::vec3(0.80379747f));
    checkVec(toneMapAces(glm::vec3(0.18f)), glm::vec3(0.26689892f));
    checkVec(toneMapAces(glm::vec3(10.0f)), glm::vec3(1.0f)); // 1.009 before the clamp
    checkVec(applyToneMapping(ToneMapping::None, {2.0f, 0.5f, -1.0f}), {1.0f, 0.5f, 0.0f});
}
