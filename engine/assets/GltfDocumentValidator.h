#pragma once
// Checks of a glTF document's JSON that the importer's parser (tinygltf) does not make: it
// reads a mesh index given as "0" or 0.5 as "no mesh", a baseColorFactor of "red" as the
// default, a translation given as a string as none, and says nothing. This walks the JSON as
// written, with positions, and reports each such value with its code and JSON pointer
// (GltfDiagnostics), plus the glTF-Validator's warnings for what the renderer can still draw:
// a matrix together with TRS, a rotation that is not a unit quaternion, unused and empty
// objects, an extension object where that extension does not belong.
#include <optional>
#include <string_view>

#include "assets/GltfDiagnostics.h"
#include "core/Json.h"

namespace th {

/// The JSON text of a .gltf, or the JSON chunk of a .glb; nothing when a .glb's header or
/// first chunk is broken (GLB_* messages go to `out` when given).
std::optional<std::string_view> gltfJsonText(std::string_view bytes, GltfDiagnostics* out = nullptr);

/// Adds the document's problems to `out`.
void validateGltfDocument(const json::Value& document, GltfDiagnostics& out);

/// gltfJsonText + parse (INVALID_JSON on a syntax error) + validateGltfDocument.
GltfDiagnostics validateGltfJson(std::string_view bytes, std::string_view displayName);

} // namespace th
