// bench-lights: renders the light-stress scene (apps/common/scenes/LightStressScene.h, the
// figures of assets/scenes/light-stress.json) headless at 1280×720 for N = 1, 16, 64, 256 and
// 1024 spot lights and prints, per N: median and p90 frame time (glFinish closes each
// frame), the CPU time of the cluster build, draw calls, and the uniform blocks and samplers
// of the floor's effect (they must not grow with N). The clusters are rebinned every frame,
// as a moving camera needs; the last table measures what skipping the rebinning saves when
// nothing moved ("static lights"). Then what shadows of local lights cost: the scene at 16
// lights with none shadowed, 4 spot lights, 4 point lights (cube maps: six faces each), and
// both with the high tier's Poisson filter instead of 3×3 PCF (frame time and shadow pass).
// Then, from one frame in the light-visits debug view, the lights a lit pixel's cluster lists
// against those that reach it: the work the clusters let through that a finer grid (--grid)
// could spare.
//
// Columns: median/p90 wall time per frame; process cpu = CPU ms of all the process's threads
// per frame (llvmpipe rasterises on them; steadier than wall time on a shared machine);
// cluster ms = CPU time binning; render ms = CPU time inside Renderer::render.
//
// Usage: bench-lights [--frames N] [--warmup N] [--counts 1,16,64,256,1024] [--size WxH]
//                     [--png DIR] [--shaders DIR (shader variants, for A/B runs)]
//                     [--grid 32x18x32 (cluster tiles across, down, depth slices)]
//                     [--breakdown (then, per N, each pass's and the costliest draws' time)]
//                     [--no-shadow-costs (skip the local-light shadow table)]
//                     [--generic-lighting (one program whatever lights the frame: the
//                      RendererOptions::specializeLighting = false side of an A/B run)]
// ES 3.0 by default; TRAILHEAD_GL_API=gl33 switches to OpenGL 3.3 core.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "common/AppPaths.h"
#include "common/BenchFrames.h"
#include "common/BreakdownReport.h"
#include "common/scenes/LightStressScene.h"
#include "core/Error.h"
#include "core/Log.h"
#include "gl/GlApi.h"
#include "gl/Readback.h"
#include "render/LightClusters.h"

namespace {

using namespace th;
using namespace th::bench;

struct Options {
    int frames = 20;
    int warmup = 3;
    std::vector<int> counts = {1, 16, 64, 256, 1024};
    int width = LightStressFigures::kWidth, height = LightStressFigures::kHeight;
    std::filesystem::path pngDirectory;
    std::filesystem::path shaderDirectory;
    ClusterSettings clusters;
    bool breakdown = false;
    bool shadowCosts = true;
    bool specializeLighting = true;
};

Options parse(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) throw Error(str("bench-lights: ", a, " needs a value"));
            return argv[++i];
        };
        if (a == "--frames") o.frames = std::max(1, std::atoi(value().c_str()));
        else if (a == "--warmup") o.warmup = std::max(0, std::atoi(value().c_str()));
        else if (a == "--counts") {
            o.counts.clear();
            std::string list = value();
            for (size_t p = 0; p < list.size();) {
                size_t comma = list.find(',', p);
                o.counts.push_back(std::max(0, std::atoi(list.substr(p, comma - p).c_str())));
                p = comma == std::string::npos ? list.size() : comma + 1;
            }
        } else if (a == "--size") {
            std::string s = value();
            if (std::sscanf(s.c_str(), "%dx%d", &o.width, &o.height) != 2 || o.width < 1 || o.height < 1)
                throw Error(str("bench-lights: --size wants WxH, got '", s, "'"));
        } else if (a == "--png") o.pngDirectory = value();
        else if (a == "--shaders") o.shaderDirectory = value();
        else if (a == "--breakdown")
            o.breakdown = true;
        else if (a == "--no-shadow-costs")
            o.shadowCosts = false;
        else if (a == "--generic-lighting")
            o.specializeLighting = false;
        else if (a == "--grid") {
            std::string g = value();
            if (std::sscanf(g.c_str(), "%dx%dx%d", &o.clusters.tilesX, &o.clusters.tilesY, &o.clusters.slices) != 3)
                throw Error(str("bench-lights: --grid wants TILESxTILESxSLICES, got '", g, "'"));
        } else
            throw Error(str("bench-lights: unknown option '", a,
                            "' (--frames, --warmup, --counts, --size, --png, --shaders, --grid, --breakdown, --no-shadow-costs, "
                            "--generic-lighting)"));
    }
    return o;
}

/// The scene's point and spot lights as the renderer hands them to the clusters.
std::vector<ClusterLight> clusterLights(const Scene& scene, const Camera& camera) {
    std::vector<ClusterLight> out;
    glm::mat4 view = camera.view();
    for (size_t i = 0; i < scene.lights.size(); ++i) {
        const Light& l = scene.lights[i];
        ClusterLight c;
        c.position = glm::vec3(view * glm::vec4(l.position, 1.0f));
        c.direction = glm::normalize(glm::mat3(view) * l.direction);
        c.range = l.range;
        c.spot = l.type == LightType::Spot;
        c.outerConeAngle = c.spot ? l.outerConeAngle : 3.14159265f;
        c.index = uint32_t(i);
        out.push_back(c);
    }
    return out;
}

struct Row {
    int lights = 0;
    double medianMs = 0, p90Ms = 0, clusterMs = 0, cpuMs = 0, processMs = 0;
    uint32_t drawCalls = 0;
    size_t blocks = 0, samplers = 0;
    size_t entries = 0;
    int maxPerCluster = 0, occupied = 0;
    double rebinMs = 0, unchangedMs = 0, sphereOnlyEntries = 0;
    // Per lit pixel (one that visits a local light at all): lights its cluster lists against
    // lights that reach it, from the light-visits debug view.
    double visitedPerPixel = 0, reachingPerPixel = 0;
    int maxVisited = 0;
    BreakdownReport breakdown;
};

/// One frame in the light-visits debug view, read back: each pixel's red is the local lights
/// its cluster lists, green those that reach it.
void measureLightVisits(Renderer& renderer, Scene& scene, const Camera& camera, RenderTarget& output, Row& row) {
    const DebugView before = renderer.options().debugView;
    renderer.options().debugView = DebugView::LightVisits;
    renderer.prepare(scene, camera, output); // its programs, compiled before the frame needs them
    renderer.render(scene, camera, output, 0.0);
    renderer.options().debugView = before;
    ImageRgba8 image = readPixels(output.framebufferId(), 0, 0, output.width(), output.height());
    double visited = 0, reaching = 0;
    size_t pixels = 0;
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x) {
            std::array<uint8_t, 4> p = image.rgba(x, y);
            if (p[0] == 0) continue;
            visited += p[0];
            reaching += p[1];
            row.maxVisited = std::max(row.maxVisited, int(p[0]));
            ++pixels;
        }
    row.visitedPerPixel = pixels ? visited / double(pixels) : 0.0;
    row.reachingPerPixel = pixels ? reaching / double(pixels) : 0.0;
}

Row run(Context& context, const Options& o, int lightCount) {
    RendererOptions options;
    options.programCacheDirectory.clear();
    options.shaderDirectory = o.shaderDirectory;
    options.clusters = o.clusters;
    options.clusters.reuseUnchanged = false; // rebin every frame: the moving-camera cost
    options.specializeLighting = o.specializeLighting;
    Renderer renderer(context, options);
    SceneBuildContext build{renderer, assetsDirectory(), sharedDirectory(), 1};
    BuiltScene built = buildLightStressScene(build, lightCount);
    Scene& scene = *built.scene;
    Camera camera = built.camera;
    RenderTarget output(o.width, o.height, TextureFormat::RGBA8, "bench-lights");
    renderer.prepare(scene, camera, output);

    Row row;
    row.lights = lightCount;
    std::vector<double> clusterMs, cpuMs;
    FrameTimes times = timeFrames(
        o.warmup, o.frames, [&](int f) { renderer.render(scene, camera, output, double(f) / 60.0); },
        [&] {
            clusterMs.push_back(renderer.stats().clusterBuildMs);
            cpuMs.push_back(renderer.stats().cpuMs);
        });
    row.medianMs = median(times.wallMs);
    row.p90Ms = percentile(times.wallMs, 0.9);
    row.clusterMs = median(clusterMs);
    row.cpuMs = median(cpuMs);
    row.processMs = median(times.processMs);
    row.drawCalls = renderer.stats().mainDrawCalls;
    const LightClusters::Stats& cs = renderer.lightClusters().stats();
    row.entries = cs.entries;
    row.maxPerCluster = cs.maxPerCluster;
    row.occupied = cs.occupiedClusters;
    // The last timed frame, before the light-visits view draws over it.
    if (!o.pngDirectory.empty()) {
        std::filesystem::create_directories(o.pngDirectory);
        writePng(o.pngDirectory / str("light-stress-", lightCount, ".png"),
                 readPixels(output.framebufferId(), 0, 0, o.width, o.height));
    }
    // After the timed frames, so they run as a user's would.
    measureLightVisits(renderer, scene, camera, output, row);
    if (o.breakdown)
        row.breakdown.measure(renderer, 5, [&](int f) { renderer.render(scene, camera, output, double(f) / 60.0); });

    // The floor's effect: what its program declares and uses.
    Node* floor = scene.root().find("floor");
    if (floor && floor->mesh) {
        Material& material = *floor->mesh->parts()[0].material;
        auto effect = renderer.effects().get(renderer.effectRequest(material, floor->mesh->drawInfo()));
        renderer.effects().finishAll();
        if (effect->ready()) {
            row.blocks = effect->program().activeUniformBlocks().size();
            row.samplers = effect->program().activeSamplers().size();
        }
    }

    // Static lights: rebinning from scratch against finding that nothing changed (CPU only,
    // the same lights and view as the renderer's).
    Camera c = camera;
    c.aspect = float(o.width) / float(o.height);
    std::vector<ClusterLight> lights = clusterLights(scene, c);
    ClusterView view{c.projection(), c.nearPlane, c.farPlane};
    ClusterSettings rebinEveryTime = o.clusters;
    rebinEveryTime.reuseUnchanged = false;
    LightClusters rebin(rebinEveryTime), reuse(o.clusters);
    std::vector<double> rebinMs, reuseMs;
    reuse.build(lights, view);
    for (int i = 0; i < 10; ++i) {
        rebin.build(lights, view);
        rebinMs.push_back(rebin.stats().buildMs);
        reuse.build(lights, view);
        reuseMs.push_back(reuse.stats().buildMs);
    }
    row.rebinMs = median(rebinMs);
    row.unchangedMs = median(reuseMs);
    ClusterSettings sphereOnly = o.clusters;
    sphereOnly.coneTest = false;
    LightClusters loose(sphereOnly);
    loose.build(lights, view);
    row.sphereOnlyEntries = double(loose.stats().entries);

    return row;
}

/// One row of the local-light shadow table.
struct ShadowVariant {
    const char* name;
    int shadowed;         ///< lights that cast shadows (the first ones of the grid)
    bool point;           ///< those become point lights
    ShadowFilter filter;
};

struct ShadowRow {
    double medianMs = 0, shadowPassMs = 0;
    uint32_t shadowDraws = 0;
};

ShadowRow shadowRun(Context& context, const Options& o, int lightCount, const ShadowVariant& v) {
    RendererOptions options;
    options.programCacheDirectory.clear();
    options.shaderDirectory = o.shaderDirectory;
    options.clusters = o.clusters;
    options.shadows.filter = v.filter;
    options.specializeLighting = o.specializeLighting;
    Renderer renderer(context, options);
    SceneBuildContext build{renderer, assetsDirectory(), sharedDirectory(), 1};
    BuiltScene built = buildLightStressScene(build, lightCount);
    Scene& scene = *built.scene;
    // The spheres cast (the scene itself casts nothing: its lights have no shadows).
    if (v.shadowed > 0)
        for (const auto& child : scene.root().children())
            if (child->mesh && child->name() != "floor") child->mesh->castShadows = true;
    for (int i = 0; i < v.shadowed && i < int(scene.lights.size()); ++i) {
        Light& l = scene.lights[size_t(i)];
        l.castShadows = true;
        if (v.point) l.type = LightType::Point;
    }
    Camera camera = built.camera;
    RenderTarget output(o.width, o.height, TextureFormat::RGBA8, "bench-lights");
    renderer.prepare(scene, camera, output);
    ShadowRow row;
    FrameTimes times = timeFrames(o.warmup, o.frames, [&](int f) { renderer.render(scene, camera, output, double(f) / 60.0); });
    row.medianMs = median(times.wallMs);
    row.shadowDraws = renderer.stats().shadowDrawCalls;
    // The shadow pass alone, each pass finished on its own (a few frames: it slows them).
    renderer.options().breakdown = Breakdown::Passes;
    std::vector<double> shadowMs;
    for (int f = 0; f < 5; ++f) {
        renderer.render(scene, camera, output, double(f) / 60.0);
        shadowMs.push_back(renderer.stats().breakdown.passMs[size_t(FramePass::Shadow)]);
    }
    row.shadowPassMs = median(shadowMs);
    if (!o.pngDirectory.empty())
        writePng(o.pngDirectory / str("light-stress-shadows-", v.point ? "point" : "spot", "-", v.shadowed, "-",
                                      toString(v.filter), ".png"),
                 readPixels(output.framebufferId(), 0, 0, o.width, o.height));
    return row;
}

} // namespace

int main(int argc, char** argv) {
    try {
        Options o = parse(argc, argv);
        Log::setMinimumLevel(LogLevel::Warning);
        ContextDesc desc;
        desc.kind = ContextKind::Headless;
        desc.width = o.width;
        desc.height = o.height;
        desc.debug = false;
        desc.limitsProfile = LimitsProfile::WebGL2;
        auto context = createContext(desc);
        const ContextInfo& info = context->info();
        std::printf("bench-lights: light-stress at %dx%d, %d frames after %d warm-up, glFinish per frame\n", o.width, o.height,
                    o.frames, o.warmup);
        std::printf("GL: %s | %s | %s\n", info.renderer.c_str(), info.version.c_str(), toString(info.api));
        std::printf("\n%7s %10s %10s %13s %11s %10s %6s %7s %9s %10s %9s\n", "lights", "median ms", "p90 ms",
                    "process cpu", "cluster ms", "render ms", "draws", "blocks", "samplers", "entries", "max/clst");
        std::vector<Row> rows;
        for (int n : o.counts) {
            Row r = run(*context, o, n);
            rows.push_back(r);
            std::printf("%7d %10.2f %10.2f %13.1f %11.3f %10.2f %6u %7zu %9zu %10zu %9d\n", r.lights, r.medianMs, r.p90Ms,
                        r.processMs, r.clusterMs, r.cpuMs, r.drawCalls, r.blocks, r.samplers, r.entries, r.maxPerCluster);
            std::fflush(stdout);
        }
        std::printf("\nclusters: %dx%d tiles x %d slices; entries = light indices over all clusters\n", o.clusters.tilesX,
                    o.clusters.tilesY, o.clusters.slices);
        std::printf("%7s %14s %16s %14s %18s %16s\n", "lights", "rebin ms", "unchanged ms", "entries", "sphere-only entries",
                    "lights/occupied");
        for (const Row& r : rows)
            std::printf("%7d %14.3f %16.4f %14zu %18.0f %16.1f\n", r.lights, r.rebinMs, r.unchangedMs, r.entries, r.sphereOnlyEntries,
                        r.occupied > 0 ? double(r.entries) / double(r.occupied) : 0.0);
        std::printf("\nper lit pixel (one whose cluster lists a local light): lights visited (listed in its cluster)\n"
                    "against lights reaching it (in range, cone and mask); 255 or more visited reads 255\n");
        std::printf("%7s %14s %14s %16s %13s\n", "lights", "visited", "reaching", "visited/reaching", "max visited");
        for (const Row& r : rows)
            std::printf("%7d %14.2f %14.2f %16.2f %13d\n", r.lights, r.visitedPerPixel, r.reachingPerPixel,
                        r.reachingPerPixel > 0 ? r.visitedPerPixel / r.reachingPerPixel : 0.0, r.maxVisited);
        if (o.shadowCosts) {
            const int lights = 16;
            const ShadowVariant variants[] = {
                {"no shadows", 0, false, ShadowFilter::Pcf3x3},
                {"4 spot, 3x3 PCF", 4, false, ShadowFilter::Pcf3x3},
                {"4 spot, Poisson", 4, false, ShadowFilter::Poisson},
                {"4 point, 3x3 PCF", 4, true, ShadowFilter::Pcf3x3},
                {"4 point, Poisson", 4, true, ShadowFilter::Poisson},
            };
            std::printf("\nlocal-light shadows at %d lights (spot maps %d^2, point faces %d^2; a point light draws 6 faces):\n",
                        lights, ShadowSettings{}.spotMapSize, ShadowSettings{}.pointMapSize);
            std::printf("%-20s %10s %16s %14s %14s\n", "shadowed", "median ms", "vs no shadows", "shadow pass", "shadow draws");
            double base = 0;
            for (const ShadowVariant& v : variants) {
                ShadowRow r = shadowRun(*context, o, lights, v);
                if (v.shadowed == 0) base = r.medianMs;
                std::printf("%-20s %10.2f %+15.2f %12.2f ms %14u\n", v.name, r.medianMs, r.medianMs - base, r.shadowPassMs,
                            r.shadowDraws);
                std::fflush(stdout);
            }
        }
        if (o.breakdown)
            for (const Row& r : rows) {
                std::printf("\n");
                r.breakdown.print(stdout, str("light-stress, ", r.lights, r.lights == 1 ? " light" : " lights"));
            }
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
}
