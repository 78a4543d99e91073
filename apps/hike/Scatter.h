#pragma once
// Ground cover of the hike (CPU only): grass cards, understory bushes and rocks, scattered
// deterministically per world cell on the height field, and the closed flight paths of the
// bird flocks.
//
// Grass comes in square blocks (grassBlock): each block's cards are made once when the block
// comes into range and kept until it leaves, so a walking camera only ever builds the blocks
// at the leading edge. A card is kept where the terrain classifier says grass (its grass
// weight is the probability), thinned under the wood.
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "hike/ForestLayout.h"
#include "hike/Heightfield.h"
#include "plugins/terrain/TerrainMath.h"

namespace th::hike {

struct ScatterInstance {
    glm::vec3 position{0.0f};
    float yaw = 0.0f;
    glm::vec3 scale{1.0f};
    glm::vec2 gradient{0.0f};
};

struct GrassSettings {
    float blockSize = 48.0f; ///< metres per block side
    float spacing = 0.22f;   ///< jittered grid step (m); a tier's density
    float radius = 86.0f;    ///< cards fade out over the last 14 m before this
};

/// The cards of block (bx, bz): a jittered grid of `spacing` over [bx·size, (bx+1)·size) ×
/// [bz·size, (bz+1)·size).
std::vector<ScatterInstance> grassBlock(const Heightfield& field, const ForestField& forest,
                                        const terrain::SurfaceClassifier& classifier, int bx, int bz,
                                        const GrassSettings& settings, uint32_t seed);

/// Understory bushes within `radius` of `center`, one chance per 3.5 m cell, mostly in the wood.
std::vector<ScatterInstance> understory(const Heightfield& field, const ForestField& forest, glm::vec2 center,
                                        float radius, uint32_t seed);
/// Rocks within `radius` of `center`, one chance per 6 m cell, more on steep ground.
std::vector<ScatterInstance> rocks(const Heightfield& field, glm::vec2 center, float radius, uint32_t seed);

/// A closed flight path: an ellipse around `center` with a figure-of-eight rise and fall.
/// position(t) with t in turns (1 = one lap); tangent() is d position / dt.
struct FlightPath {
    glm::vec3 center{0.0f};
    glm::vec2 radii{30.0f, 20.0f};
    float heading = 0.0f;   ///< rotation of the ellipse about Y
    float bob = 3.0f;       ///< metres of rise and fall
    glm::vec3 position(float turns) const;
    glm::vec3 tangent(float turns) const;
    /// The instance matrix of a bird at `turns` along the path, `offset` (m) beside and
    /// above it in the path's frame: faces along the path (+Z forward), banked into turns.
    glm::mat4 birdMatrix(float turns, glm::vec2 offset, float scale) const;
};

} // namespace th::hike
