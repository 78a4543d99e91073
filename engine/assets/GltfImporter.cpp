#include "assets/GltfImporter.h"

#include "assets/GltfAnimationImport.h"
#include "assets/GltfFileAccess.h"
#include "assets/GltfImages.h"
#include "assets/GltfImportContext.h"
#include "assets/GltfMaterials.h"
#include "assets/GltfMeshes.h"
#include "assets/GltfNodes.h"
#include "core/Files.h"
#include "core/Str.h"

// The import runs its parts in the order their data needs: file access first, then images,
// textures and materials (meshes read the material's normal-map UV set), meshes, colour
// spaces (after meshes, which may add the vertex-colour default material), cameras and
// lights, then the nodes that name them all. Each part reads and writes the shared
// GltfImportContext; morph weights, skins and animation clips come after the nodes.

namespace th {

namespace fs = std::filesystem;

ImportedModel importGltfFromMemory(std::string_view bytes, const fs::path& modelFolder, std::string_view displayName,
                                   const GltfImportOptions& options) {
    GltfImportContext ctx(bytes, modelFolder, std::string(displayName), options);
    ctx.out.sourceName = ctx.name;
    if (options.maxFileBytes < bytes.size())
        throw Error(SourceLocation{ctx.name},
                    str("file is ", bytes.size(), " bytes, more than the limit of ", options.maxFileBytes));
    loadGltfDocument(ctx);
    readGltfImages(ctx);
    readGltfTextures(ctx);
    readGltfMaterials(ctx);
    readGltfMeshes(ctx);
    assignGltfColorSpaces(ctx);
    readGltfCameras(ctx);
    readGltfLights(ctx);
    readGltfNodes(ctx);
    readGltfNodeWeights(ctx);
    readGltfSkins(ctx);
    readGltfAnimations(ctx);
    readGltfScene(ctx);
    return std::move(ctx.out);
}

ImportedModel importGltf(const fs::path& file, const GltfImportOptions& options) {
    std::error_code ec;
    uint64_t size = fs::file_size(file, ec);
    if (!ec && size > options.maxFileBytes)
        throw Error(SourceLocation{file.string()},
                    str("file is ", size, " bytes, more than the limit of ", options.maxFileBytes));
    std::string bytes = readFile(file);
    fs::path folder = fs::absolute(file, ec).lexically_normal().parent_path();
    return importGltfFromMemory(bytes, folder, file.string(), options);
}

} // namespace th
