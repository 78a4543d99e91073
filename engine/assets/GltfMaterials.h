#pragma once
// The glTF importer's textures (image and sampler) and materials (metallic-roughness with
// KHR_texture_transform, emissive strength, ior and unlit). Internal to the glTF importer.

namespace th {

struct GltfImportContext;

/// Reads every texture into `context.out.textures` (after the images).
void readGltfTextures(GltfImportContext& context);

/// Reads every material into `context.out.materials` (after the textures).
void readGltfMaterials(GltfImportContext& context);

/// glTF's default material, made explicit for primitives with COLOR_0 and no material so
/// that their colours show (the renderer's implicit default has no vertex colours); added once.
int gltfVertexColorDefaultMaterial(GltfImportContext& context);

} // namespace th
