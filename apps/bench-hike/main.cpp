// bench-hike: the hike scene (assets/scenes/hike.json) and the forest-stress scene
// (assets/scenes/forest-stress.json), headless.
//
// Hike, per quality tier (low, medium, high) and two poses (the file's vista and a camera in
// the wood, where the near forest levels cost most): median and p90 frame time (update + render +
// glFinish), process CPU per frame (all threads: llvmpipe rasterises on them), CPU inside
// Renderer::render and the part of it outside the driver (gathering, culling, sorting),
// the scene's own update; draw calls (all passes, main, shadow), triangles, instances; then
// per kind (terrain, forest, understory, grass, rocks, birds) the draws, instances and
// triangles of the main view and the shadow draws, counted the way the renderer culls (per
// node, against the view and each cascade); the texture units each material takes (of the
// active limits profile); the scale targets (≥ 20 000 trees within the impostor range,
// ≥ 200 000 grass cards near the camera on high) and draw-call targets (forest < 40, frame
// < 120).
// Last tier, vista: each image-quality effect's frame time alone against none (MSAA 2×/4×, FXAA,
// bloom, ambient occlusion).
// Flicker (high tier, in the wood): a sideways move of 1 cm per frame rendered twice, without
// anti-aliasing and with the tier's (4x MSAA, alpha to coverage); the mean absolute
// frame-to-frame luma change over the visible grass, both numbers (common/TemporalFlicker.h).
// Walk: the camera moves 2 m per frame; per-frame update cost, ring re-emits and samples,
// forest rebuilds and grass blocks built; then at rest.
// Forest stress: frame time without shadows and with 2 cascades of 2048², each beside the same
// frame with every instance and triangle submitted (RendererOptions::instanceFacing off).
//
// Usage: bench-hike [--frames N] [--warmup N] [--size WxH] [--tiers low,medium,high]
//                   [--walk FRAMES] [--flicker FRAMES (0: off)] [--no-stress] [--no-hike] [--png DIR] [--terrain-maps SIZE]
//                   [--breakdown (last tier: frame time with each kind hidden in turn, and
//                    time per pass and costliest draws; forest stress: per pass and draws)]
//                   [--no-prepass (the hike's tiers turn the depth pre-pass on; this keeps it off)]
//                   [--shaders DIR (shader variants, for A/B runs)]
// ES 3.0 under the WebGL2 limits profile by default (TRAILHEAD_GL_API / TRAILHEAD_LIMITS
// change them).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "common/AppPaths.h"
#include "common/BenchFrames.h"
#include "common/BreakdownReport.h"
#include "common/EffectCosts.h"
#include "common/TemporalFlicker.h"
#include "common/Presets.h"
#include "common/SceneFile.h"
#include "common/SceneLibrary.h"
#include "common/scenes/ForestStressScene.h"
#include "common/scenes/HikeScene.h"
#include "core/Error.h"
#include "core/Log.h"
#include "core/Str.h"
#include "gl/GlApi.h"
#include "gl/Readback.h"
#include "hike/Scatter.h"
#include "render/SamplerReport.h"

namespace {

using namespace th;
using namespace th::bench;

struct Options {
    int frames = 8;
    int warmup = 2;
    int width = 1280, height = 720;
    std::vector<QualityTier> tiers = {QualityTier::Low, QualityTier::Medium, QualityTier::High};
    int walk = 120;
    int flicker = 12;
    bool stress = true, hike = true;
    bool breakdown = false;
    bool noPrepass = false;
    std::filesystem::path png;
    int terrainMaps = 0;
    std::filesystem::path shaderDirectory;
};

Options parse(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) throw Error(str(a, " needs a value"));
            return argv[++i];
        };
        if (a == "--frames") o.frames = std::max(1, std::atoi(value().c_str()));
        else if (a == "--warmup") o.warmup = std::max(0, std::atoi(value().c_str()));
        else if (a == "--walk") o.walk = std::max(0, std::atoi(value().c_str()));
        else if (a == "--flicker") o.flicker = std::max(0, std::atoi(value().c_str()));
        else if (a == "--no-stress") o.stress = false;
        else if (a == "--no-hike") o.hike = false;
        else if (a == "--breakdown") o.breakdown = true;
        else if (a == "--no-prepass") o.noPrepass = true;
        else if (a == "--png") o.png = value();
        else if (a == "--terrain-maps") o.terrainMaps = std::atoi(value().c_str());
        else if (a == "--shaders") o.shaderDirectory = value();
        else if (a == "--tiers") {
            o.tiers.clear();
            const std::string list = value(); // split() returns views into it: it must outlive the loop
            for (auto part : split(list, ',')) {
                o.tiers.push_back(parseQualityTier(part));
            }
        } else if (a == "--size") {
            std::string s = value();
            if (std::sscanf(s.c_str(), "%dx%d", &o.width, &o.height) != 2 || o.width < 1 || o.height < 1)
                throw Error(str("--size wants WxH, got '", s, "'"));
        } else
            throw Error(str("unknown option '", a,
                            "' (--frames, --warmup, --size, --tiers, --walk, --flicker, --no-stress, --no-hike, --breakdown, --no-prepass, --png, --terrain-maps, --shaders)"));
    }
    return o;
}

struct FrameFigures {
    double medianMs = 0, p90Ms = 0, processMs = 0, renderCpuMs = 0, outsideDriverMs = 0, updateMs = 0;
    FrameStats last;
};

/// Renders `frames` measured frames after `warmup`; `update` runs before each.
template <typename Update>
FrameFigures measure(Renderer& renderer, Scene& scene, const Camera& camera, const RenderTarget& output, int warmup,
                     int frames, double seconds, Update&& update) {
    std::vector<double> cpu, outside, upd;
    double updateMs = 0;
    FrameTimes times = timeFrames(
        warmup, frames,
        [&](int f) {
            double t = seconds + double(f) / 30.0;
            auto tu = SteadyClock::now();
            update(t);
            updateMs = msSince(tu);
            renderer.render(scene, camera, output, t);
        },
        [&] {
            cpu.push_back(renderer.stats().cpuMs);
            outside.push_back(renderer.stats().cpuOutsideDriverMs);
            upd.push_back(updateMs);
        });
    FrameFigures r;
    r.medianMs = median(times.wallMs);
    r.p90Ms = percentile(times.wallMs, 0.9);
    r.processMs = median(times.processMs);
    r.renderCpuMs = median(cpu);
    r.outsideDriverMs = median(outside);
    r.updateMs = median(upd);
    r.last = renderer.stats();
    return r;
}

struct KindFigures {
    int draws = 0, shadowDraws = 0;
    uint64_t instances = 0, triangles = 0;
};

/// What each group under the root draws, culled per node as the renderer does.
std::map<std::string, KindFigures> perKind(Renderer& renderer, Scene& scene, Camera camera, const RenderTarget& output) {
    camera.aspect = float(output.width()) / float(output.height());
    Frustum view = camera.frustum();
    std::vector<Frustum> cascades;
    const CascadeSet& cs = renderer.cascades();
    for (int i = 0; i < cs.count; ++i) cascades.push_back(Frustum::fromMatrix(cs.cascades[size_t(i)].viewProjection));
    std::map<std::string, KindFigures> out;
    for (auto& group : scene.root().children()) {
        KindFigures& k = out[group->name()];
        std::vector<const Node*> stack = {group.get()};
        while (!stack.empty()) {
            const Node* n = stack.back();
            stack.pop_back();
            if (!n->visible) continue;
            for (auto& c : n->children()) stack.push_back(c.get());
            const Mesh* mesh = n->mesh.get();
            if (!mesh || !mesh->visible) continue;
            uint64_t copies = mesh->instanced() ? mesh->instances()->count() : 1;
            int parts = int(mesh->parts().size());
            if (view.intersects(n->worldBounds())) {
                k.draws += parts;
                k.instances += copies;
                for (auto& p : mesh->parts()) k.triangles += uint64_t(p.indexCount / 3) * copies;
            }
            if (mesh->castShadows)
                for (const Frustum& f : cascades)
                    if (f.intersects(n->worldBounds())) k.shadowDraws += parts;
        }
    }
    return out;
}

void printSamplerReports(Renderer& renderer, Scene& scene) {
    std::map<const Material*, const Mesh*> seen;
    std::vector<const Node*> stack = {&scene.root()};
    while (!stack.empty()) {
        const Node* n = stack.back();
        stack.pop_back();
        for (auto& c : n->children()) stack.push_back(c.get());
        if (!n->mesh) continue;
        for (auto& p : n->mesh->parts())
            if (p.material && !seen.count(p.material.get())) seen[p.material.get()] = n->mesh.get();
    }
    // By name, so the line reads the same from run to run.
    std::map<std::string, SamplerReport> reports;
    for (auto& [material, mesh] : seen) reports.emplace(material->name(), samplerReport(renderer, *material, mesh->drawInfo()));
    std::string line;
    for (auto& [name, r] : reports) line += str(line.empty() ? "" : ", ", name, " ", r.unitsUsed, "/", r.unitLimit);
    std::printf("  texture units per material (main pass, fragment, %s): %s\n",
                reports.empty() ? "-" : reports.begin()->second.profile.c_str(), line.c_str());
}

void benchHike(Renderer& renderer, const Options& o) {
    std::filesystem::path path = assetsDirectory() / "scenes" / "hike.json";
    SceneFile file = loadSceneFile(path, sceneKindKeys);
    SceneBuildContext context{renderer, assetsDirectory(), sharedDirectory(), file.seed};
    HikeSceneOptions options = hikeOptionsFromFile(file);
    if (o.terrainMaps > 0) options.terrainMapSize = o.terrainMaps;
    std::shared_ptr<const HikeStats> stats;
    auto t0 = SteadyClock::now();
    BuiltScene built = buildHikeScene(context, options, &stats);
    applySceneFileSettings(built, file, renderer);
    Scene& scene = *built.scene;
    Camera camera = built.camera;
    camera.aspect = float(o.width) / float(o.height);
    built.update(file.seconds, camera);
    RenderTarget output(o.width, o.height, TextureFormat::RGBA8, "bench-hike");
    renderer.prepare(scene, camera, output);
    std::printf("hike (%s): built in %.0f ms (clipmap %.0f ms, impostor bake %.0f ms, %llu texels covered), first "
                "update and effects %.0f ms\n",
                path.filename().c_str(), stats->buildMs, stats->clipmapBuildMs, stats->bakeMs,
                (unsigned long long)stats->impostorCoverage, msSince(t0) - stats->buildMs);

    struct Pose {
        const char* name;
        Camera camera;
    };
    Camera forestCamera = hikeForestCamera(options, file.seed);
    forestCamera.aspect = camera.aspect;
    const Pose poses[2] = {{"vista (the scene file's camera)", camera}, {"in the wood (eye 1.7 m)", forestCamera}};
    for (QualityTier tier : o.tiers) {
        applyQualityTier(renderer, built, tier);
        if (o.noPrepass) renderer.options().depthPrepass = false;
        for (const Pose& pose : poses) {
            const Camera& cam = pose.camera;
            built.update(file.seconds, cam);
            renderer.prepare(scene, cam, output);
            FrameFigures f = measure(renderer, scene, cam, output, o.warmup, o.frames, file.seconds,
                                     [&](double t) { built.update(t, cam); });
            const ShadowSettings& sh = renderer.options().shadows;
            std::printf("\n== hike, tier %s, %s: %dx%d, resolution scale %.2f, shadows %s, depth pre-pass %s ==\n", toString(tier),
                        pose.name, o.width, o.height, renderer.options().resolutionScale,
                        sh.enabled ? str(sh.cascades, " x ", sh.mapSize, "^2").c_str() : "off",
                        renderer.options().depthPrepass ? "on" : "off");
            std::printf("  frame: median %.1f ms, p90 %.1f ms; process CPU %.1f ms; render() CPU %.2f ms, outside the driver "
                        "%.2f ms; scene update %.2f ms\n",
                        f.medianMs, f.p90Ms, f.processMs, f.renderCpuMs, f.outsideDriverMs, f.updateMs);
            std::printf("  draw calls: %u (main %u, shadow %u); triangles %llu (all passes); instances %llu (main)\n",
                        f.last.drawCalls, f.last.mainDrawCalls, f.last.shadowDrawCalls, (unsigned long long)f.last.triangles,
                        (unsigned long long)f.last.instances);
            auto kinds = perKind(renderer, scene, cam, output);
            std::printf("  %-11s %6s %7s %11s %13s\n", "kind", "draws", "shadow", "instances", "triangles");
            int vegetation = 0;
            for (auto& [name, k] : kinds) {
                std::printf("  %-11s %6d %7d %11llu %13llu\n", name.c_str(), k.draws, k.shadowDraws,
                            (unsigned long long)k.instances, (unsigned long long)k.triangles);
                if (name == "forest" || name == "understory") vegetation += k.draws + k.shadowDraws;
            }
            std::printf("  trees in sets: lod0 %llu, lod1 %llu, lod2 %llu, impostor %llu (seam duplicates included); "
                        "trees within the impostor range %llu; near band %.0f m\n",
                        (unsigned long long)stats->lodInstances[0], (unsigned long long)stats->lodInstances[1],
                        (unsigned long long)stats->lodInstances[2], (unsigned long long)stats->lodInstances[3],
                        (unsigned long long)stats->treesInRange, stats->nearRadius);
            // Tufts within the grass radius of the eye (the blocks are squares; their corners reach past it).
            const float grassRadius = hike::GrassSettings{}.radius;
            uint64_t withinRadius = 0;
            if (Node* grassGroup = scene.root().find("grass"))
                for (auto& child : grassGroup->children())
                    if (child->visible && child->mesh && child->mesh->instances())
                        for (const glm::mat4& m : child->mesh->instances()->matrices())
                            withinRadius += glm::length(glm::vec2(m[3].x - cam.position.x, m[3].z - cam.position.z)) < grassRadius;
            std::printf("  grass tufts near the camera %llu in %d blocks, %llu within %.0f m; understory %llu, rocks %llu, birds %llu\n",
                        (unsigned long long)stats->grass, stats->grassBlocks, (unsigned long long)withinRadius, grassRadius,
                        (unsigned long long)stats->understory, (unsigned long long)stats->rocks, (unsigned long long)stats->birds);
            std::printf("  far props' MeshLod level: bush %u -> %u triangles, rock %u -> %u\n",
                        stats->propLodTriangles[0], stats->propLodTriangles[1],
                        stats->propLodTriangles[2], stats->propLodTriangles[3]);
            std::printf("  targets: forest draws (all passes) %d < 40 %s; frame draws %u < 120 %s", vegetation,
                        vegetation < 40 ? "ok" : "MISSED", f.last.drawCalls, f.last.drawCalls < 120 ? "ok" : "MISSED");
            if (tier == QualityTier::High)
                std::printf("; trees %llu >= 20000 %s; grass %llu >= 200000 %s", (unsigned long long)stats->treesInRange,
                            stats->treesInRange >= 20000 ? "ok" : "MISSED", (unsigned long long)stats->grass,
                            stats->grass >= 200000 ? "ok" : "MISSED");
            std::printf("\n");
            if (!o.png.empty()) {
                std::filesystem::create_directories(o.png);
                writePng(o.png / str("hike-", toString(tier), &pose == &poses[0] ? "-vista" : "-wood", ".png"),
                         readPixels(output.framebufferId(), 0, 0, o.width, o.height));
            }
            if (tier == o.tiers.back() && &pose == &poses[0]) {
                // Each image-quality effect alone against none, the tier's other settings kept.
                EffectCostFigures e = measureEffectCosts(renderer, scene, cam, output, o.frames,
                                                         [&](double t) { built.update(file.seconds + t, cam); });
                printEffectCosts(e, o.width, o.height);
            }
            if (o.breakdown && tier == o.tiers.back()) {
                // What each kind costs: the frame time saved by hiding it (the others unchanged).
                std::printf("  cost per kind (median frame time and process CPU saved when hidden):\n");
                for (auto& group : scene.root().children()) {
                    group->visible = false;
                    FrameFigures g = measure(renderer, scene, cam, output, 1, o.frames, file.seconds,
                                             [&](double t) { built.update(t, cam); });
                    group->visible = true;
                    std::printf("    %-11s %7.1f ms wall, %7.1f ms CPU\n", group->name().c_str(), f.medianMs - g.medianMs,
                                f.processMs - g.processMs);
                }
                BreakdownReport report;
                report.measure(renderer, 5, [&](int frame) {
                    const double t = file.seconds + double(frame) / 30.0;
                    built.update(t, cam);
                    renderer.render(scene, cam, output, t);
                });
                report.print(stdout, str("hike, tier ", toString(tier), &pose == &poses[0] ? ", vista" : ", wood"));
                std::printf("\n");
            }
        }
        printSamplerReports(renderer, scene);
    }

    if (o.flicker > 1) {
        // The hike at high tier in the wood, moving sideways 1 cm a frame at a fixed time.
        applyQualityTier(renderer, built, QualityTier::High);
        if (o.noPrepass) renderer.options().depthPrepass = false;
        Camera start = forestCamera;
        glm::vec3 forward = glm::normalize(start.target - start.position);
        glm::vec3 side = glm::normalize(glm::cross(forward, glm::vec3(0.0f, 1.0f, 0.0f))) * 0.01f;
        std::vector<Camera> move;
        for (int f = 0; f < o.flicker; ++f) {
            Camera c = start;
            c.position += side * float(f);
            c.target += side * float(f);
            move.push_back(c);
        }
        auto update = [&](const Camera& c) { built.update(file.seconds, c); };
        update(start);
        Node* grass = scene.root().find("grass");
        std::vector<bool> mask;
        if (grass) mask = regionMask(renderer, scene, start, output, [&](bool shown) { grass->visible = shown; }, file.seconds);
        RendererOptions& ro = renderer.options();
        const int tierSamples = ro.msaaSamples;
        const bool tierFxaa = ro.fxaa;
        ro.msaaSamples = 1;
        ro.fxaa = false;
        FlickerFigures plain = measureFlicker(renderer, scene, move, output, mask, file.seconds, update);
        ro.msaaSamples = tierSamples;
        ro.fxaa = tierFxaa;
        FlickerFigures aa = measureFlicker(renderer, scene, move, output, mask, file.seconds, update);
        std::printf("\n== temporal flicker: tier high, in the wood, %d frames moving sideways 1 cm a frame ==\n", o.flicker);
        std::printf("  grass region %llu pixels of %dx%d; mean |frame-to-frame luma change| (0-255): no AA %.2f, "
                    "%dx MSAA + alpha to coverage%s %.2f (%.0f %% of no AA)\n",
                    (unsigned long long)plain.pixels, o.width, o.height, plain.meanAbsoluteDelta, renderer.lastFrameFormat().samples,
                    tierFxaa ? " + FXAA" : "", aa.meanAbsoluteDelta,
                    plain.meanAbsoluteDelta > 0 ? 100.0 * aa.meanAbsoluteDelta / plain.meanAbsoluteDelta : 0.0);
    }

    if (o.walk > 0) {
        // Walk along the view direction, 2 m a frame: streaming only (no rendering).
        Camera c = camera;
        glm::vec3 step = glm::normalize(glm::vec3(c.target.x - c.position.x, 0.0f, c.target.z - c.position.z)) * 2.0f;
        std::vector<double> updateMs, clipmapMs, sampleMs, emitMs, uploadMs, forestMs, grassMs;
        built.update(file.seconds, c); // start from the vista's settled state, not from the last pose
        uint64_t rings = stats->ringRebuilds, forests = stats->forestRebuilds, blocks = stats->grassBlockBuilds;
        uint64_t samples = 0;
        for (int f = 0; f < o.walk; ++f) {
            c.position += step;
            c.target += step;
            built.update(file.seconds + double(f) / 30.0, c);
            updateMs.push_back(stats->updateMs);
            clipmapMs.push_back(stats->clipmap.sampleMs + stats->clipmap.emitMs + stats->ringUploadMs);
            if (!stats->clipmap.emitted.empty()) {
                sampleMs.push_back(stats->clipmap.sampleMs);
                emitMs.push_back(stats->clipmap.emitMs / double(stats->clipmap.emitted.size()));
                uploadMs.push_back(stats->ringUploadMs / double(stats->clipmap.emitted.size()));
            }
            samples += stats->clipmap.samplesEvaluated;
            if (stats->forestRebuilt) forestMs.push_back(stats->forestMs);
            if (stats->grassBlocksBuilt > 0) grassMs.push_back(stats->grassMs);
        }
        double mean = 0;
        for (double v : updateMs) mean += v;
        mean /= double(updateMs.size());
        std::printf("\n== walk: %d frames at 2 m per frame (tier %s) ==\n", o.walk, toString(o.tiers.back()));
        std::printf("  scene update per frame: mean %.2f ms, median %.2f ms, p90 %.2f ms, max %.2f ms\n", mean,
                    median(updateMs), percentile(updateMs, 0.9), percentile(updateMs, 1.0));
        std::printf("  terrain: %llu ring re-emits, %llu field samples (%.0f per frame); per frame median %.2f ms, max %.2f ms "
                    "(sampling + emit + upload)\n",
                    (unsigned long long)(stats->ringRebuilds - rings), (unsigned long long)samples,
                    double(samples) / double(o.walk), median(clipmapMs), percentile(clipmapMs, 1.0));
        std::printf("  terrain per moving frame (medians): sampling the new strips %.2f ms; per re-emitted ring: emit %.2f ms, "
                    "upload %.2f ms\n",
                    median(sampleMs), median(emitMs), median(uploadMs));
        std::printf("  forest: %llu rebuilds (a 10 m cell crossed), median %.2f ms, max %.2f ms\n",
                    (unsigned long long)(stats->forestRebuilds - forests), median(forestMs), percentile(forestMs, 1.0));
        std::printf("  grass: %llu blocks built, median %.2f ms, max %.2f ms per frame that built any\n",
                    (unsigned long long)(stats->grassBlockBuilds - blocks), median(grassMs), percentile(grassMs, 1.0));
        std::vector<double> rest;
        for (int f = 0; f < 10; ++f) {
            built.update(file.seconds, c);
            rest.push_back(stats->updateMs);
        }
        std::printf("  at rest: update median %.3f ms (no ring, forest or grass work)\n", median(rest));
    }
}

void benchStress(Renderer& renderer, const Options& o) {
    std::filesystem::path path = assetsDirectory() / "scenes" / "forest-stress.json";
    SceneFile file = loadSceneFile(path, sceneKindKeys);
    SceneBuildContext context{renderer, assetsDirectory(), sharedDirectory(), file.seed};
    BuiltScene built = buildSceneFile(context, file);
    Scene& scene = *built.scene;
    Camera camera = built.camera;
    camera.aspect = float(o.width) / float(o.height);
    RenderTarget output(o.width, o.height, TextureFormat::RGBA8, "forest-stress");
    std::printf("\n== forest-stress (%s): %dx%d, 20 000 instances of one %llu-triangle tree ==\n", path.filename().c_str(),
                o.width, o.height, (unsigned long long)built.counts[1].second);
    for (const ForestStressVariant& variant : forestStressVariants(file)) {
        const bool shadows = variant.shadows;
        RendererOptions& ro = renderer.options();
        ro.shadows.enabled = shadows;
        ro.shadows.cascades = variant.cascades;
        ro.shadows.mapSize = variant.mapSize;
        ro.shadows.maxDistance = variant.maxDistance;
        ro.resolutionScale = 1.0f;
        // As the peers render it (../shared/peer-bench: antialias off, no post effects): the
        // file's quality tier would add MSAA, ambient occlusion and bloom to a vertex benchmark.
        ro.msaaSamples = 1;
        ro.fxaa = false;
        scene.post.bloom.enabled = false;
        scene.post.ambientOcclusion.enabled = false;
        renderer.prepare(scene, camera, output);
        FrameFigures f = measure(renderer, scene, camera, output, std::max(1, o.warmup), o.frames, 0.0, [](double) {});
        std::printf("  %-22s median %.1f ms, p90 %.1f ms; process CPU %.1f ms; render() CPU %.2f ms (outside the driver "
                    "%.2f ms); draws %u (main %u, shadow %u); triangles %llu; instances (main) %llu\n",
                    (shadows ? str(variant.cascades, " cascades of ", variant.mapSize, "^2:") : variant.name + ":").c_str(),
                    f.medianMs, f.p90Ms, f.processMs, f.renderCpuMs,
                    f.outsideDriverMs, f.last.drawCalls, f.last.mainDrawCalls, f.last.shadowDrawCalls,
                    (unsigned long long)f.last.triangles, (unsigned long long)f.last.instances);
        // Side by side: the same frame with every instance and every triangle submitted.
        std::printf("    instance facing: %llu triangles facing away and %llu instances outside the view left out\n",
                    (unsigned long long)f.last.trianglesFacingAway, (unsigned long long)f.last.instancesCulled);
        ro.instanceFacing = false;
        FrameFigures all = measure(renderer, scene, camera, output, std::max(1, o.warmup), o.frames, 0.0, [](double) {});
        ro.instanceFacing = true;
        std::printf("    without it:          median %.1f ms (%.2fx the time), triangles %llu\n", all.medianMs,
                    f.medianMs > 0 ? all.medianMs / f.medianMs : 0.0, (unsigned long long)all.last.triangles);
        if (o.breakdown) {
            BreakdownReport report;
            report.measure(renderer, 3,
                           [&](int frame) { renderer.render(scene, camera, output, double(frame) / 30.0); });
            report.print(stdout, str("forest-stress, ", variant.name));
        }
        if (!o.png.empty()) {
            std::filesystem::create_directories(o.png);
            std::string tag = variant.name;
            std::replace(tag.begin(), tag.end(), ' ', '-');
            writePng(o.png / str("forest-stress-", tag, ".png"),
                     readPixels(output.framebufferId(), 0, 0, o.width, o.height));
        }
    }
    std::printf("  for scale: Babylon.js 9 on llvmpipe needs about 1400 ms without shadows and 3400 ms with them\n");
}

} // namespace

int main(int argc, char** argv) {
    try {
        Options o = parse(argc, argv);
        ContextDesc desc;
        desc.kind = ContextKind::Headless;
        desc.width = o.width;
        desc.height = o.height;
        desc.limitsProfile = LimitsProfile::WebGL2;
        auto context = createContext(desc);
        std::printf("bench-hike: %s\n", context->info().renderer.c_str());
        RendererOptions ro;
        ro.programCacheDirectory.clear();
        ro.shaderDirectory = o.shaderDirectory;
        Renderer renderer(*context, ro);
        if (o.hike) benchHike(renderer, o);
        if (o.stress) benchStress(renderer, o);
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench-hike: %s\n", e.what());
        return 1;
    }
}
