#pragma once
// The glTF importer's meshes: each mesh's triangle primitives (lists, strips and fans) as
// submeshes of one MeshData, with normals and tangents always present (generated where the
// file has none) and vertex colours where a material reads them. Internal to the glTF
// importer.

namespace th {

struct GltfImportContext;

/// Reads every mesh into `context.out.meshes` (after the materials: tangents follow the UV
/// set a material's normal map reads).
void readGltfMeshes(GltfImportContext& context);

} // namespace th
