#pragma once
// Cascaded shadow maps for the sun: split the view range (practical split scheme: a blend of
// logarithmic and uniform by lambda), fit each slice with a bounding sphere so a cascade's
// size never changes as the camera turns, and snap its centre to the shadow texel grid so
// shadows do not shimmer as the camera moves. Pure math; ShadowRenderer draws them.
#include <array>

#include <glm/glm.hpp>

#include "scene/Bounds.h"
#include "scene/Camera.h"

namespace th {

struct ShadowSettings {
    bool enabled = true;
    int cascades = 3;           ///< 1–4 (0 turns sun shadows off)
    int mapSize = 2048;         ///< texels per side (clamped to the limits profile)
    float maxDistance = 300.0f; ///< shadowed view range in metres
    float lambda = 0.85f;       ///< 1 = logarithmic splits, 0 = uniform
    float normalBias = 1.5f;    ///< in shadow texels, along the normal
    float depthBiasFactor = 1.5f;
    float depthBiasUnits = 2.0f;
    int spotShadowBudget = 4;   ///< spot lights that may cast shadows (the most important ones)
    int spotMapSize = 1024;
};

struct Cascade {
    glm::mat4 view{1.0f};
    glm::mat4 projection{1.0f};
    glm::mat4 viewProjection{1.0f};
    glm::mat4 textureMatrix{1.0f}; ///< world → [0,1]³ shadow texture space
    float splitFar = 0.0f;         ///< view-space distance where this cascade ends
    float texelWorld = 0.0f;       ///< world size of one texel
    glm::vec3 center{0.0f};
    float radius = 0.0f;
};

struct CascadeSet {
    std::array<Cascade, 4> cascades;
    int count = 0;
};

/// Computes `settings.cascades` cascades for `camera` and a sun travelling along `lightDir`.
/// `casterBounds` (the scene's bounds) extends each cascade's depth range towards the light
/// so casters outside the view still cast into it.
CascadeSet computeCascades(const Camera& camera, const glm::vec3& lightDir, const ShadowSettings& settings,
                           const Bounds& casterBounds);

} // namespace th
