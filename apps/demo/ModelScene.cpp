#include "ModelScene.h"

#include "common/scenes/GltfScene.h"

namespace th {

bool isModelFile(const std::filesystem::path& p) { return p.extension() == ".gltf" || p.extension() == ".glb"; }

BuiltScene buildModelScene(SceneBuildContext& context, const std::filesystem::path& model) {
    GltfSceneOptions g;
    g.model = model;
    std::filesystem::path studio = context.sharedDirectory / "gltf" / "environment" / "neutral_studio.hdr";
    std::error_code ec;
    if (std::filesystem::exists(studio, ec)) g.environment = studio;
    else g.skyHour = 10.0f;
    return buildGltfScene(context, g);
}

} // namespace th
