#include "render/BrdfLut.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <thread>

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

/// Smith's masking for one direction, GGX: G1 = 2 NoX / (NoX + √(α² + (1 − α²) NoX²)).
float smithG1(float NoX, float a2) { return 2.0f * NoX / (NoX + std::sqrt(a2 + (1.0f - a2) * NoX * NoX)); }

/// Height-correlated masking-shadowing G2 = 4 NoL NoV · V (Heitz 2014, eq. 99).
float smithG2Correlated(float NoV, float NoL, float a2) {
    float v = NoL * std::sqrt(NoV * NoV * (1 - a2) + a2);
    float l = NoV * std::sqrt(NoL * NoL * (1 - a2) + a2);
    return 2.0f * NoL * NoV / (v + l);
}

/// A normal drawn from the distribution of normals visible from V (Heitz 2018): project the
/// hemisphere's disc as V sees the stretched (α = 1) configuration, sample it, unstretch.
glm::vec3 sampleVisibleNormal(const glm::vec3& V, float alpha, float u1, float u2) {
    const float pi = 3.14159265358979f;
    glm::vec3 vh = glm::normalize(glm::vec3(alpha * V.x, alpha * V.y, V.z));
    float lensq = vh.x * vh.x + vh.y * vh.y;
    glm::vec3 t1 = lensq > 0.0f ? glm::vec3(-vh.y, vh.x, 0.0f) / std::sqrt(lensq) : glm::vec3(1.0f, 0.0f, 0.0f);
    glm::vec3 t2 = glm::cross(vh, t1);
    float r = std::sqrt(u1), phi = 2.0f * pi * u2;
    float p1 = r * std::cos(phi), p2 = r * std::sin(phi);
    float s = 0.5f * (1.0f + vh.z);
    p2 = (1.0f - s) * std::sqrt(std::max(1.0f - p1 * p1, 0.0f)) + s * p2;
    glm::vec3 nh = p1 * t1 + p2 * t2 + std::sqrt(std::max(0.0f, 1.0f - p1 * p1 - p2 * p2)) * vh;
    return glm::normalize(glm::vec3(alpha * nh.x, alpha * nh.y, std::max(0.0f, nh.z)));
}
} // namespace

glm::vec2 integrateDfg(float NoV, float roughness, int samples) {
    // Sampling visible normals makes each sample's weight D·V·NoL / pdf = G2 / G1(V): bounded
    // by 1, so 128 samples are accurate to a few thousandths even at grazing
    // angles, where sampling D alone needs thousands.
    NoV = std::max(NoV, 1e-4f);
    float alpha = std::max(roughness * roughness, 1e-4f);
    float a2 = alpha * alpha;
    glm::vec3 V(std::sqrt(1.0f - NoV * NoV), 0.0f, NoV);
    float g1 = smithG1(NoV, a2);
    double a = 0, b = 0;
    for (int i = 0; i < samples; ++i) {
        float u1 = (float(i) + 0.5f) / float(samples), u2 = radicalInverse(uint32_t(i));
        glm::vec3 H = sampleVisibleNormal(V, alpha, u1, u2);
        float VoH = glm::dot(V, H);
        glm::vec3 L = 2.0f * VoH * H - V;
        float NoL = L.z;
        if (NoL <= 0.0f || VoH <= 0.0f) continue;
        float g = smithG2Correlated(NoV, NoL, a2) / g1;
        float m = 1.0f - VoH, m2 = m * m;
        float fc = m2 * m2 * m;
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
        // Rows are independent: spread them over the cores (this runs once, at start-up).
        int threads = std::clamp(int(std::thread::hardware_concurrency()), 1, 8);
        std::vector<std::thread> workers;
        for (int t = 0; t < threads; ++t)
            workers.emplace_back([&, t] {
                for (int y = t; y < size; y += threads)
                    for (int x = 0; x < size; ++x)
                        table[size_t(y) * size_t(size) + size_t(x)] =
                            integrateDfg((float(x) + 0.5f) / float(size), (float(y) + 0.5f) / float(size), samples);
            });
        for (auto& w : workers) w.join();
    }
    return table;
}

} // namespace th
