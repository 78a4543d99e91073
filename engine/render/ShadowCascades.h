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

/// How shadow maps are filtered: a 3×3 grid of bilinear PCF taps (low and medium tiers), or
/// 16 Poisson-disc taps over a wider radius, rotated per pixel (the high tier: a softer
/// penumbra whose banding turns into fine noise).
enum class ShadowFilter { Pcf3x3, Poisson };

const char* toString(ShadowFilter filter);

struct ShadowSettings {
    bool enabled = true;
    int cascades = 3;           ///< 1–4 (0 turns sun shadows off)
    int mapSize = 2048;         ///< texels per side (clamped to the limits profile)
    float maxDistance = 300.0f; ///< shadowed view range in metres
    float lambda = 0.85f;       ///< 1 = logarithmic splits, 0 = uniform
    float normalBias = 1.5f;    ///< in shadow texels, along the normal
    float depthBiasFactor = 1.5f;
    float depthBiasUnits = 2.0f;
    /// Over this fraction of each cascade's depth range before its split, the sun's shadow
    /// fades into the next cascade's, so no seam shows where the texel size changes (0: off).
    float cascadeBlend = 0.2f;
    /// Spot and point lights that may cast shadows, the most important ones (Light::importance):
    /// one budget for both. A spot takes one layer of the local shadow array, a point light six
    /// (a cube's faces); a light over the budget lights unshadowed, with a warning naming it.
    int localShadowBudget = 4;
    int spotMapSize = 1024;   ///< texels per side of a spot light's map (and of the array's layers)
    int pointMapSize = 512;   ///< texels per side of each cube face of a point light (≤ spotMapSize)
    ShadowFilter filter = ShadowFilter::Pcf3x3;
    float filterRadius = 2.5f; ///< Poisson: the disc's radius in shadow texels
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
