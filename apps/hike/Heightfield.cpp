#include "hike/Heightfield.h"

#include <cmath>

#include "core/Noise.h"

namespace th::hike {

namespace {

// Noise is evaluated in double: world coordinates reach kilometres and the finest octave has
// metre-sized cells, and the gradient must agree with finite differences of the height.
struct NoiseValue {
    double value = 0, dx = 0, dz = 0;
};

/// A lattice value in [−1, 1).
double lattice(int64_t x, int64_t z, uint32_t seed) {
    uint32_t h = hashLatticeNested(x, z, seed);
    return double(h >> 8) * (2.0 / 16777216.0) - 1.0;
}

/// Value noise with quintic interpolation (C2, so the gradient is continuous) and its exact
/// derivative, unit cells.
NoiseValue valueNoise(double x, double z, uint32_t seed) {
    double fx = std::floor(x), fz = std::floor(z);
    int64_t ix = int64_t(fx), iz = int64_t(fz);
    double tx = x - fx, tz = z - fz;
    double ux = tx * tx * tx * (tx * (tx * 6.0 - 15.0) + 10.0);
    double uz = tz * tz * tz * (tz * (tz * 6.0 - 15.0) + 10.0);
    double dux = 30.0 * tx * tx * (tx * (tx - 2.0) + 1.0);
    double duz = 30.0 * tz * tz * (tz * (tz - 2.0) + 1.0);
    double a = lattice(ix, iz, seed), b = lattice(ix + 1, iz, seed);
    double c = lattice(ix, iz + 1, seed), d = lattice(ix + 1, iz + 1, seed);
    double k1 = b - a, k2 = c - a, k3 = a - b - c + d;
    return {a + k1 * ux + k2 * uz + k3 * ux * uz, (k1 + k3 * uz) * dux, (k2 + k3 * ux) * duz};
}

/// Fractal sum of `octaves` value noises; each octave is rotated by about 37° from the last
/// (so the lattice axes never line up) and the gradient is rotated back.
NoiseValue fbm(double x, double z, double wavelength, int octaves, double gain, uint32_t seed) {
    const double c = 0.7986355100472928, s = 0.6018150231520483; // rotation by ~36.87°
    NoiseValue sum;
    double frequency = 1.0 / wavelength, amplitude = 1.0;
    // Accumulated rotation R_k as (cos, sin).
    double rc = 1.0, rs = 0.0;
    for (int o = 0; o < octaves; ++o) {
        double px = (rc * x - rs * z) * frequency, pz = (rs * x + rc * z) * frequency;
        NoiseValue n = valueNoise(px + 17.31 * o, pz - 11.77 * o, seed + uint32_t(o) * 101u);
        sum.value += amplitude * n.value;
        // d/dx of n(R p f) = f Rᵀ ∇n.
        sum.dx += amplitude * frequency * (rc * n.dx + rs * n.dz);
        sum.dz += amplitude * frequency * (-rs * n.dx + rc * n.dz);
        double nrc = rc * c - rs * s, nrs = rs * c + rc * s;
        rc = nrc, rs = nrs;
        frequency *= 2.0;
        amplitude *= gain;
    }
    return sum;
}

} // namespace

Heightfield::Heightfield(uint32_t seed, HeightfieldShape shape) : mSeed(seed), mShape(shape) {}

HeightSample Heightfield::sample(float xf, float zf) const {
    const double x = xf, z = zf;
    const HeightfieldShape& k = mShape;
    // Massif: broad swells that raise ground and roughen it.
    NoiseValue m = fbm(x, z, k.massifWavelength, 3, 0.5, mSeed * 7919u + 3u);
    // Hills, shaped so crests are rounder than hollows: s (1 + 0.3 s).
    NoiseValue hills = fbm(x, z, k.hillWavelength, k.hillOctaves, 0.45, mSeed * 104729u + 11u);
    double shaped = hills.value * (1.0 + 0.3 * hills.value);
    double dShaped = 1.0 + 0.6 * hills.value;
    // Relief factor: gentle valleys on low massif, rough high ground.
    double relief = 0.55 + 0.45 * m.value;
    double h = k.base + k.massifAmplitude * m.value + k.hillAmplitude * relief * shaped;
    double dx = k.massifAmplitude * m.dx + k.hillAmplitude * (relief * dShaped * hills.dx + 0.45 * m.dx * shaped);
    double dz = k.massifAmplitude * m.dz + k.hillAmplitude * (relief * dShaped * hills.dz + 0.45 * m.dz * shaped);
    return {float(h), glm::vec2(float(dx), float(dz))};
}

} // namespace th::hike
