#pragma once
// The "forest-stress" scene: a standard forest benchmark anyone can rebuild in another
// renderer from assets/scenes/forest-stress.json alone.
//   - one tree mesh (assets/ProceduralMeshes makeTree: 12-sided trunk 2 m × 0.4 m, 36-sided
//     cone crown 6 m × 3 m, vertex colours), 20 000 instances at seeded uniform positions over
//     a 2 × 2 km ground centred on the origin, yaw uniform in [0, 2π), scale in [0.7, 1.3];
//   - a flat 2 × 2 km ground at y = 0;
//   - the sun travelling along (−0.4, −1, −0.3) (normalised), no image-based light, no fog;
//   - camera at (−900, 30, −900) looking at the origin, vertical field of view 45°, near
//     0.5, far 3000; 1280 × 720;
//   - rendered once without shadows and once with 2 sun cascades of 2048².
// The instances are split into a grid of cells (8 × 8 by default, one node and one draw each)
// so culling, per node in this renderer, can drop cells outside the view or a cascade; every
// cell draws the same mesh and material. Positions come from a mt19937 seeded with the file's
// seed, drawn as x, z, yaw, scale per tree with the engine's 24-bit uniform (see the file).
#include "common/SceneFile.h"
#include "common/scenes/BuiltScene.h"

namespace th {

struct ForestStressOptions {
    int trees = 20000;
    float groundSize = 2000.0f;
    glm::vec3 groundCenter{0.0f}; ///< the trees are spread over the ground square around it
    glm::vec3 groundColor{0.25f, 0.32f, 0.18f};
    float groundRoughness = 0.95f, groundMetallic = 0.0f;
    float minScale = 0.7f, maxScale = 1.3f;
    glm::vec3 sunDirection{-0.4f, -1.0f, -0.3f};
    int cells = 8;        ///< cells per side of the culling grid
    uint64_t seed = 1;
};

BuiltScene buildForestStressScene(SceneBuildContext& context, const ForestStressOptions& options);

/// The hour and latitude at which the sky's sun travels along `direction` (so the sky, the
/// sun's colour and the shadows all agree). Throws th::Error for a direction that does not
/// point down.
std::pair<float, float> sunHourAndLatitude(glm::vec3 direction);

/// One way the standard asks to render the scene (the file's "variants").
struct ForestStressVariant {
    std::string name;
    bool shadows = false;
    int cascades = 2, mapSize = 2048;
    float maxDistance = 300.0f;
};

/// The file's "variants" (each key checked), or the standard two when it has none: no
/// shadows, then 2 cascades of 2048² over 300 m.
std::vector<ForestStressVariant> forestStressVariants(const SceneFile& file);

/// Reads the file's documented keys ("trees", "ground", "sunDirection", "cells", "variants")
/// and builds.
BuiltScene buildForestStressSceneFile(SceneBuildContext& context, const SceneFile& file);
/// The extra top-level keys a forest-stress file may carry.
const std::vector<std::string>& forestStressKeys();

} // namespace th
