// Prints the CPU cost per frame of animation: advancing the clips, evaluating the pose, world
// and joint matrices, and uploading joint matrices and morph weights, for N instances of each
// animated sample (Fox, CesiumMan, BrainStem where the shared folder has them) at N = 1, 10,
// 100 sharing one imported model; then the frame time of one Fox walking against one standing
// (each frame finished with glFinish).
//   bench-anim [--counts 1,10,100] [--frames N] [--size WxH] [--api es30|gl33]
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "assets/GltfImporter.h"
#include "assets/ModelLoader.h"
#include "common/AppPaths.h"
#include "common/BenchFrames.h"
#include "common/scenes/GltfScene.h"
#include "core/Error.h"
#include "core/Str.h"
#include "gl/Context.h"
#include "gl/GlApi.h"
#include "render/Renderer.h"

using namespace th;
using namespace th::bench;

namespace {

struct Settings {
    std::vector<int> counts = {1, 10, 100};
    int frames = 120;
    int width = 640, height = 360;
    GlApi api = GlApi::Gles30;
};

[[noreturn]] void usage(const std::string& why) {
    std::fprintf(stderr,
                 "bench-anim: %s\nusage: bench-anim [--counts 1,10,100] [--frames N] [--size WxH] [--api es30|gl33]\n",
                 why.c_str());
    std::exit(2);
}

Settings parse(int argc, char** argv) {
    Settings s;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) usage(a + " needs a value");
            return argv[++i];
        };
        if (a == "--counts") {
            s.counts.clear();
            std::string list = value();
            for (std::string_view piece : split(list, ',')) {
                std::string part(piece);
                int n = std::atoi(part.c_str());
                if (n < 1 || n > 10000) usage(str("--counts: '", part, "' is not 1 to 10000"));
                s.counts.push_back(n);
            }
        } else if (a == "--frames") {
            s.frames = std::atoi(value().c_str());
            if (s.frames < 1) usage("--frames must be at least 1");
        } else if (a == "--size") {
            std::string v = value();
            if (std::sscanf(v.c_str(), "%dx%d", &s.width, &s.height) != 2 || s.width < 1 || s.height < 1)
                usage(str("--size expects WxH, got '", v, "'"));
        } else if (a == "--api") {
            std::string v = value();
            if (v == "es30")
                s.api = GlApi::Gles30;
            else if (v == "gl33")
                s.api = GlApi::Gl33Core;
            else
                usage(str("--api: '", v, "' is not es30 or gl33"));
        } else
            usage(str("unknown option '", a, "'"));
    }
    return s;
}

/// Adds `count` instances of `model` in a row, each playing `clip` from its own start time.
std::vector<std::shared_ptr<ModelAnimation>> addInstances(const ImportedModel& model, Scene& scene, Renderer& renderer,
                                                          int count, int clip) {
    std::vector<std::shared_ptr<ModelAnimation>> out;
    ModelLoadOptions load;
    load.importLights = false;
    float spacing = std::max(model.worldBounds().radius() * 2.5f, 1e-3f);
    for (int i = 0; i < count; ++i) {
        Node& slot = scene.root().addChild(str("instance ", i));
        slot.transform.translation = {float(i % 10) * spacing, 0.0f, float(i / 10) * spacing};
        if (!out.empty()) load.sharedRig = out.front()->animator().sharedRig();
        LoadedModel loaded = addModelToScene(model, scene, slot, &renderer.materials(), load);
        if (!loaded.animation) break;
        if (clip >= 0) {
            loaded.animation->animator().play(clip);
            loaded.animation->animator().setTime(0.037f * float(i));
        }
        out.push_back(loaded.animation);
    }
    return out;
}

} // namespace

int main(int argc, char** argv) {
    Settings settings = parse(argc, argv);
    try {
        ContextDesc desc;
        desc.kind = ContextKind::Headless;
        desc.api = settings.api;
        desc.apiFromEnvironment = false;
        desc.width = settings.width;
        desc.height = settings.height;
        auto context = createContext(desc);
        std::printf("bench-anim: %s, %d frames per figure\n", context->info().summary().c_str(), settings.frames);
        int found = 0;
        for (const char* name : {"Fox", "CesiumMan", "BrainStem"}) {
            std::filesystem::path file = findSampleModel(sharedDirectory(), name);
            if (file.empty()) {
                std::printf("%-10s not in %s; skipped\n", name, (sharedDirectory() / "gltf").string().c_str());
                continue;
            }
            ++found;
            GltfImportOptions importOptions;
            importOptions.decodeImages = false;
            ImportedModel model = importGltf(file, importOptions);
            int clip = model.animations.empty() ? -1 : (model.animations.size() > 1 ? 1 : 0);
            size_t joints = 0, targets = 0;
            for (auto& s : model.skins) joints += s.joints.size();
            for (auto& m : model.meshes) targets += m.targets.size();
            std::printf("%-10s %zu clips, %zu skins (%zu joints), %zu morph targets; playing '%s'\n", name,
                        model.animations.size(), model.skins.size(), joints, targets,
                        clip >= 0 ? model.animations[size_t(clip)].name.c_str() : "-");
            for (int n : settings.counts) {
                Renderer renderer(*context, RendererOptions{});
                Scene scene;
                auto instances = addInstances(model, scene, renderer, n, clip);
                std::vector<double> cpu, wall;
                for (int f = 0; f < settings.frames + 5; ++f) {
                    auto t = SteadyClock::now();
                    double c = processCpuMs();
                    for (auto& a : instances) a->update(1.0f / 60.0f);
                    double ms = msSince(t), cms = processCpuMs() - c;
                    if (f >= 5) wall.push_back(ms), cpu.push_back(cms);
                }
                glFinish();
                std::printf(
                    "  N = %-4d animation CPU per frame: median %.3f ms (wall %.3f ms, p90 %.3f ms), %.2f us per "
                    "instance\n",
                    n, median(cpu), median(wall), percentile(wall, 0.9), 1000.0 * median(wall) / double(n));
            }
        }
        if (!found) {
            std::printf("no animated sample found in %s\n", (sharedDirectory() / "gltf").string().c_str());
            return 0;
        }

        // One Fox, walking and standing: the whole frame (animation, culling, draws, glFinish).
        std::filesystem::path fox = findSampleModel(sharedDirectory(), "Fox");
        if (!fox.empty()) {
            ImportedModel model = importGltf(fox);
            for (bool animated : {false, true}) {
                Renderer renderer(*context, RendererOptions{});
                Scene scene;
                scene.sunLight = true;
                auto instances =
                    addInstances(model, scene, renderer, 1, animated ? model.animations.size() > 1 ? 1 : 0 : -1);
                scene.update();
                Camera camera;
                camera.aspect = float(settings.width) / float(settings.height);
                camera.frame(scene.bounds());
                RenderTarget output(settings.width, settings.height, TextureFormat::RGBA8, "bench output");
                renderer.prepare(scene, camera, output);
                double seconds = 0.0;
                FrameTimes times = timeFrames(10, settings.frames, [&](int) {
                    seconds += 1.0 / 60.0;
                    scene.animate(1.0f / 60.0f);
                    scene.update();
                    renderer.render(scene, camera, output, seconds);
                });
                std::printf("Fox %-8s frame: median %.3f ms, p90 %.3f ms (%dx%d)\n", animated ? "walking" : "static",
                            median(times.wallMs), percentile(times.wallMs, 0.9), settings.width, settings.height);
            }
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench-anim: %s\n", e.what());
        return 1;
    }
    return 0;
}
