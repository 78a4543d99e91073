#include "render/ToneMap.h"

#include <algorithm>

namespace th {

glm::vec3 toneMapAces(glm::vec3 x) {
    const float a = 2.51f, b = 0.03f, c = 2.43f, d = 0.59f, e = 0.14f;
    return glm::clamp((x * (a * x + b)) / (x * (c * x + d) + e), 0.0f, 1.0f);
}

glm::vec3 toneMapPbrNeutral(glm::vec3 color) {
    // Constants from the specification: F90 = 0.04 is the Fresnel reflectance the offset
    // removes; compression starts at Ks = 0.8 − F90; Kd = 0.15 sets the desaturation.
    const float f90 = 0.04f;
    const float startCompression = 0.8f - f90;
    const float desaturation = 0.15f;
    float x = std::min(color.r, std::min(color.g, color.b));
    float offset = x < 2.0f * f90 ? x - x * x / (4.0f * f90) : f90;
    color -= offset;
    float peak = std::max(color.r, std::max(color.g, color.b));
    if (peak < startCompression) return color;
    const float d = 1.0f - startCompression;
    float newPeak = 1.0f - d * d / (peak + d - startCompression);
    color *= newPeak / peak;
    float g = 1.0f - 1.0f / (desaturation * (peak - newPeak) + 1.0f);
    return glm::mix(color, glm::vec3(newPeak), g);
}

namespace {

glm::vec3 agxContrast(glm::vec3 x) {
    glm::vec3 x2 = x * x, x4 = x2 * x2;
    return 15.5f * x4 * x2 - 40.14f * x4 * x + 31.96f * x4 - 6.868f * x2 * x + 0.4298f * x2 + 0.1191f * x - 0.00232f;
}

} // namespace

glm::vec3 toneMapAgx(glm::vec3 color, bool punchy) {
    const glm::mat3 inset(0.842479062253094f, 0.0423282422610123f, 0.0423756549057051f, 0.0784335999999992f,
                          0.878468636469772f, 0.0784336f, 0.0792237451477643f, 0.0791661274605434f, 0.879142973793104f);
    const glm::mat3 outset(1.19687900512017f, -0.0528968517574562f, -0.0529716355144438f, -0.0980208811401368f,
                           1.15190312990417f, -0.0980434501171241f, -0.0990297440797205f, -0.0989611768448433f,
                           1.15107367264116f);
    const float minEv = -12.47393f, maxEv = 4.026069f;
    glm::vec3 v = inset * glm::max(color, glm::vec3(1e-10f));
    v = (glm::clamp(glm::log2(v), minEv, maxEv) - minEv) / (maxEv - minEv);
    v = agxContrast(v);
    if (punchy) {
        float luma = glm::dot(v, glm::vec3(0.2126f, 0.7152f, 0.0722f));
        v = glm::pow(glm::max(v, glm::vec3(0.0f)), glm::vec3(1.35f));
        v = luma + 1.4f * (v - luma);
    }
    v = outset * v;
    return glm::clamp(glm::pow(glm::max(v, glm::vec3(0.0f)), glm::vec3(2.2f)), 0.0f, 1.0f);
}

glm::vec3 applyToneMapping(ToneMapping mapping, glm::vec3 color) {
    switch (mapping) {
    case ToneMapping::Aces: return toneMapAces(color);
    case ToneMapping::PbrNeutral: return toneMapPbrNeutral(color);
    case ToneMapping::Agx: return toneMapAgx(color, false);
    case ToneMapping::AgxPunchy: return toneMapAgx(color, true);
    case ToneMapping::None: break;
    }
    return glm::clamp(color, 0.0f, 1.0f);
}

} // namespace th
