#pragma once
// Where the hike's trees stand and which level of detail draws each one. CPU only: the scene
// turns the sets into instance buffers.
//
// Placement: one candidate per 10 m cell of the world, jittered inside it, kept with the
// probability of a forest-density field (seeded patches of wood and meadow, thinned on steep
// ground and above the tree line); each tree has a yaw, a scale and the exact ground gradient
// under it (for the conform plugin). Cells with both indices even form the "lattice": beyond
// the fill radius (1 km) only lattice trees remain (a quarter of the density), so the far
// field stays affordable. Trees are generated per 80 m tile and cached.
//
// Bands: distance bands from each tree to the eye (XZ), cross-dissolved by the dither plugin:
//   LOD0 (full tree) < 42 m < LOD1 < 85 m < LOD2 < near radius (120 m; 70 m on low)
//   < impostor card < 2 km (lattice trees) or 1 km (the others)
// Each seam is a band of 14 % of its distance (at least 3 m) ending at the seam distance; the
// level going out and the one coming in share it exactly, so the dither keeps complementary
// pixels (no hole, no pixel twice). A level whose range the near radius swallows (LOD2 on
// low) is skipped and its neighbours meet at the near radius. bandTable() is the table; the
// unit tests check that at most one level is fully visible at any distance and that the
// visibilities sum to one.
//
// Sets: the eye moves continuously but the sets are rebuilt only when it crosses a 10 m
// cell, so each set holds every tree whose band it may show from anywhere in the current cell:
// the distance to the cell centre, padded by the cell's diagonal.
#include <array>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include <glm/glm.hpp>

#include "hike/Heightfield.h"
#include "plugins/dither/DitherMath.h"

namespace th::hike {

enum class TreeLod { Lod0, Lod1, Lod2, Impostor };
inline constexpr int kTreeLodCount = 4;
const char* toString(TreeLod lod);

struct ForestBandSettings {
    float lod0End = 42.0f;
    float lod1End = 85.0f;
    float nearRadius = 120.0f;  ///< where impostors take over (70 on low)
    float fillRadius = 1000.0f; ///< off-lattice trees end here
    float farRadius = 2000.0f;  ///< lattice trees (impostors) end here
    float seamFraction = 0.14f; ///< seam width as a share of its distance
    float minSeam = 3.0f;       ///< metres
};

/// The dither bands of every level, for lattice trees and for the others ("fill"). A level
/// without bands is not drawn.
struct ForestBandTable {
    std::array<std::optional<DitherBands>, kTreeLodCount> lattice;
    std::array<std::optional<DitherBands>, kTreeLodCount> fill;
    const std::array<std::optional<DitherBands>, kTreeLodCount>& forTree(bool onLattice) const {
        return onLattice ? lattice : fill;
    }
};

/// Throws th::Error when the distances are not increasing (lod0End < lod1End, near radius
/// above lod0End, fill radius above the near radius, far radius above the fill radius).
ForestBandTable bandTable(const ForestBandSettings& settings);

struct TreeInstance {
    glm::vec3 position{0.0f}; ///< base of the trunk, on the field
    float yaw = 0.0f;
    float scale = 1.0f;
    glm::vec2 gradient{0.0f}; ///< ground dh/dx, dh/dz at the base
    bool lattice = false;
};

struct ForestPlacement {
    float cell = 10.0f;            ///< one candidate per cell
    float maxDensity = 0.8f;       ///< probability of a tree in the densest wood
    float patchWavelength = 520.0f;///< m, of the wood/meadow pattern
    float woodShare = 0.62f;       ///< share of the land that is wood
    float rockSlope = 0.55f;       ///< no trees above this slope
    float treeLine = 170.0f;       ///< m above which trees thin out (over 40 m)
    float minScale = 0.75f, maxScale = 1.3f;
};

class ForestField {
public:
    ForestField(const Heightfield& field, uint32_t seed, ForestPlacement placement = {});

    /// Wood density in [0, 1] at (x, z) (also used for understory).
    float density(float x, float z) const;
    /// Appends every tree within `radius` of `center` (XZ); lattice-only beyond `fillRadius`.
    /// Tiles it visits are generated once and cached; tiles beyond radius + one tile are
    /// forgotten when `forget` is set.
    void collect(glm::vec2 center, float radius, float fillRadius, std::vector<TreeInstance>& out, bool forget = true);
    /// The snapped origin of the sets for an eye position: the centre of its cell.
    glm::vec2 cellCenter(glm::vec2 eye) const;
    const ForestPlacement& placement() const { return mPlacement; }
    size_t cachedTiles() const { return mTiles.size(); }

private:
    const std::vector<TreeInstance>& tile(int tx, int tz);

    Heightfield mField;
    uint32_t mSeed;
    ForestPlacement mPlacement;
    std::unordered_map<uint64_t, std::vector<TreeInstance>> mTiles;
};

/// Sorts trees into the levels that may show them from anywhere within `pad` of `origin`:
/// out[lod] gets the indices into `trees` (a tree near a seam is in both levels).
void partitionTrees(const std::vector<TreeInstance>& trees, glm::vec2 origin, float pad, const ForestBandTable& table,
                    std::array<std::vector<uint32_t>, kTreeLodCount>& out);

} // namespace th::hike
