#pragma once
// Normals and tangents for meshes that arrive without them (glTF primitives, procedural
// meshes).
//
// Tangents follow glTF's convention: xyz is the direction of increasing u, w = ±1 such that
// bitangent = cross(normal, tangent.xyz) · w points "up" in the image, i.e. towards
// decreasing v (glTF puts the UV origin at the top-left of the image). This is MikkTSpace run
// on glTF's UVs with the sign flipped, which is what normal maps baked for glTF expect.
// As in MikkTSpace, a vertex shared by triangles whose UV mapping has opposite orientation
// (the seam of a mirrored UV layout) is split in two, so that each side gets its own sign.
#include "scene/MeshData.h"

namespace th {

/// Fills `mesh.tangents` from positions, normals and the UV set `uvSet` (0 or 1), appending
/// duplicated vertices where mirrored UVs meet (every attribute is copied; indices are
/// updated; submesh ranges are unchanged). Per triangle the tangent comes from the UV
/// derivatives; per vertex the tangents of its triangles are projected onto the normal's
/// plane, weighted by the corner angle, summed and normalised. Triangles with degenerate
/// UVs do not contribute; a vertex left with no tangent gets an arbitrary one perpendicular
/// to its normal (w = +1), as does every vertex when the UV set is absent. Generates
/// smooth normals first when the mesh has none. A mesh without indices is given the
/// trivial triangle-list indices. Throws th::Error on an index out of range.
void generateTangents(MeshData& mesh, int uvSet = 0);

/// Fills `mesh.normals`. Smooth: each vertex gets the angle-weighted average of its
/// triangles' normals (vertices stay shared). Flat: every triangle corner becomes its own
/// vertex carrying the triangle's normal, as glTF asks for when a primitive has no normals
/// (all attributes are copied; indices become 0, 1, 2, ...). Degenerate triangles yield +Y.
/// Throws th::Error on an index out of range.
void generateNormals(MeshData& mesh, bool smooth);

/// A unit vector perpendicular to `normal` (deterministic), for tangents that UVs cannot
/// define.
glm::vec3 anyPerpendicular(const glm::vec3& normal);

} // namespace th
