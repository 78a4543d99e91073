#pragma once
#include <cstdint>
#include <string>

#include <glm/glm.hpp>

namespace th {

enum class LightType { Directional, Point, Spot, Hemispheric };
const char* toString(LightType type);

/// A light in world space. Units follow KHR_lights_punctual: directional in lux, point and
/// spot in candela. Hemispheric light is an ambient term: `color` from above (+Y, or
/// `direction` reversed), `groundColor` from below.
struct Light {
    std::string name;
    LightType type = LightType::Directional;
    glm::vec3 color{1.0f};
    float intensity = 1.0f;
    glm::vec3 position{0.0f};
    glm::vec3 direction{0.0f, -1.0f, 0.0f}; ///< where the light points (directional, spot)
    float range = 0.0f;                     ///< 0 = unlimited (inverse-square falloff only)
    float innerConeAngle = 0.0f;            ///< spot, radians from the axis
    float outerConeAngle = 0.785398f;       ///< spot, radians from the axis (π/4)
    glm::vec3 groundColor{0.0f};            ///< hemispheric
    bool castShadows = false;
    /// Which materials this light reaches: a light lights a mesh when (light mask & mesh
    /// mask) is non-zero. Bits are free for the game to assign (gallery rooms, layers).
    uint32_t mask = 0xFFFFFFFFu;
    bool enabled = true;
    /// Importance for budgets (shadow slots, the light limit): larger wins; ties by intensity.
    float importance = 0.0f;
};

} // namespace th
