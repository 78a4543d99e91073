#include "hike/HikeWeather.h"

#include "scene/Atmosphere.h"

namespace th::hike {

float presetWetness(const std::string& preset) {
    if (preset == "overcast") return 0.3f;
    if (preset == "mist") return 0.5f;
    if (preset == "rain-wet") return 1.0f;
    return 0.0f;
}

PbrParams wetParams(const PbrParams& base, float w) {
    PbrParams p = base;
    p.baseColorFactor = glm::vec4(glm::vec3(base.baseColorFactor) * (1.0f - kWetAlbedoLoss * w), 1.0f);
    p.roughnessFactor = base.roughnessFactor * (1.0f - kWetRoughnessLoss * w);
    return p;
}

void applyLightOfTheHour(Scene& scene, glm::vec3 fogBase, size_t nightFillIndex) {
    glm::vec3 sunDir = sunDirectionForHour(scene.sky.hour, scene.sky.latitude);
    float elevation = -sunDir.y;
    float day = glm::smoothstep(-0.12f, 0.25f, elevation);
    float low = glm::smoothstep(0.45f, 0.08f, elevation) * glm::smoothstep(-0.1f, 0.05f, elevation);
    glm::vec3 warm(1.25f, 0.82f, 0.55f);
    glm::vec3 night(0.012f, 0.016f, 0.03f);
    scene.fog.color = glm::mix(night, fogBase * glm::mix(glm::vec3(1.0f), warm, low), day);
    float dark = glm::smoothstep(0.05f, -0.15f, elevation);
    if (nightFillIndex < scene.lights.size()) {
        Light& fill = scene.lights[nightFillIndex];
        fill.enabled = dark > 0.0f;
        fill.intensity = 0.08f * dark;
    }
}

glm::vec3 applyHikeFog(Scene& s, const std::string& preset) {
    if (preset == "clear") {
        s.fog.enabled = true;
        s.fog.density = 0.0004f;
        s.fog.heightFalloff = 0.012f;
        return glm::vec3(0.58f, 0.67f, 0.8f);
    }
    return s.fog.color;
}

} // namespace th::hike
