#pragma once
// The glTF importer's animation parts: skin attributes and morph targets of a primitive (read
// by the mesh part), default morph weights, skins and animations (after the nodes). Each
// reads and writes the shared GltfImportContext. Every problem here is one a viewer can live
// with: a message naming the file, the skin or animation and the index, and the model loads
// without the broken skin or clip.
#include <cstddef>
#include <string>

#include "assets/GltfImportContext.h"

namespace th {

/// JOINTS_0/WEIGHTS_0 and JOINTS_1/WEIGHTS_1 of a primitive with `vertices` vertices into
/// `out` (weights normalized, one warning per primitive when they did not sum to one).
void readGltfSkinAttributes(GltfImportContext& ctx, const tinygltf::Primitive& prim, const std::string& label, int mesh,
                            size_t vertices, MeshData& out);

/// The primitive's morph targets (POSITION, NORMAL, TANGENT, TEXCOORD_0/1, COLOR_0 deltas).
void readGltfMorphTargets(GltfImportContext& ctx, const tinygltf::Primitive& prim, const std::string& label,
                          size_t vertices, MeshData& out);

/// The mesh's default `weights` into `out.defaultWeights` (after its primitives are merged).
void readGltfDefaultWeights(GltfImportContext& ctx, int mesh, MeshData& out);

/// Each node's morph `weights`: its own, else its mesh's defaults. Runs after the nodes.
void readGltfNodeWeights(GltfImportContext& ctx);

/// Skins into `out.skins` and each node's `skin`. Runs after nodes and meshes.
void readGltfSkins(GltfImportContext& ctx);

/// Animations into `out.animations`. Runs after the skins.
void readGltfAnimations(GltfImportContext& ctx);

} // namespace th
