#pragma once
// A glTF file checked by importing it (no GL: th-capture --validate-only), reported as one
// GltfDiagnostics: the document checks (GltfDocumentValidator), the importer's coded warnings
// and errors, its other warnings as IMPORT_WARNING and an uncoded error as IMPORT_ERROR, each
// with its file position.
#include <filesystem>

#include "assets/GltfDiagnostics.h"
#include "assets/GltfImporter.h"

namespace th {

GltfDiagnostics validateGltfFile(const std::filesystem::path& file, const GltfImportOptions& options = {});

} // namespace th
