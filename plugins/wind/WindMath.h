#pragma once
// The CPU mirror of plugins/wind/wind.vert.glsl: the same constants and the same arithmetic
// (float, like the GPU), so tests can pin the shader's literals and predict where a vertex
// sways to, and game code (motes, audio) can ride the same gusts.
//
// A vertex at world position p whose model-space height is y, on a mesh of model height H
// drawn at vertical scale S, in a wind blowing along the unit XZ direction d, moves in XZ by
//   u, v    = dot(p.xz, d), dot(p.xz, perp(d))        (downwind and across, perp(d) = (−d.z, d.x))
//   k       = (clamp(y / H, 0, 1))² · amplitude · speed · S · instanceScale
//   gust    = sin(0.24 u + 0.08 v − Ω1 t) + 0.6 sin(0.56 u − Ω2 t)
//   flutter = sin(2.1 u + 1.7 v − Ω3 t)
//   along   = lean + 0.75 gust + 0.25 flutter
//   across  = 0.35 gust − 0.2 flutter
//   offset  = k · (along · d + across · perp(d))
// These are Day Hike's original wind constants (its formula reads x, z and +Ω t), with two
// changes its successor (foliagePlugin) also made: the phase is taken in the wind's frame, so
// turning the wind turns the wave pattern with it, and time enters with a minus sign, so gust
// crests travel downwind (at Ω1 / 0.24 ≈ 1.57 m/s) instead of against the lean. With d = +X
// and lean 0 the sway is the original's mirrored in time. Ω1, Ω2, Ω3 are 18, 42 and 600 steps
// of 2π/300 rad/s, so the 300 s wrap of the shader time never snaps a phase.
#include <cmath>
#include <cstdint>

#include <glm/glm.hpp>

#include "core/ShaderTime.h"

namespace th {

/// Grid multiples of the wind's temporal frequencies (ω = k · 2π/300).
constexpr int64_t kWindGustSteps = 18;     ///< 0.06 Hz: a ~25 m travelling gust at ~1.5 m/s
constexpr int64_t kWindGust2Steps = 42;    ///< 0.14 Hz: the second, shorter gust
constexpr int64_t kWindFlutterSteps = 600; ///< 2 Hz leaf flutter
constexpr double kWindOmega1 = double(kWindGustSteps) * kShaderAngularStep;
constexpr double kWindOmega2 = double(kWindGust2Steps) * kShaderAngularStep;
constexpr double kWindOmega3 = double(kWindFlutterSteps) * kShaderAngularStep;

// Spatial wavenumbers (rad/m, along u and v) and mixing weights, as literals in the shader.
constexpr float kWindGustKx = 0.24f, kWindGustKz = 0.08f;
constexpr float kWindGust2Kx = 0.56f, kWindGust2Weight = 0.6f;
constexpr float kWindFlutterKx = 2.1f, kWindFlutterKz = 1.7f;
constexpr float kWindAlongGust = 0.75f, kWindAlongFlutter = 0.25f;
constexpr float kWindAcrossGust = 0.35f, kWindAcrossFlutter = -0.2f;

/// What a mesh sways like. Tip amplitudes (metres at speed 1, unit scale) follow Day Hike's
/// clutter (grass 0.06 ... understory 0.04); a tree crown sways by a fraction of its height
/// (Day Hike's crown profile is a third of grass, whose 0.06 m tip is a tenth of a 0.6 m card).
enum class WindProfile { Grass, Meadow, Flower, Bush, Understory, TreeCrown };
const char* toString(WindProfile profile);

/// The profile's tip amplitude in metres for a mesh `meshHeight` tall.
inline float windProfileAmplitude(WindProfile profile, float meshHeight) {
    switch (profile) {
    case WindProfile::Grass: return 0.06f;
    case WindProfile::Meadow: return 0.06f;
    case WindProfile::Flower: return 0.05f;
    case WindProfile::Bush: return 0.03f;
    case WindProfile::Understory: return 0.04f;
    case WindProfile::TreeCrown: return 0.033f * meshHeight;
    }
    return 0.0f;
}

/// The uniforms the shader reads (see WindPlugin).
struct WindState {
    glm::vec2 direction{1.0f, 0.0f}; ///< unit, in world XZ
    float speed = 1.0f;              ///< 0 is calm; scales every term
    float lean = 0.5f;               ///< steady bend downwind, in tip amplitudes
    float amplitude = 0.06f;         ///< tip amplitude in metres
    float meshHeight = 1.0f;         ///< model-space height at which the weight reaches 1
};

/// (clamp(y / H, 0, 1))²: roots stay planted, tips move most.
inline float windHeightWeight(float modelY, float meshHeight) {
    float h = glm::clamp(modelY / meshHeight, 0.0f, 1.0f);
    return h * h;
}

/// Downwind and across coordinates of a world position for wind direction `d`.
inline glm::vec2 windFrame(const glm::vec3& p, glm::vec2 d) {
    return {p.x * d.x + p.z * d.y, p.x * -d.y + p.z * d.x};
}

/// The travelling gust at wind-frame coordinates (u, v).
inline float windGust(glm::vec2 uv, float t) {
    return std::sin(kWindGustKx * uv.x + kWindGustKz * uv.y - float(kWindOmega1) * t) +
           kWindGust2Weight * std::sin(kWindGust2Kx * uv.x - float(kWindOmega2) * t);
}

inline float windFlutter(glm::vec2 uv, float t) {
    return std::sin(kWindFlutterKx * uv.x + kWindFlutterKz * uv.y - float(kWindOmega3) * t);
}

/// The XZ offset of a vertex at world position `p` (before sway) with model-space height
/// `modelY`, at wrapped shader time `t`. `scale` is the drawn vertical scale times any
/// per-instance amplitude scale.
inline glm::vec2 windOffset(const WindState& s, const glm::vec3& p, float modelY, float t, float scale = 1.0f) {
    float k = windHeightWeight(modelY, s.meshHeight) * s.amplitude * s.speed * scale;
    glm::vec2 uv = windFrame(p, s.direction);
    float gust = windGust(uv, t);
    float flutter = windFlutter(uv, t);
    float along = s.lean + kWindAlongGust * gust + kWindAlongFlutter * flutter;
    float across = kWindAcrossGust * gust + kWindAcrossFlutter * flutter;
    glm::vec2 d = s.direction;
    return k * (along * d + across * glm::vec2(-d.y, d.x));
}

} // namespace th
