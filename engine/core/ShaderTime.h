#pragma once
// Shader time wrapped on the CPU. A float32 uniform fed with seconds since start loses
// precision with uptime (after a day it can only step in 1/128 s), so the engine wraps time
// to a 300 s period in double precision first. Every temporal frequency used in a shader is a
// whole multiple of 2π/300 (see snapAngularFrequency), so at the wrap each phase jumps by a
// whole number of turns and nothing snaps.
#include <cmath>
#include <cstdint>

namespace th {

constexpr double kShaderTimePeriod = 300.0;
constexpr double kTwoPi = 6.283185307179586476925286766559;
/// The angular frequency grid step: 2π / 300 rad/s.
constexpr double kShaderAngularStep = kTwoPi / kShaderTimePeriod;

/// Seconds since start wrapped into [0, 300).
inline float wrappedShaderTime(double secondsSinceStart) {
    double t = std::fmod(secondsSinceStart, kShaderTimePeriod);
    if (t < 0) t += kShaderTimePeriod;
    return float(t);
}

/// The whole multiple of 2π/300 nearest to `radiansPerSecond` (at least one step for a
/// positive input), so sin(ω t) is continuous across the wrap.
inline double snapAngularFrequency(double radiansPerSecond) {
    double k = std::round(radiansPerSecond / kShaderAngularStep);
    if (k == 0 && radiansPerSecond > 0) k = 1;
    return k * kShaderAngularStep;
}

/// Convenience: a frequency in hertz snapped onto the grid, in rad/s.
inline double snapHertz(double hertz) { return snapAngularFrequency(hertz * kTwoPi); }

/// The grid multiple k of an angular frequency (ω = k · 2π/300).
inline int64_t angularFrequencyMultiple(double radiansPerSecond) {
    return int64_t(std::llround(radiansPerSecond / kShaderAngularStep));
}

} // namespace th
