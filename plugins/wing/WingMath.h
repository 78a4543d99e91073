#pragma once
// The CPU mirror of plugins/wing/wing.vert.glsl. Birds and butterflies flap: each wing turns
// about the body's forward axis (model +Z), the body holds still and the tips move most. In
// the model's own frame, before the instance matrix:
//   side  = sign(x)
//   span  = clamp(|x| / halfSpan, 0, 1)
//   angle = amp · sin(ω t + phase) · span
//   (x, y) → rotation by side · angle about +Z:  y' = |x| sin a + y cos a,
//                                                x' = side · (|x| cos a − y sin a)
// Positive angles raise both tips. Normals and tangents turn by the same rotation, so a
// wing's shading follows its beat (Day Hike left normals alone). ω is a whole multiple of
// 2π/300 (snapHertz): raven 3 Hz, gull 2.5 Hz, butterfly 12 Hz land on 900, 750 and 3600 steps.
#include <cmath>

#include <glm/glm.hpp>

#include "core/ShaderTime.h"

namespace th {

constexpr double kRavenWingHertz = 3.0;
constexpr double kGullWingHertz = 2.5;
constexpr double kButterflyWingHertz = 12.0;

/// The beat angle (radians) of a vertex at model-space x.
inline float wingAngle(float t, float omega, float phase, float amp, float x, float halfSpan) {
    float span = glm::clamp(std::abs(x) / halfSpan, 0.0f, 1.0f);
    return amp * std::sin(omega * t + phase) * span;
}

/// Rotates `v` by side · angle about +Z (side = sign of the vertex's x: −1, 0 or 1).
inline glm::vec3 wingRotate(const glm::vec3& v, float side, float angle) {
    float c = std::cos(angle), s = std::sin(angle) * side;
    return {c * v.x - s * v.y, s * v.x + c * v.y, v.z};
}

inline float wingSide(float x) { return x > 0.0f ? 1.0f : (x < 0.0f ? -1.0f : 0.0f); }

/// A model-space position after the beat.
inline glm::vec3 wingPosition(const glm::vec3& p, float t, float omega, float phase, float amp, float halfSpan) {
    return wingRotate(p, wingSide(p.x), wingAngle(t, omega, phase, amp, p.x, halfSpan));
}

} // namespace th
