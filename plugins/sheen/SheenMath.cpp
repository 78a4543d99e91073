#include "plugins/sheen/SheenMath.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>

namespace th {

namespace {
constexpr float kPi = 3.14159265358979f;

// The Sample Viewer's fit of the Charlie Λ, interpolated by (1 − α)².
float lambdaHelper(float x, float alpha) {
    float t = (1.0f - alpha) * (1.0f - alpha);
    auto mix = [&](float a, float b) { return a + (b - a) * t; };
    float a = mix(21.5473f, 25.3245f), b = mix(3.82987f, 3.32435f), c = mix(0.19823f, 0.16801f);
    float d = mix(-1.97760f, -1.27393f), e = mix(-4.32054f, -4.85967f);
    return a / (1.0f + b * std::pow(x, c)) + d * x + e;
}

float lambdaSheen(float cosTheta, float alpha) {
    if (std::abs(cosTheta) < 0.5f) return std::exp(lambdaHelper(cosTheta, alpha));
    return std::exp(2.0f * lambdaHelper(0.5f, alpha) - lambdaHelper(1.0f - cosTheta, alpha));
}
} // namespace

float sheenDistribution(float roughness, float NoH) {
    float alpha = std::max(roughness * roughness, 1e-6f);
    float invAlpha = 1.0f / alpha;
    float sin2h = std::max(1.0f - NoH * NoH, 0.0f);
    return (2.0f + invAlpha) * std::pow(sin2h, invAlpha * 0.5f) / (2.0f * kPi);
}

float sheenVisibility(float NoL, float NoV, float roughness) {
    float alpha = std::max(roughness * roughness, 1e-6f);
    float denominator = (1.0f + lambdaSheen(NoV, alpha) + lambdaSheen(NoL, alpha)) * 4.0f * NoV * NoL;
    return denominator > 0.0f ? std::clamp(1.0f / denominator, 0.0f, 1.0f) : 1.0f;
}

float sheenDirectionalAlbedo(float NoV, float roughness, int samples) {
    // Midpoint rule over (cos θ_L, φ_L): the sheen lobe is broad, so a regular grid converges
    // quickly; only half the azimuths are needed (the lobe is symmetric about the view plane).
    NoV = std::max(NoV, 1e-4f);
    float sinV = std::sqrt(1.0f - NoV * NoV);
    double sum = 0.0;
    for (int i = 0; i < samples; ++i) {
        float NoL = (float(i) + 0.5f) / float(samples);
        float sinL = std::sqrt(1.0f - NoL * NoL);
        for (int j = 0; j < samples; ++j) {
            float phi = kPi * (float(j) + 0.5f) / float(samples);
            // V = (sinV, 0, NoV), L = (sinL cos φ, sinL sin φ, NoL), H = (V + L) / |V + L|.
            float hx = sinV + sinL * std::cos(phi), hy = sinL * std::sin(phi), hz = NoV + NoL;
            float NoH = hz / std::sqrt(hx * hx + hy * hy + hz * hz);
            sum += sheenDistribution(roughness, NoH) * sheenVisibility(NoL, NoV, roughness) * NoL;
        }
    }
    // dω = d(cos θ) dφ over cos θ ∈ [0, 1], φ ∈ [0, 2π): twice the half-range grid's area.
    return float(sum * (1.0 / samples) * (2.0 * kPi / samples));
}

const std::vector<float>& sheenAlbedoTable(int size) {
    static std::mutex mutex;
    static std::map<int, std::vector<float>> tables;
    std::lock_guard lock(mutex);
    auto& table = tables[size];
    if (table.empty()) {
        table.resize(size_t(size) * size_t(size));
        for (int v = 0; v < size; ++v)
            for (int u = 0; u < size; ++u)
                table[size_t(v) * size_t(size) + size_t(u)] =
                    std::clamp(sheenDirectionalAlbedo((float(u) + 0.5f) / float(size), (float(v) + 0.5f) / float(size)), 0.0f, 1.0f);
    }
    return table;
}

} // namespace th
