#pragma once
// Deterministic integer hashing and value noise for procedural content: the terrain layer
// textures (assets), the terrain plugin's layer weights, and the hike's heightfield and
// scattering (apps). Integer arithmetic and a fixed order of float operations give the same
// bits on every machine and every run; generated textures, worlds and the visual goldens
// depend on that, so changing a constant or reordering an operation here changes them all.
#include <cmath>
#include <cstdint>

namespace th {

/// Avalanche finaliser ("lowbias32"): every input bit flips each output bit with probability
/// close to 1/2, so neighbouring inputs (lattice points, sequence counters) give unrelated
/// outputs.
constexpr uint32_t hashMix32(uint32_t h) {
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    h *= 0x846ca68bu;
    h ^= h >> 16;
    return h;
}

/// Hash of the lattice point (x, y) under `seed`: one finaliser over a linear combination.
/// Lattice points differ in x and y by small integers, which the odd multipliers spread over
/// all bits before mixing. The terrain textures and the terrain plugin's weights use it.
constexpr uint32_t hashLattice(int x, int y, uint32_t seed) {
    return hashMix32(uint32_t(x) * 0x8da6b343u + uint32_t(y) * 0xd8163841u + seed * 0xcb1ab31fu);
}

/// Hash of the lattice point (x, y) under `seed` with y and the seed mixed before x joins:
/// the same multipliers as hashLattice but different values. The hike's heightfield is built
/// on it (its coordinates wrap modulo 2^32, as the 32-bit arithmetic does).
constexpr uint32_t hashLatticeNested(int64_t x, int64_t y, uint32_t seed) {
    return hashMix32(uint32_t(x) * 0x8da6b343u ^ hashMix32(uint32_t(y) * 0xd8163841u + seed * 0xcb1ab31fu));
}

/// The top 24 bits of a hash as a float in [0, 1): as many bits as a float holds exactly, so
/// the values are evenly spaced and 1 is never reached.
constexpr float hashToUnit(uint32_t h) { return float(h >> 8) * (1.0f / 16777216.0f); }

/// Value noise over unit cells: the four lattice values around (x, y), from
/// `latticeValue(i, j)`, blended with the smoothstep weight (continuous slope across cells).
template <typename LatticeValue>
float smoothValueNoise(float x, float y, LatticeValue&& latticeValue) {
    float fx = std::floor(x), fy = std::floor(y);
    int ix = int(fx), iy = int(fy);
    float tx = x - fx, ty = y - fy;
    tx = tx * tx * (3.0f - 2.0f * tx);
    ty = ty * ty * (3.0f - 2.0f * ty);
    float a = latticeValue(ix, iy), b = latticeValue(ix + 1, iy);
    float c = latticeValue(ix, iy + 1), d = latticeValue(ix + 1, iy + 1);
    float ab = a + (b - a) * tx, cd = c + (d - c) * tx;
    return ab + (cd - ab) * ty;
}

/// Smooth value noise in [0, 1) over hashLattice, unit cells.
inline float valueNoise01(float x, float y, uint32_t seed) {
    return smoothValueNoise(x, y, [seed](int i, int j) { return hashToUnit(hashLattice(i, j, seed)); });
}

} // namespace th
