#pragma once
// Quality tiers and weather presets, switchable at run time (the demo's panels, scene files).
#include <string>
#include <vector>

#include "common/scenes/BuiltScene.h"

namespace th {

const std::vector<std::string>& qualityTiers();   ///< low, medium, high (the names of kQualityTiers)
const std::vector<std::string>& weatherPresets(); ///< clear, overcast, mist, rain-wet

/// Renderer settings of a tier (shadow cascades and map size, resolution scale, depth pre-pass
/// off), then the scene's own part (which may turn the pre-pass on). Names become tiers once,
/// where they are read (parseQualityTier).
///   low:    no shadows, 0.75 resolution scale, FXAA, no bloom, no ambient occlusion
///   medium: 1 cascade of 1024², full resolution, 2× MSAA, bloom, ambient occlusion
///   high:   3 cascades of 2048², full resolution, 4× MSAA, bloom, ambient occlusion
/// A scene file's msaa, fxaa, bloom and ambientOcclusion keys apply over the tier's.
void applyQualityTier(Renderer& renderer, BuiltScene& scene, QualityTier tier);

/// Sky haze and fog of a preset, then the scene's own part (wetness).
///   clear:    turbidity 2.5, no fog
///   overcast: turbidity 8, light fog, weaker sun
///   mist:     turbidity 6, dense low fog
///   rain-wet: turbidity 9, fog, wet materials (the scene's part)
void applyWeatherPreset(BuiltScene& scene, const std::string& preset);

} // namespace th
