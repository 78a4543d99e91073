#pragma once
// Small edits to a glTF file's JSON before tinygltf parses it, for what tinygltf 2.7 refuses
// but glTF allows: Draco index accessors without a buffer view, meshopt fallback buffers
// and other buffers without a URI, an unused accessor of an unknown type. Text is inserted
// just after an object's opening brace (earlier keys lose to later ones, so an insert only
// adds keys the object lacks) or just before its closing brace (where a key replaces the
// object's own), or replaces a number; a .glb gets a new JSON chunk.
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

/// Queues `text` (", " followed by members) for insertion before the '}' of `object`, a
/// non-empty object: its keys replace the object's own. False when its place is unknown.
bool appendToGltfObject(GltfImportContext& context, const json::Value& object, std::string text);

/// Queues the rewrite of `number` (a value of the parsed document) as an integer when it is
/// integral but written with a fraction or an exponent ("1.0", "1e0"): JSON has one number
/// type and glTF allows either, tinygltf refuses them where it reads an integer. True when
/// a rewrite was queued.
bool integerizeGltfNumber(GltfImportContext& context, const json::Value& number);

/// Applies the queued inserts: `context.bytes` then views `context.patchedBytes`.
void applyGltfJsonInserts(GltfImportContext& context);

} // namespace th
