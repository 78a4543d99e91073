#pragma once
// The contract every scene builder follows (hike, gallery, helmet, plugins, light-stress,
// forest-stress): build into a Scene and a Camera, deterministically from a seed, and
// return what must run per frame (animation, streaming) as an update function.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "hike/QualityTier.h"
#include "render/Renderer.h"
#include "scene/Camera.h"
#include "scene/Scene.h"

namespace th {

struct SceneBuildContext {
    Renderer& renderer;
    std::filesystem::path assetsDirectory; ///< the repository's assets/ (or an installed copy)
    std::filesystem::path sharedDirectory; ///< ../shared (glTF samples); may not exist
    uint64_t seed = 1;
    /// Folders a scene file may name files in by absolute or escaping paths (--allow-path);
    /// otherwise its paths stay in its own folder or the shared folder.
    std::vector<std::filesystem::path> trustedFolders = {};
};

/// A scene-specific knob the demo shows as a slider (light count, forest density...).
struct SceneControl {
    std::string name;
    float min = 0.0f, max = 1.0f;
    std::function<float()> get;
    std::function<void(float)> set;
    bool integer = false;
};

struct BuiltScene {
    std::unique_ptr<Scene> scene = std::make_unique<Scene>();
    Camera camera;
    /// Called once per frame before rendering with the time in seconds and the camera in use
    /// (streaming forests, moving birds). May be empty.
    std::function<void(double seconds, const Camera& camera)> update;
    /// Materials and plugins the demo exposes in its panels, by name.
    std::vector<std::shared_ptr<Material>> materials;
    std::vector<std::shared_ptr<MaterialPlugin>> plugins;
    /// Scene-specific parts of a quality tier (forest near band, grass density...) and of a
    /// weather preset ("clear", "overcast", "mist", "rain-wet":
    /// wetness of materials...). The generic parts (shadows, resolution, fog, haze) are
    /// applied by applyQualityTier / applyWeatherPreset before these run.
    std::function<void(QualityTier tier)> applyQuality;
    std::function<void(const std::string& preset)> applyWeather;
    /// Scene-specific knobs for the demo.
    std::vector<SceneControl> controls;
    /// Cameras the scene's file places (a glTF's, by label "0 'Top'"), which the demo offers
    /// beside `camera` (the framed view).
    std::vector<std::pair<std::string, Camera>> cameras;
    /// KHR_materials_variants of a glTF scene's model (the demo's variant menu): their names
    /// and the call that draws the model in one ("" = the file's defaults). Empty: none.
    std::vector<std::string> variants;
    std::function<void(const std::string& variant)> selectVariant;
    /// Counts for statistics and benchmarks ("trees", "grass", "lights").
    std::vector<std::pair<std::string, uint64_t>> counts;
};

} // namespace th
