#pragma once
// The kinds of scene a scene file may ask for, and the one call that turns a scene file into
// a built scene with the file's common settings (camera, time, tone mapping...) applied.
#include <functional>
#include <string>
#include <vector>

#include "common/SceneFile.h"
#include "common/scenes/BuiltScene.h"

namespace th {

struct SceneKind {
    std::string name;
    std::string summary;
    /// Extra top-level keys the kind's files may carry (documentation of standard scenes).
    std::vector<std::string> extraKeys;
    std::function<BuiltScene(SceneBuildContext&, const SceneFile&)> build;
};

/// Every kind this build knows, by name.
const std::vector<SceneKind>& sceneKinds();
/// The extra keys of `kind` (empty for unknown kinds; loadSceneFile's callback).
const std::vector<std::string>& sceneKindKeys(const std::string& kind);

/// Loads a scene file and builds it. Throws th::Error naming file and key for a bad file, or
/// the kind and what is missing (an asset, the shared samples) for a scene that cannot be built.
BuiltScene buildSceneFile(SceneBuildContext& context, const SceneFile& file);

/// Applies the file's common settings on top of what the builder made.
void applySceneFileSettings(BuiltScene& scene, const SceneFile& file, Renderer& renderer);

/// The shipped scene files (assets/scenes/*.json), sorted by name.
std::vector<std::filesystem::path> shippedSceneFiles(const std::filesystem::path& assetsDirectory);

} // namespace th
