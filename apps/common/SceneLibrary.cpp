#include "common/SceneLibrary.h"

#include <algorithm>

#include "common/Presets.h"
#include "common/scenes/GalleryScene.h"
#include "common/scenes/ForestStressScene.h"
#include "common/scenes/GltfScene.h"
#include "common/scenes/HikeScene.h"
#include "common/scenes/LightStressScene.h"
#include "common/scenes/PluginsScene.h"
#include "core/Error.h"
#include "core/Files.h"
#include "core/Str.h"

namespace th {

namespace {

/// A sample's name ("DamagedHelmet"), not a path.
bool isSampleName(const std::string& name) {
    return !name.empty() && name.find('/') == std::string::npos && name != "." && name != "..";
}

/// Shipped scenes (assets/scenes) may need shared samples a user's machine lacks: only for
/// them is an absent asset a skip (MissingAssetError, exit 77) rather than a failure.
bool isShippedScene(const SceneBuildContext& context, const SceneFile& file) {
    return !context.assetsDirectory.empty() && isInside(context.assetsDirectory / "scenes", file.path);
}

/// A file a scene file names (`key`): a path relative to the scene file's folder, or one in
/// the shared folder. Either must stay inside its folder unless it lies in a trusted one.
/// Empty when it exists in neither place.
std::filesystem::path findSceneAsset(const SceneBuildContext& context, const SceneFile& file, const std::string& name,
                                     const SourceLocation& where, std::string_view key,
                                     std::initializer_list<std::filesystem::path> sharedFolders) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::path local = containedPath(file.path.parent_path(), name, context.trustedFolders, where, key);
    if (fs::exists(local, ec)) return local;
    for (const fs::path& folder : sharedFolders) {
        if (fs::path(name).is_absolute() || !isInside(folder, name)) continue;
        if (fs::path p = folder / name; fs::exists(p, ec)) return p;
    }
    return {};
}

std::filesystem::path resolveModel(const SceneBuildContext& context, const SceneFile& file, const std::string& name,
                                   const SourceLocation& where) {
    // A sample name ("DamagedHelmet"), a path relative to the scene file, or one in the shared folder.
    if (isSampleName(name))
        if (std::filesystem::path p = findSampleModel(context.sharedDirectory, name); !p.empty()) return p;
    std::filesystem::path p = findSceneAsset(context, file, name, where, "params.model",
                                             {context.sharedDirectory, context.sharedDirectory / "gltf"});
    if (!p.empty()) return p;
    std::string message = str("params.model: scene '", file.name, "' needs the glTF model '", name,
                              "', found neither as a sample in ", (context.sharedDirectory / "gltf").string(),
                              " nor as a file next to the scene file");
    if (isShippedScene(context, file)) throw MissingAssetError(where, message);
    throw Error(where, message);
}

BuiltScene buildGltfKind(SceneBuildContext& context, const SceneFile& file) {
    if (!file.params) throw Error(SourceLocation{file.path.string()}, "a 'gltf' scene needs \"params\": {\"model\": ...}");
    json::ObjectReader p(*file.params, "params");
    GltfSceneOptions o;
    const auto& model = p.required("model");
    if (model.asString("params.model").empty()) throw Error(model.where(), "'params.model' is empty: name a sample or a .gltf/.glb file");
    o.model = resolveModel(context, file, model.asString("params.model"), model.where());
    if (auto* env = p.optional("environment")) {
        std::string e = env->asString("params.environment");
        o.environment = findSceneAsset(context, file, e, env->where(), "params.environment", {context.sharedDirectory});
        if (o.environment.empty()) {
            std::string message = str("params.environment: '", e, "' not found (looked next to the scene file and in ",
                                      context.sharedDirectory.string(), ")");
            if (isShippedScene(context, file)) throw MissingAssetError(env->where(), message);
            throw Error(env->where(), message);
        }
    }
    o.environmentIntensity = float(p.number("environmentIntensity", 1.0, kIntensityRange));
    if (auto* h = p.optional("skyHour")) o.skyHour = float(h->asNumber("params.skyHour", kHourRange));
    o.punctualLights = p.boolean("punctualLights", true);
    o.showEnvironment = p.boolean("showEnvironment", true);
    // The same as th-capture's --animation and --time ("animationTime": the scene file's own
    // "time" is the hour of the day).
    if (auto* a = p.optional("animation")) {
        o.animation = a->isNumber() ? str(a->asInt("params.animation", 0, 1 << 20)) : a->asString("params.animation");
        if (o.animation.empty()) throw Error(a->where(), "'params.animation' is empty: name a clip, give its index or 'all'");
        o.animationSetBy = "'params.animation'";
        o.animationWhere = a->where();
    }
    if (auto* t = p.optional("animationTime")) {
        o.animationTime = float(t->asNumber("params.animationTime", NumberRange::closed(0.0, 1.0e6)));
        if (o.animation.empty())
            throw Error(t->where(), "'params.animationTime' needs 'params.animation' (a clip name, an index or 'all')");
    }
    p.finish();
    return buildGltfScene(context, o);
}

BuiltScene buildPluginsKind(SceneBuildContext& context, const SceneFile& file) {
    if (file.params) json::ObjectReader(*file.params, "params").finish(); // no parameters yet
    return buildPluginsScene(context);
}

BuiltScene buildLightStressKind(SceneBuildContext& context, const SceneFile& file) {
    int lights = 1024;
    if (file.params) {
        json::ObjectReader p(*file.params, "params");
        if (const json::Value* v = p.optional("lightCount")) lights = int(v->asInt("params.lightCount", 0, 65536));
        p.finish();
    }
    return buildLightStressScene(context, lights);
}

BuiltScene buildGalleryKind(SceneBuildContext& context, const SceneFile& file) {
    GalleryModels models = GalleryModels::Optional;
    if (file.params) {
        json::ObjectReader p(*file.params, "params");
        if (const json::Value* v = p.optional("gltfExhibits")) {
            std::string mode = v->asString("params.gltfExhibits");
            if (mode == "optional") models = GalleryModels::Optional;
            else if (mode == "required") models = GalleryModels::Required;
            else if (mode == "off") models = GalleryModels::Off;
            else throw Error(v->where(), str("params.gltfExhibits: unknown mode '", mode, "'; expected optional, required or off"));
        }
        p.finish();
    }
    return buildGalleryScene(context, models);
}

const std::vector<std::string> kNoKeys;

} // namespace

const std::vector<SceneKind>& sceneKinds() {
    static const std::vector<SceneKind> kinds = {
        {"gltf", "a glTF 2.0 model (params.model: a sample name or a path), lit by its lights and an environment", {},
         buildGltfKind},
        {"plugins", "a test stand showing each plugin in isolation: wind, conform, dither, wing, terrain", {},
         buildPluginsKind},
        {"light-stress", "the many-lights benchmark: floor, 100 spheres, params.lightCount spot lights (default 1024)",
         {"lightCounts", "floor", "spheres", "lights"}, buildLightStressKind},
        {"gallery", "an exhibition hall: 264 spot lights with per-room masks, budgeted spot shadows, a stencil portal "
         "(params.gltfExhibits: optional, required or off)",
         {}, buildGalleryKind},
        {"hike", "terrain clipmap, forest with LODs and impostors, grass, birds, sky, time of day and weather "
         "(params: viewpoint, eyeHeight, lookAt, lookHeight, terrainMapSize, impostorResolution, birds)",
         {}, buildHikeSceneFile},
        {"forest-stress", "the standard forest benchmark: one tree mesh, 20 000 instances over 2 x 2 km, a fixed sun",
         forestStressKeys(), buildForestStressSceneFile},
    };
    return kinds;
}

const std::vector<std::string>& sceneKindKeys(const std::string& kind) {
    for (auto& k : sceneKinds())
        if (k.name == kind) return k.extraKeys;
    return kNoKeys;
}

void applySceneFileSettings(BuiltScene& built, const SceneFile& f, Renderer& renderer) {
    Scene& scene = *built.scene;
    applyQualityTier(renderer, built, f.quality);
    applyWeatherPreset(built, f.weather);
    Camera& c = built.camera;
    if (f.camera.position) c.position = *f.camera.position;
    if (f.camera.target) c.target = *f.camera.target;
    if (f.camera.up) c.up = *f.camera.up;
    if (f.camera.yfov) c.yfov = *f.camera.yfov;
    if (f.camera.nearPlane) c.nearPlane = *f.camera.nearPlane;
    if (f.camera.farPlane) c.farPlane = *f.camera.farPlane;
    c.aspect = float(f.width) / float(f.height);
    // The file's camera over the kind's: together they must still make a picture (a
    // position given alone may land on the kind's target).
    if (f.document && f.document->find("camera"))
        checkCamera(c.position, c.target, c.up, c.yfov, c.nearPlane, c.farPlane, f.document->find("camera")->where(), "camera");
    if (f.hour) scene.sky.hour = *f.hour;
    if (f.toneMapping) scene.post.toneMapping = *f.toneMapping;
    if (f.exposure) scene.post.exposure = *f.exposure;
    if (f.ev100) scene.post.ev100 = *f.ev100;
    if (f.background) {
        scene.post.clearColor = *f.background;
        scene.environment.showAsBackground = false;
    }
    if (f.sun) scene.sunLight = *f.sun;
    if (f.ibl && !*f.ibl) scene.environment.source = EnvironmentSource::None;
    if (f.fog) scene.fog.enabled = *f.fog;
    if (f.shadows) renderer.options().shadows.enabled = *f.shadows;
    if (f.shadowFilter) renderer.options().shadows.filter = *f.shadowFilter;
    if (f.shadowFilterRadius) renderer.options().shadows.filterRadius = *f.shadowFilterRadius;
    if (f.cascadeBlend) renderer.options().shadows.cascadeBlend = *f.cascadeBlend;
    if (f.msaa) renderer.options().msaaSamples = *f.msaa;
    if (f.fxaa) renderer.options().fxaa = *f.fxaa;
    if (f.bloom) scene.post.bloom = *f.bloom;
    if (f.ambientOcclusion) scene.post.ambientOcclusion = *f.ambientOcclusion;
}

BuiltScene buildSceneFile(SceneBuildContext& context, const SceneFile& file) {
    for (const SceneKind& kind : sceneKinds()) {
        if (kind.name != file.kind) continue;
        BuiltScene built = kind.build(context, file);
        applySceneFileSettings(built, file, context.renderer);
        return built;
    }
    std::vector<std::string> names;
    for (auto& k : sceneKinds()) names.push_back(k.name);
    SourceLocation where{file.path.string()};
    if (file.document) where = file.document->keyLocation("kind");
    throw Error(where, str("unknown scene kind '", file.kind, "'; this build knows: ", join(names, ", ")));
}

std::vector<std::filesystem::path> shippedSceneFiles(const std::filesystem::path& assetsDirectory) {
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    for (auto& e : std::filesystem::directory_iterator(assetsDirectory / "scenes", ec))
        if (e.path().extension() == ".json") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace th
