#pragma once
// A glTF model opened on its own (th-demo MODEL.gltf, a file dropped on the window, or the
// same headless): the model framed, lit by the studio environment when the shared folder has
// it, else by the procedural sky.
#include <filesystem>

#include "common/scenes/BuiltScene.h"

namespace th {

/// True for the extensions the demo opens as models (.gltf, .glb) rather than scene files.
bool isModelFile(const std::filesystem::path& path);

BuiltScene buildModelScene(SceneBuildContext& context, const std::filesystem::path& model);

} // namespace th
