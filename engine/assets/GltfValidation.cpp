#include "assets/GltfValidation.h"

#include "core/Log.h"

namespace th {

GltfDiagnostics validateGltfFile(const std::filesystem::path& file, const GltfImportOptions& options) {
    GltfDiagnostics d;
    d.file = file.string();
    GltfImportOptions o = options;
    o.report = &d;
    // The import's log lines are the report's messages: not printed twice.
    ScopedLogSink quiet([](LogLevel, std::string_view) {});
    try {
        importGltf(file, o);
    } catch (const Error& e) {
        // Failures before the import starts (the file cannot be read) have no report yet.
        if (!d.hasErrors()) d.add("IMPORT_ERROR", GltfSeverity::Error, "", e.message(), e.where());
    }
    return d;
}

} // namespace th
