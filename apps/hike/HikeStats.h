#pragma once
// Live figures of a hike world, kept current by its update() (bench-hike prints them).
#include <array>
#include <cstdint>

#include "assets/Clipmap.h"
#include "hike/QualityTier.h"

namespace th {

struct HikeStats {
    // last update
    double updateMs = 0;
    ClipmapUpdate clipmap;
    double ringUploadMs = 0;
    bool forestRebuilt = false;
    double forestMs = 0; ///< collecting, partitioning and filling the tree sets
    double grassMs = 0;  ///< building new grass blocks
    int grassBlocksBuilt = 0;
    // totals since build
    uint64_t ringRebuilds = 0, forestRebuilds = 0, grassBlockBuilds = 0;
    double buildMs = 0, bakeMs = 0, clipmapBuildMs = 0;
    // current sets
    uint64_t treesInRange = 0;               ///< unique trees within the impostor range
    uint64_t lodInstances[4] = {0, 0, 0, 0}; ///< LOD0, LOD1, LOD2, impostor (seam duplicates included)
    uint64_t understory = 0, rocks = 0, grass = 0, birds = 0;
    /// Triangles of the props' meshes near and past kPropLodDistance: bush, bush far, rock, rock far.
    std::array<uint32_t, 4> propLodTriangles{};
    int grassBlocks = 0;
    bool impostorsBaked = false;
    uint64_t impostorCoverage = 0; ///< covered texels of the bake
    QualityTier tier = QualityTier::High;
    float nearRadius = 120.0f;
};

} // namespace th
