#pragma once
// The hike's materials and the plugins on each: textured ground (terrain), firs at three
// levels (dither, conform, wind on the two nearest), impostor cards (dither), bushes (wind,
// dither), rocks (dither forced on an alpha-tested material, conform), grass (wind, dither)
// and ravens (wing). Vertex-coloured dielectrics but for the terrain and the cards.
#include <array>
#include <filesystem>
#include <memory>
#include <vector>

#include "material/PbrMaterial.h"
#include "plugins/terrain/TerrainPlugin.h"
#include "plugins/wind/WindPlugin.h"
#include "plugins/wing/WingPlugin.h"
#include "render/ImpostorBaker.h"

namespace th::hike {

struct HikeMaterials {
    std::shared_ptr<PbrMaterial> terrain, rock, grass, bush, impostor, bird;
    std::array<std::shared_ptr<PbrMaterial>, 3> trees;
    std::shared_ptr<TerrainPlugin> terrainPlugin;
    std::shared_ptr<WingPlugin> wing;
    std::vector<std::shared_ptr<WindPlugin>> winds; ///< trees' crowns, bushes, grass
    PbrParams terrainBase, rockBase;                ///< the values weather scales from

    /// In the order the demo lists them.
    std::vector<std::shared_ptr<Material>> all() const;
};

/// A dielectric whose base colour comes from the mesh's vertex colours.
std::shared_ptr<PbrMaterial> vertexColoredMaterial(std::string name, float roughness, AlphaMode alpha,
                                                   bool doubleSided);

/// The terrain material with its plugin, on the process-wide layer maps for `maps` (loaded
/// from or cached in `cache`: TerrainPlugin::sharedMaps), which it returns.
std::shared_ptr<const TerrainTextureSet> makeTerrainMaterial(HikeMaterials& m, const TerrainTextureOptions& maps,
                                                             const std::filesystem::path& cache);
/// Level `k`'s tree material (0, 1, 2); crowns `treeHeight` m tall sway on levels 0 and 1.
void makeTreeMaterial(HikeMaterials& m, int k, float treeHeight);
/// The cards' material, textured by `bake` (untextured when the bake failed).
void makeImpostorMaterial(HikeMaterials& m, const ImpostorBake& bake);
void makeBushMaterial(HikeMaterials& m);
void makeRockMaterial(HikeMaterials& m);
void makeGrassMaterial(HikeMaterials& m);
/// Ravens of half span `halfSpan` m.
void makeBirdMaterial(HikeMaterials& m, float halfSpan);

} // namespace th::hike
