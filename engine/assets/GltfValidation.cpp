#include "assets/GltfValidation.h"

#include "assets/GltfDocumentValidator.h"
#include "core/Files.h"
#include "core/Log.h"

namespace th {

GltfDiagnostics validateGltfFile(const std::filesystem::path& file, const GltfImportOptions& options) {
    GltfDiagnostics d;
    d.file = file.string();
    std::string bytes;
    try {
        bytes = readFile(file);
    } catch (const Error& e) {
        d.add("FILE_NOT_FOUND", GltfSeverity::Error, "", e.message(), e.where());
        return d;
    }
    GltfDiagnostics document = validateGltfJson(bytes, file.string());
    d.messages = std::move(document.messages);
    // The importer's own checks (buffers, accessors, URIs, images) as it meets them; its log
    // lines are the same messages, so they are not printed twice.
    ScopedLogSink quiet([](LogLevel, std::string_view) {});
    try {
        ImportedModel model = importGltf(file, options);
        for (const ImportWarning& w : model.warnings) d.add("IMPORT_WARNING", GltfSeverity::Warning, "", w.message, w.where);
    } catch (const Error& e) {
        d.add("IMPORT_ERROR", GltfSeverity::Error, "", e.message(), e.where());
    }
    return d;
}

} // namespace th
