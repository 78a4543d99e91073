// Prints what it costs to show a glTF model headless: import (CPU), upload (GL), time to the
// first finished frame (every effect compiled, the environment baked) with the program binary
// cache off, cold (empty) and warm (filled by the cold run), then the steady frame time
// (median and p90, each frame finished with glFinish), draw calls and programs compiled, and
// (warm run) each image-quality effect's frame time alone against none (MSAA 2×/4×, FXAA, bloom,
// ambient occlusion).
//   bench-gltf [MODEL.gltf|.glb] [--api es30|gl33] [--size WxH] [--frames N] [--mesh-order-only]
//              [--peer-view] [--breakdown] [--steady-only] [--shaders DIR]
// --peer-view renders as ../shared/peer-bench's three.js and Babylon.js harnesses do: the
// camera of visual-reference/cameras.json for the model, a flat (64, 64, 64) background,
// image-based light only, Khronos PBR Neutral and textures filtered without anisotropy
// (three.js's default; without it, the camera frames the model's bounds, the environment is
// drawn behind it and textures take 8x anisotropy). --breakdown adds the warm run's time per
// pass and its costliest draws (common/BreakdownReport.h). --steady-only runs the warm column
// alone and prints its steady frame (no effect costs, no mesh-order table): for A/B runs,
// with --shaders DIR loading shader variants from DIR.
//   bench-gltf --memory [MODEL.gltf|.glb] [--grid SIDE] (ImportMemory.h)
// It also prints, for every shared sample, the import time with and without the load-time
// mesh ordering (images not decoded, so the geometry's share shows) and the vertex-cache
// miss ratio (ACMR, 16-entry FIFO) in the file's order and after ordering;
// --mesh-order-only prints that table alone (no GL).
// Without a model it takes DamagedHelmet from the shared samples, else the heaviest sample
// there. Each column runs in its own process, as a fresh start of an app would, with an empty
// driver shader cache (Mesa's on-disk cache in a new folder), so "off" and "cold" compile
// everything and "warm" loads the binaries the cold run stored.
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

#include "ChildProcess.h"
#include "ImportMemory.h"
#include "assets/GltfImporter.h"
#include "assets/ImageLoader.h"
#include "assets/MeshOptimizer.h"
#include "assets/ModelLoader.h"
#include "common/AppPaths.h"
#include "common/BenchFrames.h"
#include "common/BreakdownReport.h"
#include "common/EffectCosts.h"
#include "common/MaterialExtensionCosts.h"
#include "common/scenes/GltfScene.h"
#include "core/Error.h"
#include "core/Files.h"
#include "core/Json.h"
#include "core/Str.h"
#include "gl/Context.h"
#include "gl/GlApi.h"
#include "plugins/library/GltfMaterialPlugins.h"
#include "render/Renderer.h"

using namespace th;
using namespace th::bench;
namespace fs = std::filesystem;

namespace {

uint64_t folderBytes(const fs::path& folder) {
    uint64_t total = 0;
    std::error_code ec;
    for (auto& e : fs::recursive_directory_iterator(folder, ec))
        if (e.is_regular_file(ec)) total += e.file_size(ec);
    return total;
}

/// DamagedHelmet when present, else the sample whose folder is largest.
fs::path defaultModel() {
    fs::path shared = sharedDirectory();
    if (fs::path helmet = findSampleModel(shared, "DamagedHelmet"); !helmet.empty()) return helmet;
    fs::path best;
    uint64_t bestBytes = 0;
    std::error_code ec;
    for (auto& e : fs::directory_iterator(shared / "gltf", ec)) {
        if (!e.is_directory()) continue;
        fs::path model = findSampleModel(shared, e.path().filename().string());
        uint64_t bytes = model.empty() ? 0 : folderBytes(e.path());
        if (bytes > bestBytes) best = model, bestBytes = bytes;
    }
    return best;
}

/// What one run measures; plain data so a child process can send it through a pipe.
struct RunResult {
    double importMs = 0, uploadMs = 0, prepareMs = 0, firstFrameMs = 0, frameMedian = 0, frameP90 = 0;
    double pipelineMs = 0, compileWaitMs = 0;
    uint64_t drawCalls = 0, mainDrawCalls = 0, triangles = 0;
    uint64_t effectsBuilt = 0, compiled = 0, fromBinary = 0, binaryStored = 0;
    uint64_t meshes = 0, modelTriangles = 0, vertices = 0, materials = 0, images = 0, texels = 0;
    bool environment = false;
    bench::EffectCostFigures effects;
    bench::MaterialExtensionCostFigures extensions;
    char driver[256] = {};
    char error[512] = {};
};

struct RunSettings {
    fs::path model, programCache;
    GlApi api = GlApi::Gles30;
    int width = 1280, height = 720, frames = 30;
    bool effectCosts = false; ///< measure each image-quality effect (the warm run)
    bool peerView = false;    ///< the peers' camera, background, light and tone mapping
    bool breakdown = false;   ///< print the time per pass and draw (the warm run)
    fs::path shaderDirectory; ///< shader variants instead of the embedded shaders
};

/// The camera the visual references (and the peers' harnesses) use for `model`, from
/// visual-reference/cameras.json by the model's file name; an error says what is missing.
Camera peerCamera(const fs::path& model) {
    const fs::path file = sharedDirectory() / "visual-reference" / "cameras.json";
    if (!fs::is_regular_file(file))
        throw Error(str("--peer-view needs ", file.string(), " (the shared visual references); it is not there"));
    json::Value doc = json::parse(readFile(file), file.string());
    const json::Value* models = doc.find("models");
    const json::Value* entry = models ? models->find(model.stem().string()) : nullptr;
    const json::Value* c = entry ? entry->find("camera") : nullptr;
    if (!c) throw Error(str(file.string(), " has no camera for '", model.stem().string(), "'"));
    auto vec3 = [&](const char* key) {
        const json::Value* v = c->find(key);
        if (!v || !v->isArray() || v->asArray().size() != 3)
            throw Error(v ? v->where() : c->where(), str("'", key, "' must be 3 numbers"));
        return glm::vec3(float(v->asArray()[0].asNumber(key)), float(v->asArray()[1].asNumber(key)),
                         float(v->asArray()[2].asNumber(key)));
    };
    auto number = [&](const char* key) {
        const json::Value* v = c->find(key);
        if (!v) throw Error(c->where(), str("the camera needs '", key, "'"));
        return float(v->asNumber(key));
    };
    Camera camera;
    camera.position = vec3("position");
    camera.target = vec3("target");
    camera.up = vec3("up");
    camera.yfov = glm::radians(number("yfov"));
    camera.nearPlane = number("near");
    camera.farPlane = number("far");
    return camera;
}

RunResult run(const RunSettings& settings) {
    RunResult r;
    ContextDesc desc;
    desc.kind = ContextKind::Headless;
    desc.api = settings.api;
    desc.apiFromEnvironment = false;
    desc.width = settings.width;
    desc.height = settings.height;
    auto context = createContext(desc);
    std::snprintf(r.driver, sizeof r.driver, "%s", context->info().summary().c_str());

    std::vector<double> imports;
    ImportedModel model;
    for (int i = 0; i < 3; ++i) {
        auto t = SteadyClock::now();
        model = importGltf(settings.model);
        imports.push_back(msSince(t));
    }
    r.importMs = median(imports);
    r.meshes = model.meshes.size();
    r.materials = model.materials.size();
    r.images = model.images.size();
    for (auto& m : model.meshes) {
        r.modelTriangles += m.indices.size() / 3;
        r.vertices += m.positions.size();
    }
    for (auto& img : model.images) r.texels += uint64_t(img.pixels.width) * uint64_t(img.pixels.height);

    {
        RendererOptions options;
        options.programCacheDirectory = settings.programCache;
        options.shaderDirectory = settings.shaderDirectory;
        Renderer renderer(*context, options);
        Scene scene;
        scene.sunLight = false;
        fs::path studio = sharedDirectory() / "gltf" / "environment" / "neutral_studio.hdr";
        if (fs::exists(studio)) {
            r.environment = true;
            scene.environment.source = EnvironmentSource::HdrFile;
            scene.environment.hdrPath = studio.string();
            scene.environment.hdrImage = std::make_shared<ImageRgbaF>(loadHdr(studio));
        }

        auto t = SteadyClock::now();
        ModelLoadOptions load;
        load.maxAnisotropy = context->limits().maxAnisotropy;
        // three.js filters without anisotropy unless asked; on llvmpipe 8x doubles the helmet's frame.
        if (settings.peerView) load.anisotropy = 1.0f;
        // The material extensions are shaded as a viewer would (their plugins' cost included).
        registerGltfMaterialPlugins(renderer.materials());
        LoadedModel loaded = addModelToScene(model, scene, scene.root(), &renderer.materials(), load);
        glFinish();
        r.uploadMs = msSince(t);

        Camera camera;
        scene.update();
        if (settings.peerView) {
            camera = peerCamera(settings.model);
            scene.lights.clear(); // image-based light only
            scene.environment.showAsBackground = false;
            scene.post.clearColor = glm::vec3(64.0f / 255.0f);
            scene.post.toneMapping = ToneMapping::PbrNeutral;
            scene.post.exposure = 1.0f;
        } else {
            camera.frame(scene.bounds());
        }
        camera.aspect = float(settings.width) / float(settings.height);
        RenderTarget output(settings.width, settings.height, TextureFormat::RGBA8, "bench output");
        t = SteadyClock::now();
        renderer.prepare(scene, camera, output);
        r.prepareMs = msSince(t);
        renderer.render(scene, camera, output, 0.0);
        glFinish();
        r.firstFrameMs = msSince(t);

        FrameTimes steady =
            timeFrames(0, settings.frames, [&](int f) { renderer.render(scene, camera, output, double(f + 1) / 60.0); });
        r.frameMedian = median(steady.wallMs);
        r.frameP90 = percentile(steady.wallMs, 0.9);
        if (settings.effectCosts) {
            r.effects = measureEffectCosts(renderer, scene, camera, output, settings.frames);
            r.extensions = measureMaterialExtensionCosts(renderer, scene, camera, output, settings.frames, loaded.materials);
        }
        if (settings.breakdown) {
            bench::BreakdownReport report;
            report.measure(renderer, 5, [&](int f) { renderer.render(scene, camera, output, double(f + 1) / 60.0); });
            report.print(stdout, str(settings.model.filename().string(), settings.peerView ? ", the peers' view" : "",
                                     " (warm run)"));
            std::printf("\n");
            std::fflush(stdout);
        }
        const FrameStats& stats = renderer.stats();
        r.drawCalls = stats.drawCalls;
        r.mainDrawCalls = stats.mainDrawCalls;
        r.triangles = stats.triangles;
        const EffectCache::Stats& effects = renderer.effects().stats();
        r.effectsBuilt = effects.built;
        r.compiled = effects.compiled;
        r.fromBinary = effects.fromBinary;
        r.pipelineMs = effects.buildMs;
        r.compileWaitMs = effects.compileMs;
        r.binaryStored = renderer.programCache().stats().stored;
        context->makeCurrent();
        scene = Scene();
    }
    return r;
}

/// Runs `settings` in a child process whose driver shader cache is a new, empty folder.
RunResult runInChild(const RunSettings& settings, const fs::path& driverCache) {
    return runInChildProcess<RunResult>([&] {
        fs::remove_all(driverCache);
        fs::create_directories(driverCache);
        setenv("MESA_SHADER_CACHE_DIR", driverCache.c_str(), 1);
        return run(settings);
    });
}

/// Triangle-weighted ACMR of a model's meshes.
double modelMissRatio(const ImportedModel& model) {
    double weighted = 0, triangles = 0;
    for (const MeshData& m : model.meshes) {
        const double t = double(m.indices.size() / 3);
        weighted += double(vertexCacheMissRatio(m)) * t;
        triangles += t;
    }
    return triangles > 0 ? weighted / triangles : 0.0;
}

/// Import time and ACMR with and without the load-time ordering, one row per shared sample.
void printMeshOrderTable() {
    const fs::path shared = sharedDirectory();
    std::vector<fs::path> models;
    std::error_code ec;
    for (auto& e : fs::directory_iterator(shared / "gltf", ec))
        if (e.is_directory())
            if (fs::path model = findSampleModel(shared, e.path().filename().string()); !model.empty())
                models.push_back(model);
    std::sort(models.begin(), models.end());
    std::printf("\n  load-time mesh ordering (meshoptimizer), images not decoded; import ms median of 3\n");
    std::printf("  %-30s %9s %11s %11s %11s %11s\n", "sample", "triangles", "file order", "ordered",
                "ACMR file", "ACMR after");
    if (models.empty()) std::printf("  (no samples in %s)\n", (shared / "gltf").c_str());
    for (const fs::path& path : models) {
        auto timed = [&](bool keepFileOrder, ImportedModel& out) {
            GltfImportOptions options;
            options.decodeImages = false;
            options.keepFileOrder = keepFileOrder;
            std::vector<double> ms;
            for (int i = 0; i < 3; ++i) {
                auto t = SteadyClock::now();
                out = importGltf(path, options);
                ms.push_back(msSince(t));
            }
            return median(ms);
        };
        try {
            ImportedModel fileOrder, ordered;
            const double fileMs = timed(true, fileOrder), orderedMs = timed(false, ordered);
            uint64_t triangles = 0;
            for (const MeshData& m : fileOrder.meshes) triangles += m.indices.size() / 3;
            std::printf("  %-30s %9llu %11.2f %11.2f %11.3f %11.3f\n", path.stem().c_str(),
                        (unsigned long long)triangles, fileMs, orderedMs, modelMissRatio(fileOrder),
                        modelMissRatio(ordered));
        } catch (const std::exception& e) {
            std::printf("  %-30s import failed: %s\n", path.stem().c_str(), e.what());
        }
    }
}

[[noreturn]] void usage(const std::string& message) {
    std::fprintf(
        stderr,
        "bench-gltf: %s\nusage: bench-gltf [MODEL.gltf|.glb] [--api es30|gl33] [--size WxH] [--frames N] "
        "[--mesh-order-only] [--peer-view] [--breakdown] [--steady-only] [--shaders DIR]\n"
        "       bench-gltf --memory [MODEL.gltf|.glb] [--api es30|gl33] [--grid SIDE (default 2001, 0: none)]\n",
        message.c_str());
    std::exit(2);
}

} // namespace

int main(int argc, char** argv) {
    fs::path modelPath;
    GlApi api = GlApi::Gles30;
    int width = 1280, height = 720, frames = 30, gridSide = -1;
    bool memory = false;
    bool meshOrderOnly = false, peerView = false, breakdown = false, steadyOnly = false;
    fs::path shaderDirectory;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) usage(a + " needs a value");
            return argv[++i];
        };
        if (a == "--api") {
            try {
                api = parseGlApi(value());
            } catch (const Error& e) {
                usage(e.what());
            }
        } else if (a == "--size") {
            std::string v = value();
            if (std::sscanf(v.c_str(), "%dx%d", &width, &height) != 2 || width < 1 || height < 1 || width > 8192 ||
                height > 8192)
                usage("--size expects WxH, got '" + v + "'");
        } else if (a == "--frames") {
            frames = std::atoi(value().c_str());
            if (frames < 1) usage("--frames expects a positive count");
        } else if (a == "--memory") {
            memory = true;
        } else if (a == "--grid") {
            std::string v = value();
            char* end = nullptr;
            long side = std::strtol(v.c_str(), &end, 10);
            if (v.empty() || *end || side < 0 || side == 1 || side > 8000)
                usage("--grid expects the vertices per side, 2 to 8000 (or 0 for no grid), got '" + v + "'");
            gridSide = int(side);
        } else if (a == "--mesh-order-only") {
            meshOrderOnly = true;
        } else if (a == "--peer-view") {
            peerView = true;
        } else if (a == "--breakdown") {
            breakdown = true;
        } else if (a == "--steady-only") {
            steadyOnly = true;
        } else if (a == "--shaders") {
            shaderDirectory = value();
            std::error_code ec;
            if (!fs::is_directory(shaderDirectory, ec)) usage("--shaders expects a folder of shaders, got '" + shaderDirectory.string() + "'");
        } else if (!a.empty() && a[0] == '-')
            usage("unknown option '" + a + "'");
        else
            modelPath = a;
    }
    if (meshOrderOnly) {
        if (!modelPath.empty() || memory) usage("--mesh-order-only takes no model and no --memory: it reads every shared sample");
        try {
            printMeshOrderTable();
        } catch (const std::exception& e) {
            std::fprintf(stderr, "bench-gltf: %s\n", e.what());
            return 1;
        }
        return 0;
    }
    if (gridSide >= 0 && !memory) usage("--grid applies to --memory only");
    if ((peerView || breakdown || steadyOnly || !shaderDirectory.empty()) && (memory || meshOrderOnly))
        usage("--peer-view, --breakdown, --steady-only and --shaders apply to the frame benchmark only");
    if (memory) {
        std::vector<fs::path> models;
        if (!modelPath.empty()) {
            models.push_back(modelPath);
        } else {
            // Every shared sample, by name.
            std::error_code ec;
            for (auto& e : fs::directory_iterator(sharedDirectory() / "gltf", ec))
                if (fs::path m = findSampleModel(sharedDirectory(), e.path().filename().string()); !m.empty())
                    models.push_back(m);
            std::sort(models.begin(), models.end());
            if (models.empty())
                std::printf("bench-gltf: no shared samples in %s; measuring the grid only\n",
                            (sharedDirectory() / "gltf").c_str());
        }
        try {
            return bench::runImportMemoryBenchmark(models, api, gridSide < 0 ? 2001 : gridSide);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "bench-gltf: %s\n", e.what());
            return 1;
        }
    }
    if (modelPath.empty()) modelPath = defaultModel();
    if (modelPath.empty()) {
        std::fprintf(stderr, "bench-gltf: no model given and no samples in %s\n", (sharedDirectory() / "gltf").c_str());
        return 1;
    }
    try {
        RunSettings settings{modelPath, {}, api, width, height, frames};
        settings.peerView = peerView;
        settings.shaderDirectory = shaderDirectory;
        if (peerView) peerCamera(modelPath); // a missing camera is an error before any run
        fs::path scratch = fs::temp_directory_path() / str("bench-gltf-", getpid());
        fs::remove_all(scratch);
        if (steadyOnly) {
            settings.breakdown = breakdown;
            RunResult warm = runInChild(settings, scratch / "driver");
            fs::remove_all(scratch);
            std::printf("bench-gltf: %s at %dx%d on %s%s\n", modelPath.filename().c_str(), width, height, warm.driver,
                        peerView ? ", the peers' view" : "");
            std::printf("  steady frame median %.2f ms, p90 %.2f ms (%d frames, each finished by glFinish)\n",
                        warm.frameMedian, warm.frameP90, frames);
            return 0;
        }
        RunResult off = runInChild(settings, scratch / "driver-off");
        settings.programCache = scratch / "programs";
        RunResult cold = runInChild(settings, scratch / "driver-cold");
        settings.effectCosts = true;
        settings.breakdown = breakdown;
        RunResult warm = runInChild(settings, scratch / "driver-warm");
        fs::remove_all(scratch);

        std::printf("bench-gltf: %s at %dx%d on %s\n", modelPath.filename().c_str(), width, height, off.driver);
        std::printf(
            "  model: %llu meshes, %llu triangles, %llu vertices, %llu materials, %llu images (%.1f Mtexels)%s\n",
            (unsigned long long)off.meshes, (unsigned long long)off.modelTriangles, (unsigned long long)off.vertices,
            (unsigned long long)off.materials, (unsigned long long)off.images, double(off.texels) / 1e6,
            off.environment ? "; lit by neutral_studio.hdr" : "; no environment (studio HDR absent)");
        if (peerView)
            std::printf(
                "  the peers' view: cameras.json's camera, flat (64, 64, 64) background, image-based light only, "
                "PBR Neutral\n");
        std::printf("  each column: a fresh process with an empty driver shader cache\n\n");
        std::printf("  %-30s %12s %12s %12s\n", "program binary cache", "off", "cold", "warm");
        auto row = [](const char* label, const char* format, double a, double b, double c) {
            std::printf("  %-30s ", label);
            std::printf(format, a);
            std::printf(" ");
            std::printf(format, b);
            std::printf(" ");
            std::printf(format, c);
            std::printf("\n");
        };
        row("import, CPU (ms, median of 3)", "%12.1f", off.importMs, cold.importMs, warm.importMs);
        row("upload (ms)", "%12.1f", off.uploadMs, cold.uploadMs, warm.uploadMs);
        row("time to first frame (ms)", "%12.1f", off.firstFrameMs, cold.firstFrameMs, warm.firstFrameMs);
        row("  of which effects ready (ms)", "%12.1f", off.prepareMs, cold.prepareMs, warm.prepareMs);
        row("steady frame median (ms)", "%12.2f", off.frameMedian, cold.frameMedian, warm.frameMedian);
        row("steady frame p90 (ms)", "%12.2f", off.frameP90, cold.frameP90, warm.frameP90);
        row("draw calls, all passes", "%12.0f", double(off.drawCalls), double(cold.drawCalls), double(warm.drawCalls));
        row("draw calls, main pass", "%12.0f", double(off.mainDrawCalls), double(cold.mainDrawCalls),
            double(warm.mainDrawCalls));
        row("triangles per frame", "%12.0f", double(off.triangles), double(cold.triangles), double(warm.triangles));
        row("effects built", "%12.0f", double(off.effectsBuilt), double(cold.effectsBuilt), double(warm.effectsBuilt));
        row("programs compiled", "%12.0f", double(off.compiled), double(cold.compiled), double(warm.compiled));
        row("programs from binaries", "%12.0f", double(off.fromBinary), double(cold.fromBinary),
            double(warm.fromBinary));
        row("binaries stored", "%12.0f", double(off.binaryStored), double(cold.binaryStored),
            double(warm.binaryStored));
        row("shader pipeline (ms)", "%12.1f", off.pipelineMs, cold.pipelineMs, warm.pipelineMs);
        row("waiting on compiles (ms)", "%12.1f", off.compileWaitMs, cold.compileWaitMs, warm.compileWaitMs);
        std::printf(
            "  (effects and programs: the material's, from the effect cache; the first frame also bakes the\n"
            "   environment and builds the engine's own programs. Steady: %d frames, each finished by glFinish.)\n",
            frames);
        printEffectCosts(warm.effects, width, height);
        printMaterialExtensionCosts(warm.extensions, width, height);
        printMeshOrderTable();
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench-gltf: %s\n", e.what());
        return 1;
    }
}
