#include "common/Presets.h"

#include "core/Error.h"
#include "core/Str.h"

namespace th {

const std::vector<std::string>& qualityTiers() {
    static const std::vector<std::string> tiers = [] {
        std::vector<std::string> names;
        for (QualityTier t : kQualityTiers) names.emplace_back(toString(t));
        return names;
    }();
    return tiers;
}

const std::vector<std::string>& weatherPresets() {
    static const std::vector<std::string> presets = {"clear", "overcast", "mist", "rain-wet"};
    return presets;
}

void applyQualityTier(Renderer& renderer, BuiltScene& scene, QualityTier tier) {
    RendererOptions& o = renderer.options();
    // A tier sets the whole of what it governs, so a scene that turned on the depth pre-pass
    // for its own tier does not leave it on for the next scene.
    o.depthPrepass = false;
    switch (tier) {
    case QualityTier::Low:
        o.shadows.enabled = false;
        o.shadows.filter = ShadowFilter::Pcf3x3;
        o.resolutionScale = 0.75f;
        o.msaaSamples = 1;
        o.fxaa = true;
        break;
    case QualityTier::Medium:
        o.shadows.enabled = true;
        o.shadows.cascades = 1;
        o.shadows.mapSize = 1024;
        o.shadows.filter = ShadowFilter::Pcf3x3;
        o.resolutionScale = 1.0f;
        o.msaaSamples = 2;
        o.fxaa = false;
        break;
    case QualityTier::High:
        o.shadows.enabled = true;
        o.shadows.cascades = 3;
        o.shadows.mapSize = 2048;
        // A softer penumbra than 3×3 PCF: 16 rotated Poisson taps (bench-lights and bench-hike
        // print its cost).
        o.shadows.filter = ShadowFilter::Poisson;
        o.resolutionScale = 1.0f;
        o.msaaSamples = 4;
        o.fxaa = false;
        break;
    }
    scene.scene->post.bloom.enabled = tier != QualityTier::Low;
    scene.scene->post.ambientOcclusion.enabled = tier != QualityTier::Low;
    if (scene.applyQuality) scene.applyQuality(tier);
}

void applyWeatherPreset(BuiltScene& built, const std::string& preset) {
    Scene& scene = *built.scene;
    if (preset == "clear") {
        scene.sky.turbidity = 2.5f;
        scene.fog.enabled = false;
    } else if (preset == "overcast") {
        scene.sky.turbidity = 8.0f;
        scene.fog.enabled = true;
        scene.fog.density = 0.004f;
        scene.fog.heightFalloff = 0.03f;
        scene.fog.color = {0.55f, 0.58f, 0.62f};
    } else if (preset == "mist") {
        scene.sky.turbidity = 6.0f;
        scene.fog.enabled = true;
        scene.fog.density = 0.02f;
        scene.fog.heightFalloff = 0.08f;
        scene.fog.color = {0.62f, 0.66f, 0.7f};
    } else if (preset == "rain-wet") {
        scene.sky.turbidity = 9.0f;
        scene.fog.enabled = true;
        scene.fog.density = 0.008f;
        scene.fog.heightFalloff = 0.05f;
        scene.fog.color = {0.45f, 0.48f, 0.52f};
    } else {
        throw Error(str("unknown weather preset '", preset, "'; expected ", join(weatherPresets(), ", ")));
    }
    if (built.applyWeather) built.applyWeather(preset);
}

} // namespace th
