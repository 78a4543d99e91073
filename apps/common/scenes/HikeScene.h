#pragma once
// The scene library's "hike" kind: the hike world (apps/hike, a game on the engine: see
// hike/HikeWorldBuilder.h) as a BuiltScene, with its per-frame update, its parts of the quality
// tiers and weather presets, and the demo's knobs.
#include <memory>

#include "common/SceneFile.h"
#include "common/scenes/BuiltScene.h"
#include "hike/HikeSceneOptions.h"
#include "hike/HikeStats.h"
#include "hike/HikeWorldBuilder.h"

namespace th {

/// Builds the hike. Throws th::Error when the terrain maps or a material cannot be made.
/// `stats`, when given, receives the live figures the scene's update() keeps current.
BuiltScene buildHikeScene(SceneBuildContext& context, const HikeSceneOptions& options,
                          std::shared_ptr<const HikeStats>* stats = nullptr);

using hike::hikeForestCamera;

/// The options of a hike scene file: its "params" (hikeOptionsFromParams).
HikeSceneOptions hikeOptionsFromFile(const SceneFile& file);
/// The scene library's entry for kind "hike".
BuiltScene buildHikeSceneFile(SceneBuildContext& context, const SceneFile& file);

} // namespace th
