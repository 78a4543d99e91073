#pragma once
// A small terrain to show the terrain plugin on its own (the plugins scene, captures, tests):
// a square patch over an analytic height field that runs from a pebbly sea bed up a beach to
// mottled grass and forest floor, with a steep rock band across its far side, weights baked
// per vertex by the surface classifier, and a road centreline over the gentle part. Features
// scale with the patch (a 40 m patch is the reference), so slopes stay steep where they were.
// With a skirt, the patch stands on a base level like a diorama block whose vertical sides
// show the triplanar rock.
#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "plugins/terrain/TerrainMath.h"
#include "scene/MeshData.h"

namespace th {

struct TerrainPatchOptions {
    float size = 40.0f;    ///< metres per side
    int subdivisions = 96; ///< quads per side
    uint32_t seed = 1;     ///< the classifier's mottle
    /// Where the patch's centre sits; its sea level is origin.y.
    glm::vec3 origin{0.0f};
    /// Lifts the surface so its lowest point is this far above origin.y (0: the sea bed
    /// dips below it), and adds vertical sides down to origin.y.
    std::optional<float> skirtClearance;
};

struct TerrainPatch {
    MeshData mesh;                  ///< positions, normals, uv0, weights in colours + uv1
    std::vector<glm::vec2> road;    ///< centreline in world XZ, for TerrainPlugin::setRoad
    float roadHalfWidth = 2.5f;
    float scale = 1.0f;             ///< size / 40 m
    float lift = 0.0f;              ///< metres the surface was raised (skirt)
    glm::vec3 origin{0.0f};
    /// The surface's world height at world (x, z) inside the patch.
    float height(float x, float z) const;
};

/// Builds the patch. The classifier's sea level is origin.y (plus the lift); its beach and
/// mottle are sized for the patch.
TerrainPatch makeTerrainPatch(const TerrainPatchOptions& options = {});

} // namespace th
