// The sheen BRDF's CPU mirror and the albedo table the sheen plugin uploads: the Charlie
// distribution is normalised, the directional albedo stays within [0, 1], and the table holds
// the integral at its texel centres.
#include <doctest/doctest.h>

#include <cmath>

#include "plugins/sheen/SheenMath.h"

using namespace th;

TEST_CASE("the Charlie distribution integrates to one over projected half vectors") {
    const float pi = 3.14159265358979f;
    for (float roughness : {0.2f, 0.5f, 1.0f}) {
        CAPTURE(roughness);
        // ∫ D(h) (n·h) dω_h over the hemisphere, midpoint rule in cos θ.
        double sum = 0;
        const int n = 4000;
        for (int i = 0; i < n; ++i) {
            float c = (float(i) + 0.5f) / float(n);
            sum += sheenDistribution(roughness, c) * c * (2.0 * pi / n);
        }
        CHECK(sum == doctest::Approx(1.0).epsilon(0.01));
    }
}

TEST_CASE("the sheen albedo table holds E(NoV, roughness) between 0 and 1") {
    const std::vector<float>& table = sheenAlbedoTable();
    REQUIRE(table.size() == size_t(kSheenLutSize * kSheenLutSize));
    for (float e : table) {
        CHECK(e >= 0.0f);
        CHECK(e <= 1.0f);
    }
    // Texel (u, v) is the integral at the texel centre.
    int u = 20, v = 11;
    float expected = sheenDirectionalAlbedo((float(u) + 0.5f) / kSheenLutSize, (float(v) + 0.5f) / kSheenLutSize);
    CHECK(table[size_t(v * kSheenLutSize + u)] == doctest::Approx(expected).epsilon(1e-4));
    // A rough sheen reflects a real share of the light: what the base then loses is visible.
    float rough = table[size_t((kSheenLutSize - 1) * kSheenLutSize + kSheenLutSize / 2)];
    MESSAGE("E at NoV 0.5, roughness 1: ", rough);
    CHECK(rough > 0.05f);
}
