#pragma once
// Small edits to a glTF file's JSON before tinygltf parses it, for what tinygltf 2.7 refuses
// but glTF allows: Draco index accessors without a buffer view, meshopt fallback buffers
// without a URI. Text is inserted just after an object's opening brace (earlier keys lose to
// later ones, so an insert only adds keys the object lacks); a .glb gets a new JSON chunk.
// Internal to the glTF importer.
#include <string>

namespace th {

struct GltfImportContext;
namespace json {
class Value;
}

/// Queues `text` (members followed by ", ") for insertion after the '{' of `object`, a value
/// of the context's parsed document. False when the object's place in the text is unknown.
bool insertIntoGltfObject(GltfImportContext& context, const json::Value& object, std::string text);

/// Applies the queued inserts: `context.bytes` then views `context.patchedBytes`.
void applyGltfJsonInserts(GltfImportContext& context);

} // namespace th
