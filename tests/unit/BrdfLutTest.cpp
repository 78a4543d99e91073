// The split-sum DFG table against values that do not come from its own estimator: closed
// forms of the height-correlated Smith GGX integral, and a brute-force quadrature over the
// hemisphere of light directions.
#include <doctest/doctest.h>

#include <cmath>

#include "render/BrdfLut.h"

using namespace th;

namespace {
constexpr double kPi = 3.14159265358979323846;

// ∫ D·V·F·NoL dω_L by the midpoint rule over (θ_L, φ_L) in double precision: no importance
// sampling, no Hammersley points, nothing shared with integrateDfg but the BRDF's definition.
// Returns (scale, bias): the parts multiplying F0 and 1 in Schlick's F = F0 + (1 − F0)·Fc.
std::pair<double, double> bruteForceDfg(double NoV, double roughness, int thetaSteps = 1536, int phiSteps = 768) {
    double alpha = roughness * roughness, a2 = alpha * alpha;
    double vx = std::sqrt(1.0 - NoV * NoV), vz = NoV;
    double scale = 0, bias = 0;
    double dTheta = 0.5 * kPi / thetaSteps, dPhi = kPi / phiSteps; // φ over [0, π], doubled by symmetry
    for (int i = 0; i < thetaSteps; ++i) {
        double theta = (i + 0.5) * dTheta;
        double NoL = std::cos(theta), sinTheta = std::sin(theta);
        double lambdaV = NoL * std::sqrt(NoV * NoV * (1 - a2) + a2);
        double lambdaL = NoV * std::sqrt(NoL * NoL * (1 - a2) + a2);
        double V = 0.5 / (lambdaV + lambdaL);
        for (int j = 0; j < phiSteps; ++j) {
            double phi = (j + 0.5) * dPhi;
            double lx = sinTheta * std::cos(phi), ly = sinTheta * std::sin(phi), lz = NoL;
            double hx = lx + vx, hy = ly, hz = lz + vz;
            double len = std::sqrt(hx * hx + hy * hy + hz * hz);
            double NoH = hz / len, VoH = (hx * vx + hz * vz) / len;
            double f = NoH * NoH * (a2 - 1) + 1;
            double D = a2 / (kPi * f * f);
            double fc = std::pow(1.0 - VoH, 5.0);
            double w = D * V * NoL * sinTheta * dTheta * dPhi * 2.0;
            scale += (1.0 - fc) * w;
            bias += fc * w;
        }
    }
    return {scale, bias};
}

// At roughness 1 (α = 1) D = 1/π and V = 1 / (2 (NoL + NoV)), so the directional albedo
// (scale + bias) has a closed form: ∫₀¹ μ / (μ + NoV) dμ = 1 − NoV · ln(1 + 1/NoV).
double albedoAtRoughnessOne(double NoV) { return 1.0 - NoV * std::log(1.0 + 1.0 / NoV); }

// At roughness 1 and NoV = 1 the half vector bisects N and L, VoH = √((1 + μ)/2): the bias is
// a one-dimensional integral, done by Simpson's rule.
double biasAtRoughnessOneNormal() {
    const int n = 20000;
    auto f = [](double mu) { return std::pow(1.0 - std::sqrt((1.0 + mu) / 2.0), 5.0) * mu / (1.0 + mu); };
    double h = 1.0 / n, sum = f(0) + f(1);
    for (int i = 1; i < n; ++i) sum += f(i * h) * (i % 2 ? 4 : 2);
    return sum * h / 3.0;
}
} // namespace

TEST_CASE("DFG table: roughness 1 matches the closed form of the height-correlated Smith GGX albedo") {
    // 1 − ln 2 = 0.30685 at normal incidence; 1 − ½ ln 3 = 0.45069 at NoV = ½.
    CHECK(albedoAtRoughnessOne(1.0) == doctest::Approx(1.0 - std::log(2.0)));
    for (double NoV : {1.0, 0.75, 0.5, 0.25, 0.1}) {
        CAPTURE(NoV);
        glm::vec2 dfg = integrateDfg(float(NoV), 1.0f, kBrdfLutSamples);
        double expected = albedoAtRoughnessOne(NoV);
        // Each sample's weight G2/G1 is bounded by 1: the table's 128 samples land within 1 %.
        CHECK(double(dfg.x + dfg.y) == doctest::Approx(expected).epsilon(0.01));
    }
    glm::vec2 normal = integrateDfg(1.0f, 1.0f, kBrdfLutSamples);
    CHECK(double(normal.y) == doctest::Approx(biasAtRoughnessOneNormal()).epsilon(0.02));
}

TEST_CASE("DFG table: a smooth surface reflects everything, split by Schlick's Fresnel at NoV") {
    // As α → 0 the lobe is a mirror: G → 1, VoH → NoV, so scale = 1 − Fc(NoV) and bias = Fc(NoV).
    for (float NoV : {1.0f, 0.7f, 0.4f, 0.15f}) {
        CAPTURE(NoV);
        glm::vec2 dfg = integrateDfg(NoV, 0.02f, kBrdfLutSamples);
        double fc = std::pow(1.0 - NoV, 5.0);
        CHECK(double(dfg.x + dfg.y) == doctest::Approx(1.0).epsilon(0.01));
        CHECK(double(dfg.x) == doctest::Approx(1.0 - fc).epsilon(0.01));
        CHECK(double(dfg.y) == doctest::Approx(fc).epsilon(0.02));
    }
}

TEST_CASE("DFG table: agrees with a brute-force hemisphere quadrature at mid roughness") {
    // The quadrature itself first, against the closed form.
    auto [scale1, bias1] = bruteForceDfg(0.3, 1.0, 512, 256);
    CHECK(scale1 + bias1 == doctest::Approx(albedoAtRoughnessOne(0.3)).epsilon(1e-3));
    struct Point {
        float NoV, roughness;
    };
    for (Point p : {Point{0.9f, 0.35f}, Point{0.5f, 0.5f}, Point{0.25f, 0.65f}, Point{0.6f, 0.8f}, Point{0.1f, 0.5f}}) {
        CAPTURE(p.NoV);
        CAPTURE(p.roughness);
        glm::vec2 dfg = integrateDfg(p.NoV, p.roughness, kBrdfLutSamples);
        auto [scale, bias] = bruteForceDfg(p.NoV, p.roughness);
        MESSAGE("NoV ", p.NoV, " roughness ", p.roughness, ": table (", dfg.x, ", ", dfg.y, "), quadrature (", scale, ", ",
                bias, ")");
        // Absolute: the table's values lie in [0, 1] and feed F0·scale + bias. The estimator
        // (visible-normal sampling, 128 points) agrees to about 2e-3; half floats store 3 digits.
        CHECK(std::abs(double(dfg.x) - scale) < 0.003);
        CHECK(std::abs(double(dfg.y) - bias) < 0.001);
    }
}

TEST_CASE("DFG table: texel centres hold the integral at (NoV, roughness) = ((x + ½)/n, (y + ½)/n)") {
    const int size = 16, samples = 64;
    const auto& table = brdfLutTable(size, samples);
    REQUIRE(table.size() == size_t(size * size));
    for (auto [x, y] : {std::pair{0, 0}, std::pair{15, 3}, std::pair{7, 12}}) {
        glm::vec2 expected = integrateDfg((float(x) + 0.5f) / size, (float(y) + 0.5f) / size, samples);
        glm::vec2 got = table[size_t(y * size + x)];
        CHECK(got.x == doctest::Approx(expected.x));
        CHECK(got.y == doctest::Approx(expected.y));
    }
    // Away from grazing, directional albedo falls as roughness rises (at grazing angles it dips
    // and recovers: at roughness 1 it tends to 1 as NoV → 0, see the closed form above).
    for (int x = 6; x < size; x += 3) {
        float previous = 2.0f;
        for (int y = 0; y < size; ++y) {
            glm::vec2 v = table[size_t(y * size + x)];
            CHECK(v.x + v.y <= previous + 0.01f);
            previous = v.x + v.y;
        }
    }
}
