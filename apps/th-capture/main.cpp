// th-capture: renders scene files or a glTF model headless to PNG, deterministically, and
// compares captures with golden images. See `th-capture --help`.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "assets/ImageLoader.h"
#include "common/AppPaths.h"
#include "common/Capture.h"
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

const char* kUsage = R"(usage:
  th-capture --scene FILE.json [--out FILE.png]
  th-capture --all [--out-dir DIR]
  th-capture --gltf FILE --out FILE.png [glTF options]
  ... [--compare GOLDEN_DIR [--report FILE.html]] [--update GOLDEN_DIR]
  th-capture --check-not-blank FILE.png [--region X,Y,W,H] [--min-share S] [--delta-e D]

Scene files: assets/scenes/*.json (see assets/scenes/README.md). --all captures every
shipped scene file.

glTF options (glTF world space: +Y up, right-handed; without a camera the view frames the
model's bounds):
  --size WxH                 output size (default 1280x720)
  --camera-position X,Y,Z    --camera-target X,Y,Z    --camera-up X,Y,Z
  --yfov DEGREES             vertical field of view (default 45)
  --near N  --far F          clip planes
  --env FILE.hdr             equirectangular Radiance environment for image-based light
  --env-intensity K          environment multiplier (default 1)
  --sky HOUR                 the procedural sky at HOUR (0-24) instead of --env
  --no-punctual              ignore the model's KHR_lights_punctual lights (IBL only)
  --background R,G,B         flat background colour, sRGB 0-255 (not the environment)
  --tonemap none|aces|neutral  (none = clamp, then sRGB; neutral = Khronos PBR Neutral)
  --exposure E               exposure multiplier (default 1)
  --animation NAME|INDEX|all pose the model with a clip (all: every clip together)
  --time SECONDS             the time the clip is posed at (default 0)

Comparison: --compare DIR compares each capture with DIR/<name>.png using CIE dE76 per pixel
(--delta-e, default 3) and a maximum share of differing pixels (--max-share, default 0.002),
writes <name>.diff.png heat maps and an HTML report, and exits 1 on any regression or
missing golden. --update DIR writes the captures as the new goldens.

Blank check: --check-not-blank reads an image (a screenshot, say) and exits 1 unless at least
the share S (default 0.02) of the pixels in the region (default the whole image; W or H 0 runs
to the edge) differ by more than ΔE D (default 3) from the region's most common colour: a
cleared or black framebuffer fails. No GL context is made.
)";

[[noreturn]] void usageError(const std::string& message) {
    std::fprintf(stderr, "th-capture: %s\n(see th-capture --help)\n", message.c_str());
    std::exit(2);
}

/// The whole of `text` as a finite number ("2x" or "1e99" is a usage error, not 2 or inf).
float parseNumber(const std::string& option, std::string_view text) {
    std::string s(text);
    size_t used = 0;
    float v = 0.0f;
    try {
        v = std::stof(s, &used);
    } catch (...) {
        used = 0;
    }
    if (s.empty() || used != s.size() || !std::isfinite(v)) usageError(str(option, ": '", s, "' is not a number"));
    return v;
}

glm::vec3 parseTriple(const std::string& option, const std::string& value) {
    std::vector<std::string_view> parts = split(value, ',');
    if (parts.size() != 3) usageError(str(option, " expects X,Y,Z, got '", value, "'"));
    glm::vec3 v;
    for (int i = 0; i < 3; ++i) v[i] = parseNumber(option, parts[size_t(i)]);
    return v;
}

struct Options {
    std::vector<std::filesystem::path> scenes;
    std::filesystem::path gltf;
    std::filesystem::path out, outDir = "captures";
    std::filesystem::path compareDir, updateDir, report;
    int width = 1280, height = 720;
    bool sizeGiven = false;
    std::optional<glm::vec3> position, target, up, background;
    float yfovDegrees = 45.0f;
    std::optional<float> nearPlane, farPlane, skyHour;
    std::filesystem::path env;
    float envIntensity = 1.0f;
    bool punctual = true;
    ToneMapping tonemap = ToneMapping::PbrNeutral;
    float exposure = 1.0f;
    CompareTolerance tolerance;
    std::filesystem::path checkNotBlank;
    ImageRegion region;
    double minShare = 0.02;
    std::string animation;
    std::optional<float> time;
};

Options parse(int argc, char** argv) {
    Options o;
    auto value = [&](int& i) -> std::string {
        if (i + 1 >= argc) usageError(str(argv[i], " needs a value"));
        return argv[++i];
    };
    auto number = [&](int& i) {
        std::string option = argv[i];
        return parseNumber(option, value(i));
    };
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--help" || a == "-h") {
            std::fputs(kUsage, stdout);
            std::exit(0);
        } else if (a == "--scene") o.scenes.push_back(value(i));
        else if (a == "--all") {
            auto all = shippedSceneFiles(assetsDirectory());
            if (all.empty()) usageError(str("no scene files in ", (assetsDirectory() / "scenes").string()));
            o.scenes.insert(o.scenes.end(), all.begin(), all.end());
        } else if (a == "--gltf") o.gltf = value(i);
        else if (a == "--out") o.out = value(i);
        else if (a == "--out-dir") o.outDir = value(i);
        else if (a == "--compare") o.compareDir = value(i);
        else if (a == "--update") o.updateDir = value(i);
        else if (a == "--report") o.report = value(i);
        else if (a == "--size") {
            std::string v = value(i);
            char trailing = 0;
            if (std::sscanf(v.c_str(), "%dx%d%c", &o.width, &o.height, &trailing) != 2 || o.width < 1 || o.height < 1 ||
                o.width > 8192 || o.height > 8192)
                usageError(str("--size expects WxH (1 to 8192), got '", v, "'"));
            o.sizeGiven = true;
        } else if (a == "--camera-position") o.position = parseTriple(a, value(i));
        else if (a == "--camera-target") o.target = parseTriple(a, value(i));
        else if (a == "--camera-up") o.up = parseTriple(a, value(i));
        else if (a == "--yfov") o.yfovDegrees = number(i);
        else if (a == "--near") o.nearPlane = number(i);
        else if (a == "--far") o.farPlane = number(i);
        else if (a == "--env") o.env = value(i);
        else if (a == "--env-intensity") o.envIntensity = number(i);
        else if (a == "--sky") o.skyHour = number(i);
        else if (a == "--no-punctual") o.punctual = false;
        else if (a == "--background") o.background = parseTriple(a, value(i)) / 255.0f;
        else if (a == "--tonemap") {
            try {
                o.tonemap = parseToneMapping(value(i));
            } catch (const Error& e) {
                usageError(e.what());
            }
        } else if (a == "--exposure") o.exposure = number(i);
        else if (a == "--animation") o.animation = value(i);
        else if (a == "--time") o.time = number(i);
        else if (a == "--delta-e") o.tolerance.deltaE = number(i);
        else if (a == "--max-share") o.tolerance.maxDifferingShare = number(i);
        else if (a == "--check-not-blank") o.checkNotBlank = value(i);
        else if (a == "--min-share") o.minShare = number(i);
        else if (a == "--region") {
            std::string v = value(i);
            char trailing = 0;
            ImageRegion& r = o.region;
            if (std::sscanf(v.c_str(), "%d,%d,%d,%d%c", &r.x, &r.y, &r.width, &r.height, &trailing) != 4 || r.x < 0 ||
                r.y < 0 || r.width < 0 || r.height < 0)
                usageError(str("--region expects X,Y,W,H in pixels, got '", v, "'"));
        }
        else usageError(str("unknown option '", a, "'"));
    }
    if (!o.checkNotBlank.empty()) {
        if (!o.scenes.empty() || !o.gltf.empty()) usageError("--check-not-blank reads an image; it captures nothing");
        return o;
    }
    if (o.scenes.empty() && o.gltf.empty()) usageError("nothing to capture: give --scene, --all or --gltf");
    if (!o.gltf.empty() && o.out.empty() && o.compareDir.empty() && o.updateDir.empty()) usageError("--gltf needs --out FILE.png");
    if (o.time && o.animation.empty()) usageError("--time needs --animation NAME|INDEX|all");
    if (!o.animation.empty() && o.gltf.empty()) usageError("--animation poses a --gltf model (scene files take \"animation\" in params)");
    return o;
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

int main(int argc, char** argv) {
    Options o = parse(argc, argv);
    if (!o.checkNotBlank.empty()) return checkNotBlank(o);
    try {
        ContextDesc desc;
        desc.kind = ContextKind::Headless;
        desc.width = o.width;
        desc.height = o.height;
        auto context = createContext(desc);
        std::vector<GoldenCheck> checks;
        int failures = 0;
        {
            RendererOptions ro;
            Renderer renderer(*context, ro);
            SceneBuildContext build{renderer, assetsDirectory(), sharedDirectory(), 1};
            auto handle = [&](const std::string& name, const ImageRgba8& image, const std::filesystem::path& explicitOut) {
                if (!o.updateDir.empty()) {
                    writePng(o.updateDir / (name + ".png"), image);
                    std::printf("updated %s\n", (o.updateDir / (name + ".png")).c_str());
                }
                if (!o.compareDir.empty()) {
                    GoldenCheck c = checkAgainstGolden(name, image, o.compareDir, o.outDir, o.tolerance);
                    std::printf("%s: %s\n", name.c_str(),
                                c.goldenMissing ? str("golden missing (", c.goldenPath.string(), ")").c_str()
                                                : str(c.comparison.passed ? "match; " : "REGRESSION; ", c.comparison.summary()).c_str());
                    if (!c.passed()) ++failures;
                    checks.push_back(c);
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
                BuiltScene built = buildGltfScene(build, g);
                Scene& scene = *built.scene;
                Camera& camera = built.camera;
                camera.yfov = glm::radians(o.yfovDegrees);
                camera.aspect = float(o.width) / float(o.height);
                scene.update();
                camera.frame(scene.bounds());
                if (o.position) camera.position = *o.position;
                if (o.target) camera.target = *o.target;
                if (o.up) camera.up = *o.up;
                if (o.position) camera.fitDepthRange(scene.bounds());
                if (o.nearPlane) camera.nearPlane = *o.nearPlane;
                if (o.farPlane) camera.farPlane = *o.farPlane;
                if (o.background) {
                    scene.post.clearColor = *o.background;
                    scene.environment.showAsBackground = false;
                }
                scene.post.toneMapping = o.tonemap;
                scene.post.exposure = o.exposure;
                ImageRgba8 image = captureBuiltScene(renderer, built, o.width, o.height, 0.0);
                if (o.background) reportCoverage(image, *o.background, camera);
                handle(o.gltf.stem().string(), image, o.out);
            }
        }
        if (!o.compareDir.empty()) {
            std::filesystem::path report = o.report.empty() ? o.outDir / "report.html" : o.report;
            writeComparisonReport(report, checks);
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
