#pragma once
// EXT_meshopt_compression: buffer views whose bytes are meshoptimizer streams (vertex
// attributes, triangle or plain index lists, with the octahedral, quaternion and exponential
// filters) are decoded with libmeshoptimizer before any accessor is read, so every other part
// of the importer sees plain buffer views. Internal to the glTF importer.

namespace th {

struct GltfImportContext;

/// Before tinygltf parses the file: a fallback buffer without a URI ("fallback": true, no
/// data anywhere) is refused by tinygltf 2.7, so it is given a data: URI of zeros as a
/// placeholder and remembered; its bytes are never read (every view into it is decoded).
void prepareGltfMeshoptFallbackBuffers(GltfImportContext& context);

/// Decodes every compressed buffer view in place (into a buffer of its own). A stream that
/// fails to decode, or whose count and stride disagree with the view, is an error naming the
/// view, unless the extension is optional and the view's own buffer holds the uncompressed
/// bytes: then that fallback is used with a warning.
void decodeGltfMeshoptBufferViews(GltfImportContext& context);

} // namespace th
