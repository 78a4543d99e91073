#pragma once
// Levels of detail for any mesh (meshoptimizer's simplifier): each level keeps the vertices
// and collapses edges until the triangle count or the error bound is reached, so levels share
// one vertex buffer and differ only in their index lists.
#include <vector>

#include "scene/MeshData.h"

namespace th {

struct MeshLodLevel {
    std::vector<uint32_t> indices; ///< triangle list over the source mesh's vertices
    std::vector<Submesh> submeshes; ///< the source's submeshes, over `indices`
    float error = 0.0f;             ///< the simplifier's error, relative to the mesh's extent
};

/// Simplifies each submesh of `mesh` to about `ratio` (0, 1] of its triangles, never moving
/// the surface by more than `maxError` of the mesh's extent (so a level may keep more
/// triangles than asked). Points and lines are kept as they are.
/// With `acrossSeams`, vertices at one position count as one (UV and normal seams do not hold
/// the simplifier back); each kept corner keeps its own attributes, so use it for meshes whose
/// seam duplicates differ only in ways that do not show (untextured, smooth).
MeshLodLevel simplifyMesh(const MeshData& mesh, float ratio, float maxError = 0.02f, bool acrossSeams = false);

/// `levels` levels, each `ratio` of the one before (level 0 is the first simplification).
/// `mesh` drawing `level`'s triangles: the same vertices, the level's indices and submeshes.
MeshData meshAtLevel(const MeshData& mesh, const MeshLodLevel& level);

std::vector<MeshLodLevel> buildMeshLods(const MeshData& mesh, int levels, float ratio = 0.5f,
                                        float maxError = 0.02f);

} // namespace th
