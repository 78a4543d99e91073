#pragma once
// Deterministic randomness for the hike's scattering: a hash-seeded sequence per world cell
// (the same cell gives the same trees, grass and rocks whatever order cells are visited in,
// on every machine), smooth value noise for patterns, and smoothstep.
#include <algorithm>
#include <cmath>
#include <cstdint>

namespace th::hike {

inline uint32_t hashMix(uint32_t h) {
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    h *= 0x846ca68bu;
    h ^= h >> 16;
    return h;
}

/// A short random sequence for one cell of a grid.
struct CellRandom {
    uint32_t state;
    CellRandom(int i, int j, uint32_t seed)
        : state(hashMix(uint32_t(i) * 0x8da6b343u ^ hashMix(uint32_t(j) * 0xd8163841u ^ hashMix(seed + 0x9e3779b9u)))) {}
    uint32_t next() {
        state += 0x9e3779b9u;
        return hashMix(state);
    }
    /// In [lo, hi).
    float uniform(float lo = 0.0f, float hi = 1.0f) { return lo + (hi - lo) * float(next() >> 8) * (1.0f / 16777216.0f); }
};

inline float smoothstep(float a, float b, float x) {
    float t = std::clamp((x - a) / (b - a), 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}

/// Smooth value noise in [0, 1], unit cells.
inline float valueNoise01(float x, float z, uint32_t seed) {
    float fx = std::floor(x), fz = std::floor(z);
    int ix = int(fx), iz = int(fz);
    float tx = x - fx, tz = z - fz;
    tx = tx * tx * (3.0f - 2.0f * tx);
    tz = tz * tz * (3.0f - 2.0f * tz);
    auto at = [&](int a, int b) { return float(CellRandom(a, b, seed).next() >> 8) * (1.0f / 16777216.0f); };
    float v00 = at(ix, iz), v10 = at(ix + 1, iz), v01 = at(ix, iz + 1), v11 = at(ix + 1, iz + 1);
    float a = v00 + (v10 - v00) * tx, b = v01 + (v11 - v01) * tx;
    return a + (b - a) * tz;
}

} // namespace th::hike
