#pragma once
// glTF 2.0 import (.gltf with external or embedded data, and .glb) into an ImportedModel.
//
// Safety: every external URI is percent-decoded and resolved against the model's folder; a
// URI that is absolute or climbs out of the folder is an error, one with a scheme other than
// data: is never fetched (its buffer is absent, its image the checker), and nothing outside
// the folder is ever opened. Limits below bound memory on hostile
// files. Bad input throws th::Error naming the file (and JSON line where known) and the
// offending element; problems a viewer can live with (a missing or undecodable image, line
// primitives, a broken skin or animation clip) become warnings in ImportedModel::warnings.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string_view>

#include "assets/ImportedModel.h"

namespace th {

struct GltfDiagnostics;

struct GltfImportOptions {
    /// Images larger than this (width × height) are replaced by the checker fallback with a
    /// warning, so a model with one oversized texture still renders.
    uint64_t maxImagePixels = uint64_t(8192) * 8192;
    /// Model files (and each external buffer) larger than this are rejected.
    uint64_t maxFileBytes = uint64_t(1) << 31;
    /// Accessors with more elements than this are rejected (a sparse accessor with no
    /// buffer view can otherwise ask for gigabytes from a few bytes of JSON).
    uint64_t maxAccessorElements = uint64_t(1) << 26;
    /// Accessor elements read over the whole import (primitives may all share one large
    /// accessor, so the per-accessor limit alone does not bound memory).
    uint64_t maxTotalElements = uint64_t(1) << 28;
    /// Decode images. Off, every image is a 1×1 white placeholder (fast tests, tools that
    /// only need geometry).
    bool decodeImages = true;
    /// Skins with more joints than this are dropped with a warning (the joint texture's limit).
    size_t maxJoints = 1024;
    /// Keep each mesh's vertices and triangles in the file's order. Off (the default), every
    /// mesh is reordered at load for the post-transform vertex cache and for vertex fetch
    /// (meshoptimizer), which draws the same image faster; tools that compare with the file
    /// (and tests of the decoders) keep the order.
    bool keepFileOrder = false;
    /// When set, receives the import's report (GltfDiagnostics: codes, severities, JSON
    /// pointers) whether the import succeeds or throws; a throw adds its error last.
    GltfDiagnostics* report = nullptr;
};

/// The size limits above, each overridden by its environment variable when set:
/// TRAILHEAD_GLTF_MAX_FILE_BYTES, TRAILHEAD_GLTF_MAX_IMAGE_PIXELS,
/// TRAILHEAD_GLTF_MAX_ACCESSOR_ELEMENTS, TRAILHEAD_GLTF_MAX_TOTAL_ELEMENTS (a positive whole
/// number). Zero, a negative, a fraction, a non-number or trailing text throws th::Error
/// naming the variable and its value.
GltfImportOptions gltfImportOptionsFromEnvironment(GltfImportOptions defaults = {});

/// Imports a .gltf or .glb file. Throws th::Error on malformed input (see the header comment).
ImportedModel importGltf(const std::filesystem::path& file, const GltfImportOptions& options = {});

/// Imports a model held in memory (.glb when it starts with the binary magic, JSON otherwise).
/// External URIs resolve inside `modelFolder`; `displayName` names the model in messages.
ImportedModel importGltfFromMemory(std::string_view bytes, const std::filesystem::path& modelFolder,
                                   std::string_view displayName, const GltfImportOptions& options = {});

} // namespace th
