#pragma once
// Deterministic randomness for the hike's scattering: a hash-seeded sequence per world cell
// (the same cell gives the same trees, grass and rocks whatever order cells are visited in,
// on every machine) and smooth value noise over those cells for patterns. The hashing is
// core/Noise.h's; the seeding below is the hike's own (its worlds are built on it).
#include <cstdint>

#include "core/Noise.h"

namespace th::hike {

/// A short random sequence for one cell of a grid.
struct CellRandom {
    uint32_t state;
    CellRandom(int i, int j, uint32_t seed)
        : state(hashMix32(uint32_t(i) * 0x8da6b343u ^ hashMix32(uint32_t(j) * 0xd8163841u ^ hashMix32(seed + 0x9e3779b9u)))) {}
    uint32_t next() {
        state += 0x9e3779b9u;
        return hashMix32(state);
    }
    /// In [lo, hi).
    float uniform(float lo = 0.0f, float hi = 1.0f) { return lo + (hi - lo) * hashToUnit(next()); }
};

/// Smooth value noise in [0, 1), unit cells, over the first value of each cell's CellRandom
/// (not th::valueNoise01's lattice: the forest's woods are laid out by this one).
inline float cellValueNoise01(float x, float z, uint32_t seed) {
    return smoothValueNoise(x, z, [seed](int i, int j) { return hashToUnit(CellRandom(i, j, seed).next()); });
}

} // namespace th::hike
