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

glm::vec3 applyToneMapping(ToneMapping mapping, glm::vec3 color) {
    switch (mapping) {
    case ToneMapping::Aces: return toneMapAces(color);
    case ToneMapping::PbrNeutral: return toneMapPbrNeutral(color);
    case ToneMapping::None: break;
    }
    return glm::clamp(color, 0.0f, 1.0f);
}

} // namespace th
