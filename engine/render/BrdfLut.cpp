#include "render/BrdfLut.h"

#include <cmath>
#include <map>
#include <mutex>

namespace th {

namespace {
float radicalInverse(uint32_t bits) {
    bits = (bits << 16u) | (bits >> 16u);
    bits = ((bits & 0x55555555u) << 1u) | ((bits & 0xAAAAAAAAu) >> 1u);
    bits = ((bits & 0x33333333u) << 2u) | ((bits & 0xCCCCCCCCu) >> 2u);
    bits = ((bits & 0x0F0F0F0Fu) << 4u) | ((bits & 0xF0F0F0F0u) >> 4u);
    bits = ((bits & 0x00FF00FFu) << 8u) | ((bits & 0xFF00FF00u) >> 8u);
    return float(bits) * 2.3283064365386963e-10f;
}

float visibilityCorrelated(float NoV, float NoL, float a) {
    float a2 = a * a;
    float v = NoL * std::sqrt(NoV * NoV * (1 - a2) + a2);
    float l = NoV * std::sqrt(NoL * NoL * (1 - a2) + a2);
    return 0.5f / (v + l);
}
} // namespace

glm::vec2 integrateDfg(float NoV, float roughness, int samples) {
    const float pi = 3.14159265358979f;
    NoV = std::max(NoV, 1e-4f);
    float alpha = std::max(roughness * roughness, 1e-4f);
    glm::vec3 V(std::sqrt(1.0f - NoV * NoV), 0.0f, NoV);
    double a = 0, b = 0;
    for (int i = 0; i < samples; ++i) {
        // GGX importance sampling of the half vector (Hammersley points).
        float u1 = (float(i) + 0.5f) / float(samples), u2 = radicalInverse(uint32_t(i));
        float phi = 2.0f * pi * u2;
        float cosTheta = std::sqrt((1.0f - u1) / (1.0f + (alpha * alpha - 1.0f) * u1));
        float sinTheta = std::sqrt(1.0f - cosTheta * cosTheta);
        glm::vec3 H(sinTheta * std::cos(phi), sinTheta * std::sin(phi), cosTheta);
        float VoH = glm::dot(V, H);
        glm::vec3 L = 2.0f * VoH * H - V;
        float NoL = L.z, NoH = H.z;
        if (NoL <= 0.0f || VoH <= 0.0f) continue;
        // pdf(L) = D · NoH / (4 VoH); the estimator D·V·NoL / pdf = V · NoL · 4 VoH / NoH.
        float g = visibilityCorrelated(NoV, NoL, alpha) * 4.0f * NoL * VoH / NoH;
        float fc = std::pow(1.0f - VoH, 5.0f);
        a += (1.0f - fc) * g;
        b += fc * g;
    }
    return glm::vec2(float(a / samples), float(b / samples));
}

const std::vector<glm::vec2>& brdfLutTable(int size, int samples) {
    static std::mutex mutex;
    static std::map<std::pair<int, int>, std::vector<glm::vec2>> tables;
    std::lock_guard lock(mutex);
    auto& table = tables[{size, samples}];
    if (table.empty()) {
        table.resize(size_t(size) * size_t(size));
        for (int y = 0; y < size; ++y)
            for (int x = 0; x < size; ++x)
                table[size_t(y) * size_t(size) + size_t(x)] =
                    integrateDfg((float(x) + 0.5f) / float(size), (float(y) + 0.5f) / float(size), samples);
    }
    return table;
}

} // namespace th
