#pragma once
// The "hike" scene: the kind of world Day Hike renders, built from the engine's parts and the
// five plugins, to show the renderer can carry a game and to measure it (bench-hike).
//
//   terrain     a geometry clipmap (hike/Clipmap.h) of 7 rings over a seeded analytic height
//               field, textured by the terrain plugin (six layers, weights per vertex); rings
//               re-emitted only when their snapped origin moves
//   forest      ~30 000 trees within 2 km in four levels (LOD0 < 42 m < LOD1 < 85 m < LOD2 <
//               120 m (70 on low) < impostor cards), cross-dissolved by the dither plugin
//               with per-instance bands (hike/ForestLayout.h); conform seats the near levels
//               on the slope, wind sways LOD0 and LOD1 crowns; the cards' texture is baked
//               at load from LOD1 with Renderer::bake (readiness gate, coverage check); sets
//               rebuilt only when the eye crosses a 10 m cell; cards split into 12 sectors
//               around the eye so the renderer's per-node culling drops those behind it
//   understory  bushes within 60 m (wind, understory profile; dither)
//   grass       tufts of five blades in 48 m blocks within 86 m (wind, dither): 200 000+ on high
//   rocks       clutter within 90 m (dither, forced on an alpha-tested material)
//   birds       three flocks of ravens (wing plugin) looping on closed paths
//   sky         the procedural sky; the sun follows scene.sky.hour (0–24, a dim moonlit fill
//               at night); cascaded sun shadows; height fog tinted by the sun's height
//   weather     clear (a light haze), overcast, mist, rain-wet: wetness scales the terrain's
//               and rocks' albedo (× 1 − 0.38 w) and roughness (× 1 − 0.4 w) through the
//               material's own values, which the terrain plugin's tables then scale
//   quality     low / medium / high: shadows (none, 1 × 1024², 2 × 2048²), resolution scale,
//               forest near band (70 / 120 / 120 m), grass density (¼, ½, full)
//
// Scene graph: the root holds one group node per kind ("terrain", "forest", "understory",
// "grass", "rocks", "birds"); each group's children are that kind's draws (a ring, a level, a
// sector, a block), so tools can count what each kind draws.
//
// Everything is deterministic from the seed. The builder makes materials, meshes, the
// clipmap and the impostor bake; the first update() (and every later one) places forest,
// grass and birds for the camera it is given, so a capture at a fixed time and camera is
// reproducible.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include <optional>

#include <glm/glm.hpp>

#include "common/SceneFile.h"
#include "common/hike/Clipmap.h"
#include "common/scenes/BuiltScene.h"

namespace th {

struct HikeSceneOptions {
    /// Default camera: eye `eyeHeight` m above the ground at `viewpoint` (world XZ), looking
    /// at a point `lookHeight` m above the ground at `lookAt`. A scene file's camera replaces it.
    glm::vec2 viewpoint{575.0f, 250.0f}; ///< a meadow on a hilltop over a wooded valley (seed 1)
    float eyeHeight = 3.0f;
    glm::vec2 lookAt{113.0f, 59.0f};
    float lookHeight = 0.0f;
    int terrainMapSize = 512;            ///< texels per terrain layer map (tests use less)
    std::filesystem::path terrainMapCache; ///< where generated maps are cached; empty: none (see TerrainPlugin::sharedMaps)
    int impostorResolution = 256;        ///< height of the baked card texture
    bool birds = true;
    /// Terrain clipmap: rings of `clipmapCells`² quads, ring 0's spacing `clipmapSpacing` m.
    int clipmapRings = 7;
    int clipmapCells = 128;
    float clipmapSpacing = 1.0f;
    /// When set, replace the quality tier's forest near band (m) and grass spacing (m).
    std::optional<float> forestNearRadius;
    std::optional<float> grassSpacing;
};

/// Live figures of a hike scene, updated by its update() (bench-hike prints them).
struct HikeStats {
    // last update
    double updateMs = 0;
    hike::ClipmapUpdate clipmap;
    double ringUploadMs = 0;
    bool forestRebuilt = false;
    double forestMs = 0;     ///< collecting, partitioning and filling the tree sets
    double grassMs = 0;      ///< building new grass blocks
    int grassBlocksBuilt = 0;
    // totals since build
    uint64_t ringRebuilds = 0, forestRebuilds = 0, grassBlockBuilds = 0;
    double buildMs = 0, bakeMs = 0, clipmapBuildMs = 0;
    // current sets
    uint64_t treesInRange = 0;              ///< unique trees within the impostor range
    uint64_t lodInstances[4] = {0, 0, 0, 0}; ///< LOD0, LOD1, LOD2, impostor (seam duplicates included)
    uint64_t understory = 0, rocks = 0, grass = 0, birds = 0;
    int grassBlocks = 0;
    bool impostorsBaked = false;
    uint64_t impostorCoverage = 0;          ///< covered texels of the bake
    std::string tier;
    float nearRadius = 120.0f;
};

/// Builds the hike. Throws th::Error when the terrain maps or a material cannot be made.
/// `stats`, when given, receives the live figures the scene's update() keeps current.
BuiltScene buildHikeScene(SceneBuildContext& context, const HikeSceneOptions& options,
                          std::shared_ptr<const HikeStats>* stats = nullptr);

/// A camera standing in the wood (eye 1.7 m above the ground, looking level), the nearest
/// such spot to the viewpoint: the pose where the near levels of the forest cost the most
/// (bench-hike measures it beside the file's vista).
Camera hikeForestCamera(const HikeSceneOptions& options, uint64_t seed);

/// Reads a hike scene file's "params" (viewpoint, eyeHeight, lookAt, lookHeight,
/// terrainMapSize, impostorResolution, birds, terrain {rings, cells, baseSpacing}, forest
/// {nearRadius}, grass {spacing}); the terrain maps are cached in the terrain plugin's
/// default cache folder.
HikeSceneOptions hikeOptionsFromFile(const SceneFile& file);
/// The scene library's entry for kind "hike".
BuiltScene buildHikeSceneFile(SceneBuildContext& context, const SceneFile& file);

} // namespace th
