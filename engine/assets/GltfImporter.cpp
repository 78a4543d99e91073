#include "assets/GltfImporter.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>

#include "assets/GltfAnimationImport.h"
#include "assets/GltfDocumentValidator.h"
#include "assets/GltfDracoDecoder.h"
#include "assets/GltfFileAccess.h"
#include "assets/GltfImages.h"
#include "assets/GltfImportContext.h"
#include "assets/GltfMaterials.h"
#include "assets/GltfMeshes.h"
#include "assets/GltfMeshoptDecoder.h"
#include "assets/GltfNodes.h"
#include "assets/MeshOptimizer.h"
#include "core/Files.h"
#include "core/Log.h"
#include "core/Str.h"

// The import runs its parts in the order their data needs: file access first, the decoders of
// compressed buffer views and primitives (meshopt, Draco), then images,
// textures and materials (meshes read the material's normal-map UV set), meshes, colour
// spaces (after meshes, which may add the vertex-colour default material), cameras and
// lights, then the nodes that name them all. Each part reads and writes the shared
// GltfImportContext; morph weights, skins and animation clips come after the nodes.

namespace th {

namespace fs = std::filesystem;

namespace {

/// The document checks (GltfDocumentValidator): values tinygltf would read as absent or as a
/// default (a mesh index "0", baseColorFactor "red") stop the import with the first one's
/// code and pointer; warnings go to the report. Loops and second parents are left to the
/// node part, whose messages name the nodes.
void checkGltfDocument(GltfImportContext& ctx) {
    GltfDiagnostics& report = ctx.out.report;
    validateGltfDocument(ctx.doc, report);
    std::vector<const GltfDiagnostic*> errors;
    for (const GltfDiagnostic& m : report.messages)
        if (m.severity == GltfSeverity::Error && m.code != "NODE_LOOP" && m.code != "NODE_PARENT_OVERRIDE") errors.push_back(&m);
    if (errors.empty()) return;
    const GltfDiagnostic& first = *errors.front();
    throw GltfError(first.where, str(first.code, " at ", first.pointer, ": ", first.message,
                                 errors.size() > 1 ? str(" (and ", errors.size() - 1, " more errors: th-capture --gltf FILE "
                                                         "--validate-only lists them)")
                                                   : std::string()),
                    first.code, first.pointer);
}

} // namespace

ImportedModel importGltfFromMemory(std::string_view bytes, const fs::path& modelFolder, std::string_view displayName,
                                   const GltfImportOptions& options) {
    GltfImportContext ctx(bytes, modelFolder, std::string(displayName), options);
    ctx.out.sourceName = ctx.name;
    if (options.maxFileBytes < bytes.size())
        throw GltfError(SourceLocation{ctx.name},
                        str("file is ", bytes.size(), " bytes, more than the limit of ", options.maxFileBytes),
                        "FILE_TOO_LARGE", "");
    GltfDiagnostics& report = ctx.out.report;
    report.file = ctx.name;
    auto importerWarnings = [&] {
        for (const ImportWarning& w : ctx.out.warnings)
            report.add(w.code, GltfSeverity::Warning, w.pointer, w.message, w.where);
    };
    bool documentChecked = false;
    try {
        loadGltfDocument(ctx);
        documentChecked = true;
        checkGltfDocument(ctx);
        decodeGltfMeshoptBufferViews(ctx); // before Draco: a Draco stream may sit in a meshopt view
        decodeGltfDracoPrimitives(ctx);
        readGltfImages(ctx);
        // Decoded: the encoded bytes of external and data: images are not needed again.
        for (tinygltf::Image& image : ctx.model.images) std::vector<unsigned char>().swap(image.image);
        readGltfTextures(ctx);
        readGltfMaterials(ctx);
        readGltfMeshes(ctx);
        if (!options.keepFileOrder)
            for (MeshData& mesh : ctx.out.meshes) optimizeMeshOrder(mesh);
        assignGltfColorSpaces(ctx);
        readGltfCameras(ctx);
        readGltfLights(ctx);
        readGltfNodes(ctx);
        readGltfNodeWeights(ctx);
        readGltfSkins(ctx);
        readGltfAnimations(ctx);
        readGltfScene(ctx);
    } catch (const Error& e) {
        // tinygltf refuses some files (a sparse accessor without values) before the document
        // checks run: run them now, and when they name the value at fault, that is the error.
        const GltfError* coded = dynamic_cast<const GltfError*>(&e);
        if (!documentChecked && coded && coded->code() == "INVALID_GLTF") {
            GltfDiagnostics document = validateGltfJson(bytes, ctx.name);
            report.messages.insert(report.messages.begin(), document.messages.begin(), document.messages.end());
            documentChecked = true;
            for (const GltfDiagnostic& m : document.messages)
                if (m.severity == GltfSeverity::Error) {
                    importerWarnings();
                    if (options.report) *options.report = report;
                    throw GltfError(m.where, str(m.code, " at ", m.pointer, ": ", m.message), m.code, m.pointer);
                }
        }
        // The report says everything met up to the error, then the error itself (once: the
        // document checks have listed theirs already).
        if (options.report) {
            if (!documentChecked) {
                GltfDiagnostics document = validateGltfJson(bytes, ctx.name);
                report.messages.insert(report.messages.begin(), document.messages.begin(), document.messages.end());
            }
            importerWarnings();
            std::string code = coded ? coded->code() : "IMPORT_ERROR";
            std::string pointer = coded ? coded->pointer() : "";
            bool listed = std::any_of(report.messages.begin(), report.messages.end(),
                                      [&](auto& m) { return m.code == code && m.pointer == pointer; });
            if (!listed) report.add(code, GltfSeverity::Error, pointer, e.message(), e.where());
            *options.report = report;
        }
        throw;
    }
    // The document's warnings, grouped at the end (the importer's own, added after them, were
    // logged as they came).
    if (size_t documentWarnings = report.count(GltfSeverity::Warning); documentWarnings > 0) {
        std::string lines;
        for (const GltfDiagnostic& m : report.messages)
            lines += str("\n  ", m.where.toString(), ": ", m.code, " at ", m.pointer, ": ", m.message);
        logWarning("glTF: ", ctx.name, ": ", documentWarnings, " warnings from the document checks:", lines);
    }
    importerWarnings();
    if (options.report) *options.report = report;
    return std::move(ctx.out);
}

GltfImportOptions gltfImportOptionsFromEnvironment(GltfImportOptions options) {
    auto limit = [](const char* variable, uint64_t& value) {
        const char* text = std::getenv(variable);
        if (!text) return;
        const std::string_view s(text);
        uint64_t parsed = 0;
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), parsed);
        if (s.empty() || ec != std::errc() || end != s.data() + s.size() || parsed == 0)
            throw Error(str(variable, "='", s.substr(0, 80), "': a limit must be a positive whole number (default ",
                            value, ")"));
        value = parsed;
    };
    limit("TRAILHEAD_GLTF_MAX_FILE_BYTES", options.maxFileBytes);
    limit("TRAILHEAD_GLTF_MAX_IMAGE_PIXELS", options.maxImagePixels);
    limit("TRAILHEAD_GLTF_MAX_ACCESSOR_ELEMENTS", options.maxAccessorElements);
    limit("TRAILHEAD_GLTF_MAX_TOTAL_ELEMENTS", options.maxTotalElements);
    return options;
}

ImportedModel importGltf(const fs::path& file, const GltfImportOptions& options) {
    std::error_code ec;
    uint64_t size = fs::file_size(file, ec);
    if (!ec && size > options.maxFileBytes)
        throw GltfError(SourceLocation{file.string()}, str("file is ", size, " bytes, more than the limit of ", options.maxFileBytes),
                        "FILE_TOO_LARGE", "");
    std::string bytes = readFile(file);
    fs::path folder = fs::absolute(file, ec).lexically_normal().parent_path();
    return importGltfFromMemory(bytes, folder, file.string(), options);
}

} // namespace th
