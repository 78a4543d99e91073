#pragma once
// A glTF model as a scene: imported, uploaded, its materials registered with the renderer's
// material registry (so plugin factories reach them), lit by its own punctual lights and an
// environment, with a camera framing its bounds unless a camera is given.
#include <filesystem>

#include "common/scenes/BuiltScene.h"

namespace th {

struct GltfSceneOptions {
    std::filesystem::path model;
    /// Equirectangular Radiance environment (empty: the procedural sky at `skyHour`, or none).
    std::filesystem::path environment;
    float environmentIntensity = 1.0f;
    std::optional<float> skyHour;
    /// The model's KHR_lights_punctual lights and, under the sky, the sun's direct light;
    /// false = image-based light only.
    bool punctualLights = true;
    bool showEnvironment = true;
    /// A clip to pose the model with: its name, its index, or "all" (every clip together);
    /// empty = no animation plays. `animationTime` is the time in seconds it is posed at.
    std::string animation;
    float animationTime = 0.0f;
    /// What set `animation`, named by its errors: the option, or a scene file's key and where
    /// it stands (unknown: the model file is named).
    std::string animationSetBy = "--animation";
    SourceLocation animationWhere;
    /// A camera of the file to look through, by name or by index in the file's `cameras`;
    /// empty = a camera framing the model. Its aspect is the file's until the caller sets the
    /// viewport's.
    std::string camera;
    /// A KHR_materials_variants variant to draw the model in; empty = the file's defaults.
    std::string variant;
};

/// Throws th::Error naming the model when `options.camera` names no camera of it (the message
/// lists the cameras it has), or `options.variant` no variant (the message lists the variants).
BuiltScene buildGltfScene(SceneBuildContext& context, const GltfSceneOptions& options);

/// The shared samples folder's path to a sample model ("DamagedHelmet" → .../glTF/DamagedHelmet.gltf
/// or .glb, whichever layout the folder has); empty when absent.
std::filesystem::path findSampleModel(const std::filesystem::path& sharedDirectory, std::string_view name);

} // namespace th
