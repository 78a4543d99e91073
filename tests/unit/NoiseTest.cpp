// Procedural hashing and noise: the exact values are pinned, because generated terrain
// textures, hike worlds and the visual goldens are built on them (a change here is a change
// to every world, not a refactor).
#include <doctest/doctest.h>

#include <cmath>

#include "core/Noise.h"

using namespace th;

TEST_CASE("the integer hashes give the same values on every machine") {
    CHECK(hashMix32(0u) == 0u);
    CHECK(hashMix32(1u) == 1753845952u);
    CHECK(hashMix32(0xdeadbeefu) == 3861431939u);
    CHECK(hashLattice(3, -7, 11) == 2467731335u);
    CHECK(hashLattice(-100000, 42, 0) == 1355460103u);
    CHECK(hashLatticeNested(3, -7, 11) == 676189655u);
    // Coordinates beyond 32 bits wrap, as the hike's heightfield has always hashed them.
    CHECK(hashLatticeNested(int64_t(1) << 40, -5, 9) == 1521760014u);
    CHECK(hashLatticeNested(int64_t(1) << 40, -5, 9) == hashLatticeNested(0, -5, 9));
    // Same multipliers, different functions.
    CHECK(hashLattice(3, -7, 11) != hashLatticeNested(3, -7, 11));
}

TEST_CASE("hashToUnit covers 0 up to 1 in steps of 2^-24, never reaching 1") {
    CHECK(hashToUnit(0u) == 0.0f);
    CHECK(hashToUnit(0x80000000u) == 0.5f);
    CHECK(hashToUnit(0xffffffffu) == 1.0f - 1.0f / 16777216.0f);
    CHECK(hashToUnit(0xffu) == 0.0f); // the low 8 bits do not count
}

TEST_CASE("value noise is pinned, stays below 1 and is continuous across cells") {
    CHECK(valueNoise01(0.25f, 0.75f, 1) == 0x1.97e72p-1f);
    CHECK(valueNoise01(-12.3f, 45.6f, 7) == 0x1.00c0acp-1f);
    // At a lattice point the noise is that point's hashed value.
    CHECK(valueNoise01(5.0f, -2.0f, 3) == hashToUnit(hashLattice(5, -2, 3)));
    for (int i = 0; i < 200; ++i) {
        float x = -20.0f + 0.2037f * float(i), y = 7.0f - 0.1311f * float(i);
        float v = valueNoise01(x, y, 9);
        CHECK(v >= 0.0f);
        CHECK(v < 1.0f);
        CHECK(std::abs(valueNoise01(x + 1e-3f, y, 9) - v) < 0.01f);
    }
}
