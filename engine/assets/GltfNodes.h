#pragma once
// The glTF importer's scene graph: cameras, KHR_lights_punctual lights, nodes (local
// transforms, EXT_mesh_gpu_instancing, a checked hierarchy without cycles) and the scene's
// root nodes. Internal to the glTF importer.

namespace th {

struct GltfImportContext;

void readGltfCameras(GltfImportContext& context);
void readGltfLights(GltfImportContext& context);
/// Reads every node into `context.out.nodes` (after meshes, cameras and lights, which nodes
/// name) and fills `context.parent`; a child with two parents or a cycle is an error.
void readGltfNodes(GltfImportContext& context);
/// The default scene's root nodes (every parentless node when the file has no scene).
void readGltfScene(GltfImportContext& context);

} // namespace th
