#pragma once
// A glTF file checked the way an import meets it, reported as one GltfDiagnostics: the
// document checks (GltfDocumentValidator), then the import itself, whose error becomes an
// IMPORT_ERROR and whose warnings become IMPORT_WARNINGs with their file positions. No GL is
// needed (th-capture --validate-only).
#include <filesystem>

#include "assets/GltfDiagnostics.h"
#include "assets/GltfImporter.h"

namespace th {

GltfDiagnostics validateGltfFile(const std::filesystem::path& file, const GltfImportOptions& options = {});

} // namespace th
