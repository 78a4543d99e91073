#pragma once
// The hike's ground: a seeded, analytic height field with its exact gradient, so the clipmap
// samples it at any resolution (no heightmap texture, no resolution limit) and normals come
// from the true derivative rather than from neighbouring samples.
//
// Shape: rolling hills (fBm of quintic value noise, octaves rotated so no axis shows) whose
// relief is modulated by a broad "massif" field, so valleys are gentle and high ground is
// rough. Every term is differentiated analytically (chain and product rules), so
// sample().gradient is dh/dx, dh/dz of exactly the function sample().height evaluates.
// Units: metres, +Y up; the field is defined everywhere (heights roughly −35 … 230 m).
#include <cstdint>

#include <glm/glm.hpp>

#include "assets/HeightSample.h"

namespace th::hike {

struct HeightfieldShape {
    float base = 40.0f;              ///< mean height (m)
    float hillAmplitude = 130.0f;     ///< m, of the hills' fBm before modulation
    float hillWavelength = 760.0f;   ///< m, of the first hill octave
    int hillOctaves = 8;             ///< down to about 3 m
    float massifAmplitude = 60.0f;   ///< m
    float massifWavelength = 2600.0f;
};

class Heightfield {
public:
    explicit Heightfield(uint32_t seed = 1, HeightfieldShape shape = {});

    /// Height and exact gradient at world (x, z).
    HeightSample sample(float x, float z) const;
    float height(float x, float z) const { return sample(x, z).height; }
    uint32_t seed() const { return mSeed; }
    const HeightfieldShape& shape() const { return mShape; }

private:
    uint32_t mSeed;
    HeightfieldShape mShape;
};

} // namespace th::hike
