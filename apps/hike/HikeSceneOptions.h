#pragma once
// The hike's options: where the default camera stands, the sizes of what it generates, the
// terrain clipmap's shape and overrides of a tier's forest and grass, and how a scene file's
// "params" object states them.
#include <filesystem>
#include <optional>

#include <glm/glm.hpp>

#include "core/Json.h"

namespace th {

struct HikeSceneOptions {
    /// Default camera: eye `eyeHeight` m above the ground at `viewpoint` (world XZ), looking
    /// at a point `lookHeight` m above the ground at `lookAt`. A scene file's camera replaces it.
    glm::vec2 viewpoint{575.0f, 250.0f}; ///< a meadow on a hilltop over a wooded valley (seed 1)
    float eyeHeight = 3.0f;
    glm::vec2 lookAt{113.0f, 59.0f};
    float lookHeight = 0.0f;
    int terrainMapSize = 512; ///< texels per terrain layer map (tests use less)
    std::filesystem::path
        terrainMapCache;          ///< where generated maps are cached; empty: none (see TerrainPlugin::sharedMaps)
    int impostorResolution = 256; ///< height of the baked card texture
    bool birds = true;
    /// Terrain clipmap: rings of `clipmapCells`² quads, ring 0's spacing `clipmapSpacing` m.
    int clipmapRings = 7;
    int clipmapCells = 128;
    float clipmapSpacing = 1.0f;
    /// When set, replace the quality tier's forest near band (m) and grass spacing (m).
    std::optional<float> forestNearRadius;
    std::optional<float> grassSpacing;
};

/// Reads a hike scene file's "params" (viewpoint, eyeHeight, lookAt, lookHeight,
/// terrainMapSize, impostorResolution, birds, terrain {rings, cells, baseSpacing}, forest
/// {nearRadius}, grass {spacing}; null: all defaults); the terrain maps are cached in the
/// terrain plugin's default cache folder. Throws th::Error naming file, line and key.
HikeSceneOptions hikeOptionsFromParams(const json::Value* params);

} // namespace th
