#pragma once
// Combining CPU meshes: the importer merges a glTF mesh's primitives into one MeshData, the
// procedural generators assemble compound shapes (a tree from a trunk and a crown).
#include <glm/glm.hpp>

#include "scene/MeshData.h"

namespace th {

/// Appends `src` to `dst` transformed by `transform` (normals by its inverse transpose).
/// Submesh ranges are kept (offset); two meshes that both have the implicit single submesh
/// stay one implicit submesh, so the result is still one draw. Attributes only one side has
/// are filled with defaults (zero UVs, white colour, +X tangent) so that both stay aligned.
void appendMesh(MeshData& dst, const MeshData& src, const glm::mat4& transform = glm::mat4(1.0f));

/// The same without a transform, moving `src` into an empty `dst` instead of copying it (the
/// first primitive of an imported mesh, often all of it).
void appendMesh(MeshData& dst, MeshData&& src);

/// Sets every vertex colour to `color`.
void fillColor(MeshData& mesh, const glm::vec4& color);

} // namespace th
