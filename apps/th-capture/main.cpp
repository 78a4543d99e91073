// th-capture: renders scene files or a glTF model headless to PNG, deterministically, and
// compares captures with golden images. See `th-capture --help`.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "assets/GltfImporter.h"
#include "assets/GltfValidation.h"
#include "assets/ImageLoader.h"
#include "CaptureOptions.h"
#include "CaptureSuite.h"
#include "SuiteRun.h"
#include "common/AppPaths.h"
#include "common/Capture.h"
#include "common/CommandLine.h"
#include "common/GoldenSettings.h"
#include "common/ImageVariety.h"
#include "common/SceneLibrary.h"
#include "common/scenes/GltfScene.h"
#include "core/Error.h"
#include "core/Log.h"
#include "core/Str.h"
#include "gl/Context.h"
#include "gl/Readback.h"

using namespace th;

namespace {

[[noreturn]] void usageError(const std::string& message) {
    std::fprintf(stderr, "th-capture: %s\n(see th-capture --help)\n", message.c_str());
    std::exit(2);
}

using Options = CaptureOptions;

Options parse(int argc, char** argv) {
    try {
        Options o = parseCaptureOptions(argc, argv);
        if (o.help) {
            std::fputs(kCaptureUsage, stdout);
            std::exit(0);
        }
        if (o.allScenes) o.suite = shippedSuiteFile(assetsDirectory());
        return o;
    } catch (const UsageError& e) {
        usageError(e.what());
    }
}

/// With a flat background, how many pixels show the model; none is a warning (a camera that
/// looks away or a depth range that clips the model would otherwise give a silent blank).
void reportCoverage(const ImageRgba8& image, const glm::vec3& background, const Camera& camera) {
    uint8_t bg[4] = {0, 0, 0, 255};
    for (int c = 0; c < 3; ++c) bg[c] = uint8_t(std::lround(std::clamp(background[c], 0.0f, 1.0f) * 255.0f));
    ImageVariety v = measureDifference(image, bg);
    std::fprintf(stderr, "the model covers %llu of %llu pixels\n", (unsigned long long)v.differing, (unsigned long long)v.pixels);
    if (v.differing == 0)
        std::fprintf(stderr, "warning: the capture shows only the background: the model is outside the view or outside "
                             "the depth range (near %g, far %g)\n", double(camera.nearPlane), double(camera.farPlane));
}

int checkNotBlank(const Options& o) {
    try {
        ImageVariety v = measureVariety(loadImage(o.checkNotBlank), o.region, o.tolerance.deltaE);
        bool blank = v.share() < o.minShare;
        std::printf("%s: %s%s\n", o.checkNotBlank.c_str(), v.summary().c_str(),
                    blank ? str("; BLANK (fewer than ", o.minShare * 100.0, "%)").c_str() : "; not blank");
        return blank ? 1 : 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "th-capture: %s\n", e.what());
        return 1;
    }
}

} // namespace

int run(int argc, char** argv);

int main(int argc, char** argv) { return finishStandardOutput("th-capture", run(argc, argv)); }

static int validateOnly(const Options& o) {
    GltfImportOptions limits;
    try {
        limits = gltfImportOptionsFromEnvironment();
    } catch (const Error& e) {
        std::fprintf(stderr, "th-capture: %s\n", e.what());
        return 2;
    }
    GltfDiagnostics report = validateGltfFile(o.gltf, limits);
    std::fputs((o.json ? report.toJson() : report.toText()).c_str(), stdout);
    return report.hasErrors() ? 1 : 0;
}

/// --suite and --all. A suite that cannot be read stops before any capture (exit 2).
static int runSuite(const Options& o) {
    CaptureSuite suite;
    try {
        SuiteLoadContext context;
        context.sharedDirectory = sharedDirectory();
        context.trustedFolders = o.trustedFolders;
        context.findSample = findSampleModel;
        context.sceneKindKeys = sceneKindKeys;
        suite = loadCaptureSuite(o.suite, context);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "th-capture: %s\n", e.what());
        return 2;
    }
    try {
        return runCaptureSuite(suite, o);
    } catch (const UsageError& e) {
        usageError(e.what());
    } catch (const std::exception& e) {
        std::fprintf(stderr, "th-capture: %s\n", e.what());
        return 1;
    }
}

int run(int argc, char** argv) {
    reportFileSizeLimitAsError();
    Options o = parse(argc, argv);
    if (!o.checkNotBlank.empty()) return checkNotBlank(o);
    if (o.validateOnly) return validateOnly(o);
    if (!o.suite.empty()) return runSuite(o);
    if (!o.mergeReports.empty()) {
        try {
            return mergeCaptureReports(o);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "th-capture: %s\n", e.what());
            return 1;
        }
    }
    try {
        ContextDesc desc;
        desc.kind = ContextKind::Headless;
        desc.width = o.width;
        desc.height = o.height;
        // Goldens carry the settings they were made under; comparing or updating applies them.
        std::filesystem::path goldens = !o.compareDir.empty() ? o.compareDir : o.updateDir;
        std::optional<GoldenSettings> golden = goldens.empty() ? std::nullopt : loadGoldenSettings(goldens);
        if (golden) applyGoldenSettings(*golden, desc);
        auto context = createContext(desc);
        std::optional<GoldenSettings> updated;
        if (!o.updateDir.empty()) {
            updated = loadGoldenSettings(o.updateDir);
            if (!updated) updated = GoldenSettings{context->info().api, context->info().limitsProfile, {}};
        }
        SuiteReport checks;
        checks.suite = "th-capture";
        int failures = 0;
        {
            RendererOptions ro;
            ro.debugView = o.debugView;
            Renderer renderer(*context, ro);
            SceneBuildContext build{renderer, assetsDirectory(), sharedDirectory(), 1, o.trustedFolders};
            auto handle = [&](const std::string& name, const ImageRgba8& image, const std::filesystem::path& explicitOut) {
                // A capture named on the command line is what --update is asked to write.
                GoldenRecord settings{context->info().api, context->info().limitsProfile, image.width, image.height};
                if (!o.updateDir.empty()) {
                    writePng(o.updateDir / (name + ".png"), image);
                    updated->goldens[name] = settings;
                    writeGoldenSettings(o.updateDir, *updated);
                    std::printf("updated %s\n", (o.updateDir / (name + ".png")).c_str());
                }
                if (!o.compareDir.empty()) {
                    CaptureMeasure measure;
                    measure.deltaE = o.tolerance;
                    std::filesystem::path actual = o.outDir / (name + ".png");
                    writePng(actual, image);
                    CaptureOutcome c = checkAgainstGolden(name, image, actual, settings, measure, o.compareDir, golden, o.outDir);
                    const char* verdict = c.status == CaptureStatus::Passed ? "match; " : c.status == CaptureStatus::Failed ? "REGRESSION; " : "";
                    std::printf("%s: %s%s\n", name.c_str(), verdict, c.message.c_str());
                    if (isFailure(c.status)) ++failures;
                    checks.outcomes.push_back(c);
                } else if (o.updateDir.empty() || !explicitOut.empty()) {
                    std::filesystem::path path = explicitOut.empty() ? o.outDir / (name + ".png") : explicitOut;
                    writePng(path, image);
                    std::printf("%s\n", path.c_str());
                }
            };
            // One scene's missing asset or error does not stop the others; a lone scene's
            // exception ends the run below (exit 77 for a skip, 1 for an error).
            size_t skipped = 0;
            for (size_t i = 0; i < o.scenes.size(); ++i) {
                const auto& path = o.scenes[i];
                std::fprintf(stderr, "[%zu/%zu] %s\n", i + 1, o.scenes.size(), path.filename().c_str());
                try {
                    SceneFile file = loadSceneFile(path, sceneKindKeys);
                    if (o.sizeGiven) {
                        file.width = o.width;
                        file.height = o.height;
                    }
                    if (o.tier) file.quality = *o.tier;
                    if (o.time) file.seconds = *o.time;
                    build.seed = file.seed;
                    BuiltScene built = buildSceneFile(build, file);
                    ImageRgba8 image = captureBuiltScene(renderer, built, file.width, file.height, file.seconds);
                    handle(file.name, image, o.scenes.size() == 1 ? o.out : std::filesystem::path());
                } catch (const MissingAssetError& e) {
                    if (o.scenes.size() == 1) throw;
                    std::fprintf(stderr, "th-capture: skipped %s: %s\n", path.filename().c_str(), e.what());
                    ++skipped;
                } catch (const std::exception& e) {
                    if (o.scenes.size() == 1) throw;
                    std::fprintf(stderr, "th-capture: %s: %s\n", path.filename().c_str(), e.what());
                    ++failures;
                }
            }
            if (skipped > 0) std::fprintf(stderr, "th-capture: %zu of %zu scenes skipped (missing assets)\n", skipped, o.scenes.size());
            if (!o.gltf.empty()) {
                GltfSceneOptions g;
                g.model = o.gltf;
                g.environment = o.env;
                g.environmentIntensity = o.envIntensity;
                g.skyHour = o.skyHour;
                g.punctualLights = o.punctual;
                g.animation = o.animation;
                g.animationTime = o.time.value_or(0.0f);
                g.camera = o.camera;
                g.variant = o.variant;
                BuiltScene built = buildGltfScene(build, g);
                Scene& scene = *built.scene;
                Camera& camera = built.camera;
                scene.update();
                if (o.camera.empty()) {
                    camera.yfov = glm::radians(o.yfovDegrees);
                    camera.aspect = float(o.width) / float(o.height);
                    camera.frame(scene.bounds()); // buildGltfScene has checked that the bounds can be framed
                } else {
                    camera.aspect = float(o.width) / float(o.height); // the viewport's, as glTF viewers do
                }
                if (o.position) camera.position = *o.position;
                if (o.target) camera.target = *o.target;
                if (o.up) camera.up = *o.up;
                if (o.position && !scene.bounds().empty() && !camera.fitDepthRange(scene.bounds()))
                    throw Error(str("--camera-position: the model is too far from the camera for a float depth range"));
                if (o.nearPlane) camera.nearPlane = *o.nearPlane;
                if (o.farPlane) camera.farPlane = *o.farPlane;
                if (o.background) {
                    scene.post.clearColor = *o.background;
                    scene.environment.showAsBackground = false;
                }
                scene.post.toneMapping = o.tonemap;
                scene.post.exposure = o.exposure;
                scene.post.ev100 = o.ev100;
                renderer.options().msaaSamples = o.msaa.value_or(o.debugView == DebugView::None ? 4 : 1);
                renderer.options().fxaa = o.fxaa;
                if (o.bloom) {
                    scene.post.bloom.enabled = true;
                    scene.post.bloom.strength = *o.bloom;
                }
                if (o.ao) {
                    scene.post.ambientOcclusion.enabled = true;
                    scene.post.ambientOcclusion.strength = *o.ao;
                    if (o.aoRadius) scene.post.ambientOcclusion.radius = *o.aoRadius;
                }
                ImageRgba8 image = captureBuiltScene(renderer, built, o.width, o.height, 0.0);
                if (o.background) reportCoverage(image, *o.background, camera);
                handle(o.gltf.stem().string(), image, o.out);
            }
        }
        if (!o.compareDir.empty()) {
            std::filesystem::path report = o.report.empty() ? o.outDir / "report.html" : o.report;
            writeHtmlReport(report, checks);
            std::printf("report: %s\n", report.c_str());
        }
        return failures == 0 ? 0 : 1;
    } catch (const MissingAssetError& e) {
        // Exit 77: CTest's conventional "skipped" code (the shared samples are absent).
        std::fprintf(stderr, "th-capture: skipped: %s\n", e.what());
        return 77;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "th-capture: %s\n", e.what());
        return 1;
    }
}
