#include "common/scenes/GltfScene.h"

#include <algorithm>

#include "assets/GltfImporter.h"
#include "assets/ImageLoader.h"
#include "assets/ModelLoader.h"
#include "core/Error.h"
#include "core/Log.h"
#include "core/Str.h"
#include "plugins/library/GltfMaterialPlugins.h"

namespace th {

std::filesystem::path findSampleModel(const std::filesystem::path& shared, std::string_view name) {
    namespace fs = std::filesystem;
    fs::path folder = shared / "gltf" / std::string(name);
    for (const char* sub : {"glTF", "glTF-Binary", "glTF-Embedded", ""}) {
        for (const char* ext : {".gltf", ".glb"}) {
            fs::path p = folder / sub / (std::string(name) + ext);
            if (fs::exists(p)) return p;
        }
    }
    return {};
}

namespace {

/// The camera `options.camera` names: a glTF camera index when it is all digits, else a name.
Camera pickCamera(const LoadedModel& loaded, const GltfSceneOptions& options) {
    const std::string& wanted = options.camera;
    const bool byIndex = std::all_of(wanted.begin(), wanted.end(), [](char c) { return c >= '0' && c <= '9'; });
    for (const LoadedCamera& c : loaded.cameras)
        if (byIndex ? wanted.size() < 10 && c.index == std::stoi(wanted) : c.name == wanted) return c.camera;
    std::vector<std::string> names;
    for (const LoadedCamera& c : loaded.cameras)
        names.push_back(c.name.empty() ? str(c.index) : str(c.index, " '", c.name, "'"));
    throw Error(SourceLocation{options.model.string()},
                str("--camera '", wanted, "': ", names.empty() ? "the model places no camera"
                                                              : str("the model's cameras are ", join(names, ", "))));
}

} // namespace

BuiltScene buildGltfScene(SceneBuildContext& context, const GltfSceneOptions& options) {
    BuiltScene built;
    Scene& scene = *built.scene;
    ImportedModel model = importGltf(options.model, gltfImportOptionsFromEnvironment());
    ModelLoadOptions load;
    load.importLights = options.punctualLights;
    load.maxAnisotropy = context.renderer.context().limits().maxAnisotropy;
    registerGltfMaterialPlugins(context.renderer.materials());
    LoadedModel loaded = addModelToScene(model, scene, scene.root(), &context.renderer.materials(), load);
    for (auto& m : loaded.materials) built.materials.push_back(m);
    if (!options.variant.empty()) {
        try {
            loaded.selectVariant(options.variant);
        } catch (const Error& e) {
            throw Error(SourceLocation{options.model.string()}, str("--variant: ", e.message()));
        }
    }
    if (!loaded.variants.empty()) {
        built.variants = loaded.variants;
        // The parts to switch hold their meshes and materials: the selector keeps them alive.
        auto held = std::make_shared<LoadedModel>(loaded);
        built.selectVariant = [held](const std::string& variant) { held->selectVariant(variant); };
    }
    scene.sunLight = false;
    if (!options.environment.empty()) {
        scene.environment.source = EnvironmentSource::HdrFile;
        scene.environment.hdrPath = options.environment.string();
        scene.environment.hdrImage = std::make_shared<ImageRgbaF>(loadHdr(options.environment));
    } else if (options.skyHour) {
        scene.environment.source = EnvironmentSource::Sky;
        scene.sky.hour = *options.skyHour;
        scene.sunLight = options.punctualLights; // without punctual lights: image-based light only
    } else {
        scene.environment.source = EnvironmentSource::None;
    }
    if (!options.animation.empty()) {
        const SourceLocation where =
            options.animationWhere.known() ? options.animationWhere : SourceLocation{options.model.string()};
        if (!loaded.animation || loaded.animation->rig().clips.empty())
            throw Error(where, str(options.animationSetBy, " '", options.animation, "': ", options.model.filename().string(),
                                   " has no animations"));
        Animator& animator = loaded.animation->animator();
        if (options.animation == "all") {
            animator.playAll();
        } else {
            int clip = loaded.animation->rig().findClip(options.animation);
            if (clip < 0) {
                std::string list;
                const auto& clips = loaded.animation->rig().clips;
                for (size_t i = 0; i < clips.size(); ++i) list += str(i ? ", " : "", i, " '", clips[i].name, "'");
                throw Error(where, str(options.animationSetBy, " '", options.animation, "' is neither a clip name nor an index; the clips are ",
                                list, ", or 'all'"));
            }
            animator.play(clip);
        }
        animator.setTime(options.animationTime);
        loaded.animation->update(0.0f);
    }
    scene.update();
    const bool drawsNothing = scene.bounds().empty();
    if (scene.environment.source == EnvironmentSource::None && loaded.lightsAdded == 0 && !drawsNothing)
        // Only emissive and unlit surfaces show: say so rather than hand back a black frame.
        logWarning(options.model.string(), ": no light reaches the model (no punctual lights",
                   options.punctualLights ? "" : " in use", ", no environment, no sky); only emissive and unlit ",
                   "surfaces show. Give an environment (th-capture --env FILE.hdr) or a sky (--sky HOUR)");
    scene.environment.intensity = options.environmentIntensity;
    scene.environment.showAsBackground = options.showEnvironment;
    if (drawsNothing) {
        // Valid glTF (an empty scene, only cameras, lights or empty nodes): the background
        // alone is drawn, from the default view or the file's camera.
        logWarning(options.model.string(), ": the file has no drawable geometry (", model.meshes.size(), " meshes, ",
                   model.nodes.size(), " nodes, ", model.rootNodes.size(),
                   " in the scene): only the background is drawn, and without a camera the view is the default one");
    } else if (!built.camera.frame(scene.bounds())) {
        Bounds b = scene.bounds();
        throw Error(SourceLocation{options.model.string()},
                    str("the model's bounds (", b.min.x, ", ", b.min.y, ", ", b.min.z, ") to (", b.max.x, ", ", b.max.y, ", ",
                        b.max.z, ") are too large or not finite: no float depth range can frame them"));
    }
    for (const LoadedCamera& c : loaded.cameras)
        built.cameras.emplace_back(c.name.empty() ? str(c.index) : str(c.index, " '", c.name, "'"), c.camera);
    if (!options.camera.empty()) built.camera = pickCamera(loaded, options);
    built.counts = {{"meshes", model.meshes.size()}, {"materials", model.materials.size()}, {"lights", loaded.lightsAdded}};
    return built;
}

} // namespace th
