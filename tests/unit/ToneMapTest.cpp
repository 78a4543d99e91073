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

// AgX in Wrensch's minimal form, worked through by hand for grey g (the inset and outset
// matrices keep grey grey to 1e-4): t = (log2(g) + 12.47393) / 16.5, the sigmoid fit
// s(t) = 15.5t⁶ − 40.14t⁵ + 31.96t⁴ − 6.868t³ + 0.4298t² + 0.1191t − 0.00232, out = s^2.2.
// 0.18: t = 0.60606, s = 0.49673, out = 0.21447, which sRGB encodes as 0.5005: AgX puts
// middle grey at half the display range, its design point. 1: t = 0.75599, s = 0.78686.
TEST_CASE("AgX: middle grey lands mid-display, white saturates, black stays black") {
    checkVec(toneMapAgx(glm::vec3(0.18f)), {0.214467f, 0.214533f, 0.214537f}, 1e-4);
    checkVec(toneMapAgx(glm::vec3(1.0f)), {0.589977f, 0.590207f, 0.590221f}, 1e-4);
    // 4 EV over middle grey (16.3) is the top of the encoding: anything brighter is white.
    checkVec(toneMapAgx(glm::vec3(20.0f)), {0.996502f, 0.996978f, 0.997007f}, 1e-4);
    checkVec(toneMapAgx(glm::vec3(1000.0f)), toneMapAgx(glm::vec3(20.0f)), 1e-5);
    checkVec(toneMapAgx(glm::vec3(0.0f)), glm::vec3(0.0f));
    // A saturated colour keeps its hue order but desaturates towards white.
    checkVec(toneMapAgx({4.0f, 1.0f, 0.25f}), {0.917927f, 0.615797f, 0.374931f}, 1e-4);
}

TEST_CASE("AgX punchy: more contrast (darker mid grey) and more saturation than plain AgX") {
    // Grey: s = 0.49673 → s^1.35 = 0.38899 → 0.49673 + 1.4·(0.38899 − 0.49673) = 0.34590 → ^2.2.
    checkVec(toneMapAgx(glm::vec3(0.18f), true), {0.096612f, 0.096622f, 0.096623f}, 1e-4);
    glm::vec3 plain = toneMapAgx({4.0f, 1.0f, 0.25f}), punchy = toneMapAgx({4.0f, 1.0f, 0.25f}, true);
    CHECK(punchy.r / punchy.b > plain.r / plain.b);
    checkVec(applyToneMapping(ToneMapping::AgxPunchy, {4.0f, 1.0f, 0.25f}), punchy);
    float previous = -1.0f;
    for (float e = 0.001f; e < 100.0f; e *= 1.3f) {
        float v = toneMapAgx(glm::vec3(e)).g;
        CHECK(v >= previous);
        previous = v;
    }
}
