#pragma once
// The hike's weather and light: how wet each weather preset leaves the ground, what wetness
// does to a material's values, and the fog colour and night fill of the hour.
#include <string>

#include <glm/glm.hpp>

#include "material/PbrParams.h"
#include "scene/Scene.h"

namespace th::hike {

inline constexpr float kWetAlbedoLoss = 0.38f;   // Day Hike's WET_ALBEDO_LOSS
inline constexpr float kWetRoughnessLoss = 0.4f; // Day Hike's WET_ROUGHNESS_LOSS

/// Wetness (0–1) a weather preset leaves: clear 0, overcast 0.3, mist 0.5, rain-wet 1.
float presetWetness(const std::string& preset);

/// `base` wetted: albedo × (1 − 0.38 w), roughness × (1 − 0.4 w); the terrain plugin's tables
/// then scale these.
PbrParams wetParams(const PbrParams& base, float wetness);

/// Fog takes the light of the hour (full by day, warm and dim at a low sun, a faint blue at
/// night) from `fogBase`; the hemispheric light at `nightFillIndex` fills the night.
void applyLightOfTheHour(Scene& scene, glm::vec3 fogBase, size_t nightFillIndex);

/// The weather preset's own part for the hike: a clear sky keeps a light haze (4 km of view
/// need aerial perspective). Returns the fog colour the hour's light then tints.
glm::vec3 applyHikeFog(Scene& scene, const std::string& preset);

} // namespace th::hike
