// bench-effects: cold and warm effect creation for the PBR material with all five shipped
// plugins (main, depth and shadow passes, instanced). Cold builds from source through the
// pipeline and the driver's compiler; warm starts a fresh effect cache over the program
// binary cache the cold run filled, as a second launch of an app would. Each round's sources
// differ by one define, so no driver-side cache (Mesa keeps one) turns "cold" warm.
// (Mesa offers program binaries only with its shader cache on, so that cache stays on.)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <filesystem>
#include <vector>

#include "common/BenchStats.h"
#include "core/Str.h"
#include "gl/Context.h"
#include "material/EffectCache.h"
#include "material/PbrMaterial.h"
#include "plugins/library/PluginLibrary.h"
#include "render/Renderer.h"

using namespace th;
using namespace th::bench;

namespace {

struct Run {
    double totalMs = 0, pipelineMs = 0;
    uint64_t compiled = 0, fromBinary = 0;
};

Run createEffects(ShaderStore& store, const ContextInfo& info, ProgramBinaryCache& binaries, const Material& material,
                  int round) {
    EffectCache cache(store, info, &binaries);
    Renderer::configureEffectCache(cache);
    auto t0 = SteadyClock::now();
    for (RenderPass pass : kAllPasses) {
        DrawInfo draw{.pass = pass, .instanced = true, .hasUv0 = true, .hasColors = true};
        EffectRequest request = makeEffectRequest(material, draw, !info.floatRenderTargets);
        setDefine(request.defines, "BENCH_ROUND", std::to_string(round));
        cache.get(request);
    }
    cache.finishAll();
    Run r;
    r.totalMs = msSince(t0);
    r.pipelineMs = cache.stats().buildMs;
    r.compiled = cache.stats().compiled;
    r.fromBinary = cache.stats().fromBinary;
    if (cache.stats().failed) std::fprintf(stderr, "warning: %llu effects failed\n", (unsigned long long)cache.stats().failed);
    return r;
}

} // namespace

int main(int argc, char** argv) {
    int rounds = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
    // A run-unique salt: the driver's own cache from earlier runs must not serve "cold".
    auto salt = std::chrono::steady_clock::now().time_since_epoch().count() % 1000000;
    try {
        ContextDesc desc;
        desc.kind = ContextKind::Headless;
        auto context = createContext(desc);
        ShaderStore store;
        auto material = std::make_shared<PbrMaterial>("bench");
        // The game's five plugins; the glTF extensions' plugins are per imported material.
        for (const char* name : {"wind", "conform", "dither", "wing", "terrain"}) material->addPlugin(createShippedPlugin(name), true);
        std::vector<double> cold, warm, pipeline;
        uint64_t compiled = 0, fromBinary = 0;
        for (int i = 0; i < rounds; ++i) {
            auto dir = std::filesystem::temp_directory_path() / str("trailhead-bench-effects-", i);
            std::filesystem::remove_all(dir);
            ProgramBinaryCache coldCache(dir, context->info());
            Run c = createEffects(store, context->info(), coldCache, *material, int(salt) * 100 + i);
            ProgramBinaryCache warmCache(dir, context->info());
            Run w = createEffects(store, context->info(), warmCache, *material, int(salt) * 100 + i);
            cold.push_back(c.totalMs);
            warm.push_back(w.totalMs);
            pipeline.push_back(c.pipelineMs);
            compiled = c.compiled;
            fromBinary = w.fromBinary;
            std::filesystem::remove_all(dir);
        }
        std::printf("PBR material + wind, conform, dither, wing, terrain; main, depth and shadow passes (%s)\n",
                    context->info().summary().c_str());
        std::printf("effects per run: %llu compiled cold, %llu loaded warm from the program binary cache\n",
                    (unsigned long long)compiled, (unsigned long long)fromBinary);
        std::printf("cold (pipeline + driver compile and link): median %.1f ms over %d runs\n", median(cold), rounds);
        std::printf("  of which the string pipeline:           median %.2f ms\n", median(pipeline));
        std::printf("warm (pipeline + program binary):          median %.1f ms\n", median(warm));
        std::printf("warm is %.1fx faster than cold\n", median(cold) / std::max(median(warm), 1e-6));
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench-effects: %s\n", e.what());
        return 1;
    }
}
