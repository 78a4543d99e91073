#pragma once
// The state one glTF import shares between its parts (file access, images, materials,
// meshes, nodes; skins and animation clips join them the same way): the input, the parsed
// document with positions for messages, tinygltf's model, the accessor reader and the model
// being built. Internal to the glTF importer (includes tinygltf); not part of the assets
// layer's public surface.
#include <filesystem>
#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <tiny_gltf.h>

#include "assets/GltfAccessorReader.h"
#include "assets/GltfImporter.h"
#include "assets/ImportedModel.h"
#include "core/Error.h"
#include "core/Json.h"

namespace th {

struct GltfImportContext {
    GltfImportContext(std::string_view fileBytes, std::filesystem::path modelFolder, std::string displayName,
                      const GltfImportOptions& importOptions)
        : bytes(fileBytes), folder(std::move(modelFolder)), name(std::move(displayName)), options(importOptions) {}
    // The accessor reader locates accessors through this context: it stays where it was made.
    GltfImportContext(const GltfImportContext&) = delete;
    GltfImportContext& operator=(const GltfImportContext&) = delete;

    // --- input ---------------------------------------------------------------------------
    std::string_view bytes; ///< the whole file; for a .glb cut to the length its header states
    std::filesystem::path folder;
    std::string name; ///< the model as messages name it
    const GltfImportOptions& options;

    // --- the document --------------------------------------------------------------------
    bool isBinary = false;
    std::string_view json; ///< the JSON text (a .glb's first chunk)
    bool hasBinChunk = false; ///< a .glb with a second (BIN) chunk
    std::string jsonName;  ///< how messages name the JSON text
    json::Value doc;       ///< the JSON with line numbers, for messages
    tinygltf::Model model; ///< tinygltf's parse, read by every part
    std::optional<GltfAccessorReader> reader;

    // --- the result and what the parts tell each other -----------------------------------
    ImportedModel out;
    std::set<int> imagesReported;  ///< images whose missing file was already warned about
    std::vector<int> textureImage; ///< each glTF texture's image before colour-space duplication
    std::vector<int> parent;       ///< each node's parent, -1 for a root
    int fallbackImage = -1;        ///< the checker image, once one is needed
    int vertexColorDefault = -1;   ///< the default material with vertex colours, once one is needed
    bool skins = false;            ///< a node names a skin
    /// KHR_draco_mesh_compression: the file as given to tinygltf when Draco index accessors
    /// had to be given a placeholder buffer view (tinygltf refuses indices without one), and
    /// those accessors, which have no data of their own.
    std::string patchedBytes;
    std::set<int> dracoPlaceholderAccessors;
    /// GltfJsonPatch: offset in `json` → the bytes replaced there (0: an insert) and the text.
    std::map<size_t, std::pair<size_t, std::string>> jsonEdits;
    std::set<int> meshoptPlaceholderBuffers;   ///< meshopt fallback buffers without bytes, served as zeros
    /// Buffers whose bytes the file does not hold (no uri outside a .glb's binary chunk, a
    /// URI with a scheme) and accessors of an unknown type: valid glTF while nothing reads
    /// them. The accessor reader refuses to read them; primitives that need an absent
    /// buffer are skipped with a warning.
    GltfUnreadable unreadable;
    /// Index accessors without a buffer view (zeros, or sparse values): tinygltf refuses
    /// them, so it is told the primitive has none and the accessor is given back after it
    /// parses: (mesh, primitive, accessor).
    std::vector<std::array<int, 3>> viewlessIndices;

    // --- messages ------------------------------------------------------------------------

    /// Where element `index` of the top-level array `array` starts in the JSON.
    SourceLocation at(const char* array, int index) const { return atPath({array}, index); }
    /// Where element `index` of the array at the key path `path` starts in the JSON.
    SourceLocation atPath(std::initializer_list<const char*> path, int index) const;
    /// Where the JSON text is (for problems of the whole document).
    SourceLocation document() const { return SourceLocation{jsonName}; }

    /// Where the value at a JSON pointer ("/meshes/0/primitives/1/mode") starts in the JSON;
    /// the nearest enclosing value's position when the pointer goes past what the file has.
    SourceLocation locate(std::string_view pointer) const;

    /// Logs a problem a viewer can live with and keeps it in the model's warnings and report,
    /// with its code and the JSON pointer of the value at fault (its position comes from it).
    void warn(const char* code, std::string pointer, std::string message);
    /// The error to throw for a problem the renderer cannot draw past, with code and pointer.
    GltfError error(const char* code, std::string pointer, std::string message) const;
    /// A warning with a validator code and JSON pointer, kept in the model's report (and
    /// logged with the document's warnings at the end of the import).
    void diagnose(const char* code, std::string pointer, SourceLocation where, std::string message);

    /// "/meshes/3/primitives/1" for a primitive of `model` (found by its address).
    std::string primitivePointer(const tinygltf::Primitive& primitive) const;

    /// "mesh 3 'Wheel'" (or "mesh 3" without a name).
    std::string meshLabel(int mesh) const;
};

// Small readers of tinygltf's loosely typed extension values.

/// tinygltf numbers are doubles or ints; an index must be an integral value in range.
std::optional<int> gltfIndex(const tinygltf::Value& v);
std::optional<float> gltfFloat(const tinygltf::Value& v);
/// The extension object `name`, or null when absent or not an object.
const tinygltf::Value* gltfExtension(const tinygltf::ExtensionMap& extensions, const char* name);

} // namespace th
