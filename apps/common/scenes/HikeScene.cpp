#include "common/scenes/HikeScene.h"

namespace th {

BuiltScene buildHikeScene(SceneBuildContext& context, const HikeSceneOptions& options,
                          std::shared_ptr<const HikeStats>* statsOut) {
    BuiltScene built;
    std::shared_ptr<hike::HikeWorld> world =
        hike::buildHikeWorld(context.renderer, *built.scene, built.camera, options, context.seed);
    built.update = [world](double seconds, const Camera& camera) { world->update(seconds, camera); };
    built.applyQuality = [world](QualityTier tier) { world->applyTier(tier); };
    built.applyWeather = [world](const std::string& preset) { world->applyWeather(preset); };
    built.materials = world->materials.all();
    built.plugins = {world->materials.terrainPlugin, world->materials.wing};
    for (auto& wind : world->materials.winds) built.plugins.push_back(wind);
    built.controls.push_back({"forest near band (m)", 60.0f, 200.0f, [world] { return world->bandSettings.nearRadius; },
                              [world](float v) { world->setForestNearRadius(v); }});
    built.controls.push_back({"grass spacing (m)", 0.2f, 1.5f, [world] { return world->grass.spacing; },
                              [world](float v) { world->setGrassSpacing(v); }});
    built.controls.push_back(
        {"wetness", 0.0f, 1.0f, [world] { return world->wetness; }, [world](float v) { world->applyWetness(v); }});
    built.controls.push_back({"wind speed", 0.0f, 3.0f,
                              [world] { return world->materials.winds.front()->state().speed; },
                              [world](float v) {
                                  for (auto& wind : world->materials.winds) wind->setSpeed(v);
                              }});
    built.counts = {{"terrain quads", world->clipmap->quadCount()}, {"birds", world->flock.size()}};
    if (statsOut) *statsOut = world->stats;
    return built;
}

HikeSceneOptions hikeOptionsFromFile(const SceneFile& file) { return hikeOptionsFromParams(file.params); }

BuiltScene buildHikeSceneFile(SceneBuildContext& context, const SceneFile& file) {
    return buildHikeScene(context, hikeOptionsFromFile(file));
}

} // namespace th
