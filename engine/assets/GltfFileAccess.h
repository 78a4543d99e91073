#pragma once
// The glTF importer's file access: the .glb container, the JSON document's first checks
// (version, required extensions) and every external URI, resolved inside the model's folder
// before tinygltf runs. tinygltf then reads files only through a sandbox that answers for
// those checked URIs and refuses everything else. Internal to the glTF importer.

namespace th {

struct GltfImportContext;

/// Finds the JSON text (the whole file or a .glb's first chunk, whose layout is checked so
/// that a truncated file says so plainly), parses it with positions, checks the version and
/// required extensions, resolves and checks every buffer and image URI, then has tinygltf
/// parse the model into `context.model` and sets up `context.reader`.
void loadGltfDocument(GltfImportContext& context);

} // namespace th
