#pragma once
// EXT_meshopt_compression: buffer views whose bytes are meshoptimizer streams (vertex
// attributes, triangle or plain index lists, with the octahedral, quaternion and exponential
// filters) are decoded with libmeshoptimizer before any accessor is read, so every other part
// of the importer sees plain buffer views. Internal to the glTF importer.

namespace th {

struct GltfImportContext;

/// A fallback buffer without a URI ("fallback": true, no data anywhere), which tinygltf 2.7
/// refuses, is served as zeros by the buffer check (GltfFileAccess) and listed in
/// GltfImportContext::meshoptPlaceholderBuffers; its bytes are never read.
///
/// Decodes every compressed buffer view in place (into a buffer of its own). A stream that
/// fails to decode, or whose count and stride disagree with the view, is an error naming the
/// view, unless the extension is optional and the view's own buffer holds the uncompressed
/// bytes: then that fallback is used with a warning.
void decodeGltfMeshoptBufferViews(GltfImportContext& context);

} // namespace th
