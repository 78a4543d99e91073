#pragma once
// The CPU mirror of plugins/conform/conform.vert.glsl. An upright tree stands plumb on a
// slope, but its flat root plate would hang in the air on the downhill side. Conform pushes
// that plate down onto the hillside, using the ground gradient g = (dh/dx, dh/dz) sampled at
// the instance's placement point:
//   offset = vertex world XZ − instance origin XZ
//   w      = 1 − smoothstep(0, ramp, model-space y)       (root plate only; trunk untouched)
//   Δy     = w · min(0, overshoot · dot(offset, g))        (first-order ground height step)
// Never upward (a signed conform lifts the uphill side over concave ground), exactly zero on
// flat ground, and the 1.5 overshoot tucks the downhill edge into the hill (Day Hike measured
// the gap under 386 giant trees: p90 1.088 m → 0.316 m).
#include <algorithm>

#include <glm/glm.hpp>

namespace th {

constexpr float kConformDefaultRamp = 0.8f;      ///< model-space metres over which the push fades out
constexpr float kConformDefaultOvershoot = 1.5f; ///< 1.0 meets the tangent plane; more tucks in

/// GLSL's smoothstep, in float.
inline float conformSmoothstep(float edge0, float edge1, float x) {
    float t = std::clamp((x - edge0) / (edge1 - edge0), 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}

/// 1 at the root (model y ≤ 0), 0 from `ramp` up.
inline float conformWeight(float modelY, float ramp = kConformDefaultRamp) {
    return 1.0f - conformSmoothstep(0.0f, ramp, modelY);
}

/// The vertical displacement (≤ 0) of a vertex `offset` (world XZ) from its instance origin.
inline float conformDisplacement(glm::vec2 offset, glm::vec2 gradient, float modelY, float ramp = kConformDefaultRamp,
                                 float overshoot = kConformDefaultOvershoot) {
    return conformWeight(modelY, ramp) * std::min(0.0f, overshoot * glm::dot(offset, gradient));
}

/// The ground gradient (dh/dx, dh/dz) of a height function at (x, z), by central differences
/// over `step` metres: what the per-instance "groundGradient" stream holds.
template <typename HeightFn>
glm::vec2 groundGradientAt(const HeightFn& height, float x, float z, float step = 0.25f) {
    return {(height(x + step, z) - height(x - step, z)) / (2.0f * step),
            (height(x, z + step) - height(x, z - step)) / (2.0f * step)};
}

} // namespace th
