#include "CaptureOptions.h"

#include <cstdio>
#include <filesystem>

#include "common/CommandLine.h"
#include "common/SceneFile.h"
#include "core/Str.h"

namespace th {

const char* const kCaptureUsage = R"(usage:
  th-capture --scene FILE.json [--scene FILE2.json ...] [--out FILE.png | --out-dir DIR]
  th-capture --all [--out-dir DIR]
  th-capture --suite FILE.json [--out-dir DIR] [--jobs N] [--shard I/N [--timings SUMMARY.json]]
             [--timeout S] [--only PATTERN] [--junit FILE.xml] [--summary FILE.json]
  th-capture --merge-reports DIR [DIR ...] [--out-dir DIR] [--junit FILE.xml]
  th-capture --gltf FILE --out FILE.png [glTF options]
  ... [--compare GOLDEN_DIR [--report FILE.html] [--delta-e D] [--max-share S]] [--update GOLDEN_DIR]
  ... [--size WxH] [--allow-path DIR]
  th-capture --check-not-blank FILE.png [--region X,Y,W,H] [--min-share S] [--delta-e D]
  th-capture --gltf FILE --validate-only [--json]

Scene files: assets/scenes/*.json (see assets/scenes/README.md). --all captures every
shipped scene file. A scene file sets its own camera, lighting and tone mapping; the glTF
options below are errors with --scene (set the scene file's keys instead). --out names one
image, so it takes one capture; several go to --out-dir. Paths a scene file names stay inside
the scene file's folder (or the shared samples folder) unless --allow-path DIR trusts DIR.

glTF options (glTF world space: +Y up, right-handed; without a camera the view frames the
model's bounds):
  --size WxH                 output size (default 1280x720)
  --camera-position X,Y,Z    --camera-target X,Y,Z    --camera-up X,Y,Z
  --yfov DEGREES             vertical field of view (default 45, in (0, 180))
  --camera NAME|INDEX        look through a camera of the file (perspective or orthographic),
                             by name or index; --near/--far still apply, the rest do not
  --variant NAME             draw the model in a KHR_materials_variants variant (an unknown
                             name is an error listing the file's variants)
  --near N  --far F          clip planes (0 < N < F)
  --env FILE.hdr             equirectangular Radiance environment for image-based light
  --env-intensity K          environment multiplier (default 1, in [0, 10000])
  --sky HOUR                 the procedural sky at HOUR (0-24) instead of --env
  --no-punctual              ignore the model's KHR_lights_punctual lights (IBL only)
  --background R,G,B         flat background colour, sRGB 0-255 (not the environment)
  --tonemap none|aces|neutral|agx|agx-punchy
                             (none = clamp, then sRGB; neutral = Khronos PBR Neutral)
  --exposure E               exposure multiplier (default 1, in (0, 10000])
  --animation NAME|INDEX|all pose the model with a clip (all: every clip together)
  --time SECONDS             the time the clip is posed at (default 0, at least 0; needs --animation);
                             with --scene: the time the scene is captured at, over its "seconds"
  --tier low|medium|high     (--scene only) the quality tier, over the scene file's "quality"
  --ev100 EV                 camera exposure value at ISO 100, in [-10, 20]: scales by
                             1/(1.2*2^EV) on top of --exposure (lights are in lux and candela)
  --msaa N                   samples per pixel: 1 (off), 2, 4, 8 or 16; default 4 (as a WebGL
                             context), 1 with --debug-view; more than the context offers are
                             clamped, with a line saying so
  --fxaa                     FXAA 3.11 after tone mapping
  --bloom S                  energy-conserving bloom of strength S, in (0, 1]
  --ao S                     screen-space ambient occlusion (GTAO) of strength S, in (0, 4]
                             (the occlusion's exponent; 1 as measured)
  --ao-radius M              how far geometry occludes, in metres (default 1, in (0, 100];
                             needs --ao)
  --debug-view NAME          show one input of the frame instead of its light (scene files
                             and glTF): base-color, normal, roughness, metallic, occlusion,
                             emissive, overdraw, light-count (per cluster, a heat map),
                             cascade (the sun's shadow cascade), ao (raw ambient occlusion),
                             light-visits (red: lights the cluster lists, green: those
                             reaching the fragment, each count / 255)

Comparison: --compare DIR compares each capture with DIR/<name>.png using CIE dE76 per pixel
(--delta-e, default 3) and a maximum share of differing pixels (--max-share, default 0.002),
writes <name>.diff.png heat maps and an HTML report, and exits 1 on any regression or
missing golden. Goldens are made under the settings in DIR/settings.json (the limits
profile); --compare and --update apply them, so a plain shell compares like CTest does.
--update DIR writes the captures as the new goldens.

Suites: --suite FILE runs a capture suite (assets/scenes/README.md, "Capture suites"): scene
files and glTF models with their options, multiplied out over axes (api, limits, tiers,
times), each capture named from its entry and axes. --all is the shipped suite
(assets/shipped-suite.json). Each capture runs in a worker process of its own (--jobs N at a
time, default one per core; more than 64 are clamped with a line), killed after --timeout S
seconds (default 900): a crash or hang is that capture's failure, with its log beside it.
--shard I/N runs the I-th of N stable parts (by count, or balanced by the times in a
previous run's summary given with --timings; a corrupt one is ignored with a warning).
--only PATTERN (repeatable, a shell pattern) runs the captures whose names match. Every run
writes DIR/summary.json (or --summary FILE: per capture the status, measure and time),
DIR/report.html and, with --junit FILE, JUnit XML. --merge-reports DIR... joins the shards'
summaries (each DIR/summary.json) into one report, summary and JUnit file; shards of
different suites are refused. With --compare, goldens made under other settings (API, limits,
size) are refused naming the difference, and goldens no capture of the suite makes are
listed as stale. --update DIR writes the captures that failed or had no golden (with --only:
the named ones), never one that errored, and records each golden's settings.

Validation: --validate-only checks the glTF file as an import meets it and prints every
problem with a code, a severity and its JSON pointer (errors first; --json: the Khronos
glTF-Validator's report layout). No GL context is made; the exit status is 1 when there is
an error.

Blank check: --check-not-blank reads an image (a screenshot, say) and exits 1 unless at least
the share S (default 0.02) of the pixels in the region (default the whole image; W or H 0 runs
to the edge) differ by more than ΔE D (default 3) from the region's most common colour: a
cleared or black framebuffer fails. No GL context is made.
)";

namespace {

enum Mode : uint32_t { kScene = 1, kGltf = 2, kBlank = 4, kCompare = 8, kValidate = 16, kSuite = 32, kMerge = 64 };
constexpr uint32_t kCapture = kScene | kGltf;

const CommandLine& captureCommandLine() {
    static const CommandLine cl(
        "th-capture",
        {
            {"--help", false, kScene | kGltf | kBlank | kCompare | kSuite | kMerge},
            {"-h", false, kScene | kGltf | kBlank | kCompare | kSuite | kMerge},
            // The options that select a mode go with any other; each capture is its own.
            {"--scene", true, kCapture | kCompare, true},
            {"--all", false, kSuite | kCompare},
            {"--suite", true, kSuite | kCompare},
            {"--jobs", true, kSuite | kCompare},
            {"--shard", true, kSuite | kCompare},
            {"--timings", true, kSuite | kCompare},
            {"--timeout", true, kSuite | kCompare},
            {"--only", true, kSuite | kCompare, true},
            {"--junit", true, kSuite | kCompare | kMerge},
            {"--summary", true, kSuite | kCompare | kMerge},
            {"--merge-reports", true, kMerge},
            {"--tier", true, kScene | kCompare},
            {"--gltf", true, kCapture | kCompare | kValidate},
            {"--validate-only", false, kValidate},
            {"--json", false, kValidate},
            {"--out", true, kCapture | kCompare},
            {"--out-dir", true, kCapture | kCompare | kSuite | kMerge},
            {"--compare", true, kCapture | kCompare | kSuite},
            {"--update", true, kCapture | kCompare | kSuite},
            {"--report", true, kCapture | kCompare | kSuite | kMerge},
            {"--size", true, kCapture | kCompare | kSuite},
            {"--allow-path", true, kCapture | kCompare | kSuite, true},
            {"--camera-position", true, kGltf | kCompare},
            {"--camera-target", true, kGltf | kCompare},
            {"--camera-up", true, kGltf | kCompare},
            {"--yfov", true, kGltf | kCompare},
            {"--camera", true, kGltf | kCompare},
            {"--variant", true, kGltf | kCompare},
            {"--near", true, kGltf | kCompare},
            {"--far", true, kGltf | kCompare},
            {"--env", true, kGltf | kCompare},
            {"--env-intensity", true, kGltf | kCompare},
            {"--sky", true, kGltf | kCompare},
            {"--no-punctual", false, kGltf | kCompare},
            {"--background", true, kGltf | kCompare},
            {"--tonemap", true, kGltf | kCompare},
            {"--exposure", true, kGltf | kCompare},
            {"--animation", true, kGltf | kCompare},
            {"--time", true, kCapture | kCompare},
            {"--ev100", true, kGltf | kCompare},
            {"--msaa", true, kGltf | kCompare},
            {"--fxaa", false, kGltf | kCompare},
            {"--bloom", true, kGltf | kCompare},
            {"--ao", true, kGltf | kCompare},
            {"--ao-radius", true, kGltf | kCompare},
            {"--debug-view", true, kCapture},
            {"--delta-e", true, kCapture | kBlank | kCompare},
            {"--max-share", true, kCapture | kCompare},
            {"--check-not-blank", true, kBlank},
            {"--min-share", true, kBlank},
            {"--region", true, kBlank},
        },
        {"scene-file captures (--scene)", "--gltf captures", "--check-not-blank", "", "--validate-only",
         "suites (--suite, --all)", "--merge-reports"},
        true);
    return cl;
}

const NumberRange kCoordinate = NumberRange::closed(-1.0e9, 1.0e9);

// An input file named by an option, checked before any GL context is made so that a typo is a
// usage error naming the option rather than a load failure naming only the path.
std::string existingFile(const std::string& option, const std::string& value) {
    if (value.empty()) throw UsageError(str(option, " expects a file, got ''"));
    std::error_code ec;
    const auto status = std::filesystem::status(value, ec);
    if (!std::filesystem::exists(status)) throw UsageError(str(option, " '", value, "': no such file"));
    if (std::filesystem::is_directory(status)) throw UsageError(str(option, " '", value, "' is a directory, not a file"));
    return value;
}

} // namespace

CaptureOptions parseCaptureOptions(int argc, const char* const* argv) {
    const CommandLine& cl = captureCommandLine();
    std::vector<ParsedOption> parsed = cl.parse(argc, argv);
    CaptureOptions o;
    auto given = [&](std::string_view name) {
        for (auto& p : parsed)
            if (p.name == name) return true;
        return false;
    };
    if (given("--help") || given("-h")) {
        o.help = true;
        return o;
    }
    for (const ParsedOption& p : parsed) {
        const std::string& a = p.name;
        const std::string& v = p.value;
        auto number = [&](const NumberRange& range) { return float(parseNumberOption(a, v, range)); };
        if (a.empty()) {
            // Positional arguments are the further folders of --merge-reports DIR DIR ...
            if (o.mergeReports.empty()) throw UsageError(str("unexpected argument '", v, "' (options start with --)"));
            o.mergeReports.push_back(v);
        } else if (a == "--scene") o.scenes.push_back(v);
        else if (a == "--all") o.allScenes = true;
        else if (a == "--suite") o.suite = v;
        else if (a == "--jobs") o.jobs = int(parseIntegerOption(a, v, 1, 1000000));
        else if (a == "--shard") {
            char trailing = 0;
            if (std::sscanf(v.c_str(), "%d/%d%c", &o.shardIndex, &o.shardCount, &trailing) != 2 || o.shardCount < 1 ||
                o.shardCount > 100000 || o.shardIndex < 1 || o.shardIndex > o.shardCount)
                throw UsageError(str("--shard expects I/N with 1 <= I <= N (the I-th of N parts), got '", v, "'"));
        } else if (a == "--timings") o.timings = v;
        else if (a == "--timeout") o.timeoutSeconds = parseNumberOption(a, v, NumberRange::above(0.0, 86400.0));
        else if (a == "--only") {
            if (v.empty()) throw UsageError("--only expects a capture name or a shell pattern, got ''");
            o.only.push_back(v);
        } else if (a == "--junit") o.junit = v;
        else if (a == "--summary") o.summary = v;
        else if (a == "--merge-reports") o.mergeReports.push_back(v);
        else if (a == "--tier") {
            try {
                o.tier = parseQualityTier(v);
            } catch (const Error& e) {
                throw UsageError(str("--tier: ", e.message()));
            }
        }
        else if (a == "--gltf") o.gltf = v;
        else if (a == "--out") o.out = v;
        else if (a == "--out-dir") o.outDir = v;
        else if (a == "--compare") o.compareDir = v;
        else if (a == "--update") o.updateDir = v;
        else if (a == "--report") o.report = v;
        else if (a == "--allow-path") o.trustedFolders.push_back(v);
        else if (a == "--validate-only") o.validateOnly = true;
        else if (a == "--json") o.json = true;
        else if (a == "--size") {
            char trailing = 0;
            if (std::sscanf(v.c_str(), "%dx%d%c", &o.width, &o.height, &trailing) != 2 || o.width < 1 || o.height < 1 ||
                o.width > 8192 || o.height > 8192)
                throw UsageError(str("--size expects WxH (1 to 8192), got '", v, "'"));
            o.sizeGiven = true;
        } else if (a == "--camera-position") o.position = parseVec3Option(a, v, kCoordinate);
        else if (a == "--camera-target") o.target = parseVec3Option(a, v, kCoordinate);
        else if (a == "--camera-up") o.up = parseVec3Option(a, v, kCoordinate);
        else if (a == "--yfov") o.yfovDegrees = number(NumberRange::open(0.0, 180.0));
        else if (a == "--camera") {
            if (v.empty()) throw UsageError("--camera expects a camera name or index of the file, got ''");
            o.camera = v;
        }
        else if (a == "--variant") {
            if (v.empty()) throw UsageError("--variant expects a material variant name of the file, got ''");
            o.variant = v;
        }
        else if (a == "--near") o.nearPlane = number(NumberRange::above(0.0, 1.0e9));
        else if (a == "--far") o.farPlane = number(NumberRange::above(0.0, 1.0e9));
        else if (a == "--env") o.env = existingFile(a, v);
        else if (a == "--env-intensity") o.envIntensity = number(NumberRange::closed(0.0, 1.0e4));
        else if (a == "--sky") o.skyHour = number(NumberRange::closed(0.0, 24.0));
        else if (a == "--no-punctual") o.punctual = false;
        else if (a == "--background") o.background = parseVec3Option(a, v, NumberRange::closed(0.0, 255.0)) / 255.0f;
        else if (a == "--tonemap") {
            try {
                o.tonemap = parseToneMapping(v);
            } catch (const Error& e) {
                throw UsageError(str("--tonemap: ", e.message()));
            }
        } else if (a == "--exposure") o.exposure = number(NumberRange::above(0.0, 1.0e4));
        else if (a == "--animation") {
            if (v.empty()) throw UsageError("--animation expects a clip name, an index or 'all', got ''");
            o.animation = v;
        } else if (a == "--time") o.time = number(NumberRange::closed(0.0, 1.0e6));
        else if (a == "--ev100") o.ev100 = number(kEv100Range);
        else if (a == "--msaa") {
            int samples = int(number(NumberRange::closed(1.0, 16.0)));
            o.msaa = samples;
            if (float(samples) != number(NumberRange::closed(1.0, 16.0)) || (samples & (samples - 1)))
                throw UsageError(str("--msaa expects 1, 2, 4, 8 or 16 samples, got '", v, "'"));
        } else if (a == "--fxaa") o.fxaa = true;
        else if (a == "--bloom") o.bloom = number(NumberRange::above(0.0, 1.0));
        else if (a == "--ao") o.ao = number(kAoStrengthRange);
        else if (a == "--ao-radius") o.aoRadius = number(kAoRadiusRange);
        else if (a == "--debug-view") {
            try {
                o.debugView = parseDebugView(v);
            } catch (const Error& e) {
                throw UsageError(str("--debug-view: ", e.message()));
            }
            if (o.debugView == DebugView::None) throw UsageError("--debug-view none shows the frame: leave the option out");
        }
        else if (a == "--delta-e") o.tolerance.deltaE = number(NumberRange::closed(0.0, 1000.0));
        else if (a == "--max-share") o.tolerance.maxDifferingShare = number(NumberRange::closed(0.0, 1.0));
        else if (a == "--check-not-blank") o.checkNotBlank = v;
        else if (a == "--min-share") o.minShare = number(NumberRange::closed(0.0, 1.0));
        else if (a == "--region") {
            char trailing = 0;
            ImageRegion& r = o.region;
            if (std::sscanf(v.c_str(), "%d,%d,%d,%d%c", &r.x, &r.y, &r.width, &r.height, &trailing) != 4 || r.x < 0 ||
                r.y < 0 || r.width < 0 || r.height < 0)
                throw UsageError(str("--region expects X,Y,W,H in pixels, got '", v, "'"));
        }
    }

    uint32_t modes = 0;
    if (!o.scenes.empty()) modes |= kScene;
    if (!o.suite.empty() || o.allScenes) modes |= kSuite;
    if (!o.mergeReports.empty()) modes |= kMerge;
    if (!o.gltf.empty()) modes |= kGltf;
    if (!o.checkNotBlank.empty()) modes |= kBlank;
    if (!o.compareDir.empty()) modes |= kCompare;
    if (o.validateOnly) {
        if (o.gltf.empty()) throw UsageError("--validate-only checks a glTF file: give --gltf FILE");
        modes = (modes & ~kGltf) | kValidate; // nothing is captured: the capture options do not apply
        cl.checkModes(parsed, modes);
        return o;
    }
    if ((modes & kBlank) && (modes & kCapture)) throw UsageError("--check-not-blank reads an image; it captures nothing");
    if (modes == 0 || modes == kCompare) throw UsageError("nothing to capture: give --scene, --all, --suite or --gltf");
    if (!o.suite.empty() && o.allScenes) throw UsageError("--all is the shipped suite: give --all or --suite FILE, not both");
    if (modes & (kSuite | kMerge)) {
        cl.checkModes(parsed, modes);
        if (!o.timings.empty() && o.shardCount == 0) throw UsageError("--timings balances shards: give --shard I/N");
        return o;
    }
    // Options that qualify a comparison mean nothing without one.
    for (const char* name : {"--report", "--max-share"})
        if (given(name) && !(modes & kCompare)) throw UsageError(str(name, " applies to --compare, which is not given"));
    if (given("--delta-e") && !(modes & (kCompare | kBlank)))
        throw UsageError("--delta-e applies to --compare or --check-not-blank, neither of which is given");
    cl.checkModes(parsed, modes);
    if (modes & kBlank) return o;

    size_t captures = o.scenes.size() + (o.gltf.empty() ? 0 : 1);
    if (!o.out.empty() && captures > 1)
        throw UsageError(str("--out names one image, but ", captures, " captures are asked for",
                             "; give --out-dir DIR instead"));
    if (!o.gltf.empty() && o.out.empty() && o.compareDir.empty() && o.updateDir.empty())
        throw UsageError("--gltf needs --out FILE.png");
    if (given("--out-dir") && !o.out.empty() && o.compareDir.empty())
        throw UsageError("--out-dir has no effect: the one capture goes to --out and nothing is compared");
    if (o.time && o.animation.empty() && !o.gltf.empty()) throw UsageError("--time needs --animation NAME|INDEX|all");
    if (o.aoRadius && !o.ao) throw UsageError("--ao-radius needs --ao STRENGTH, which turns ambient occlusion on");
    if (!o.camera.empty())
        for (const char* name : {"--camera-position", "--camera-target", "--camera-up", "--yfov"})
            if (given(name))
                throw UsageError(str(name, " does not apply with --camera, which looks through the file's camera"));
    if (o.nearPlane && o.farPlane && !(*o.farPlane > *o.nearPlane))
        throw UsageError(str("--far ", *o.farPlane, " must be greater than --near ", *o.nearPlane));
    if (o.position && o.target && glm::length(*o.target - *o.position) < 1e-6f)
        throw UsageError("--camera-position and --camera-target are the same point: the camera has no direction");
    if (o.up) {
        if (glm::length(*o.up) < 1e-6f) throw UsageError("--camera-up is a zero vector: the camera has no up direction");
        if (o.position && o.target) {
            glm::vec3 forward = glm::normalize(*o.target - *o.position);
            if (glm::length(glm::cross(forward, glm::normalize(*o.up))) < 1e-4f)
                throw UsageError("--camera-up is parallel to the view direction: the camera's roll is undefined");
        }
    }
    return o;
}

} // namespace th
