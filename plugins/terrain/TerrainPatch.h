#pragma once
// A small terrain to show the terrain plugin on its own (the plugins scene, captures, tests):
// a square patch over an analytic height field that runs from a pebbly sea bed up a beach to
// mottled grass and forest floor, with a steep rock band across it, weights baked per vertex
// by the surface classifier, and a road centreline over the gentle part.
#include <vector>

#include <glm/glm.hpp>

#include "plugins/terrain/TerrainMath.h"
#include "scene/MeshData.h"

namespace th {

struct TerrainPatchOptions {
    float size = 40.0f;      ///< metres per side, centred on the origin
    int subdivisions = 96;   ///< quads per side
    uint32_t seed = 1;       ///< the classifier's mottle
};

struct TerrainPatch {
    MeshData mesh;                     ///< positions, normals, uv0 (metres / size), weights in colours + uv1
    std::vector<glm::vec2> road;       ///< centreline in world XZ, for TerrainPlugin::setRoad
    float roadHalfWidth = 2.5f;
    float height(float x, float z) const; ///< the field the mesh samples
};

/// Builds the patch. Sea level is 0; the classifier's other rules are its defaults.
TerrainPatch makeTerrainPatch(const TerrainPatchOptions& options = {});

} // namespace th
