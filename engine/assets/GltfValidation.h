#pragma once
// A glTF file checked by importing it (no GL: th-capture --validate-only), reported as one
// GltfDiagnostics: the document checks (GltfDocumentValidator) and the importer's warnings and
// errors, each with its code, JSON pointer and file position (an error from outside the
// importer, such as reading the file, is IMPORT_ERROR).
#include <filesystem>

#include "assets/GltfDiagnostics.h"
#include "assets/GltfImporter.h"

namespace th {

GltfDiagnostics validateGltfFile(const std::filesystem::path& file, const GltfImportOptions& options = {});

} // namespace th
