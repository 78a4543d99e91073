#pragma once
// KHR_draco_mesh_compression: each compressed primitive's Draco stream is decoded with
// libdraco before any accessor is read, and the primitive's accessors are pointed at the
// decoded values (in the component type each accessor declares), so the mesh part reads
// them like any other. Internal to the glTF importer.

namespace th {

struct GltfImportContext;

/// Before tinygltf parses the file: tinygltf 2.7 refuses a primitive's indices accessor
/// without a buffer view, which is how Draco files state theirs. Each such accessor is given
/// the primitive's Draco buffer view as a placeholder (in `context.patchedBytes`, which
/// `context.bytes` then views), and remembered, so that it is never read as data.
void prepareGltfDracoIndices(GltfImportContext& context);

/// Decodes every Draco primitive. A stream whose header claims other counts than its
/// accessors (or more than their limit) is refused before libdraco decodes it (a few bytes
/// can claim a billion faces: DracoStreamClaim). A stream that fails to decode, a decoded point or index
/// count that disagrees with an accessor, or an attribute id the stream lacks is an error
/// naming the mesh and primitive, unless the extension is optional and the primitive's
/// accessors carry uncompressed data: then that fallback is used with a warning.
void decodeGltfDracoPrimitives(GltfImportContext& context);

} // namespace th
