// bench-shader: time and throughput of each stage of the shader pipeline, and of the whole
// pipeline, for a vertex+fragment pair of Babylon.js PBR size (see SyntheticShaders.h); then
// the engine's real PBR pair with all five shipped plugins, built as an effect build does.
// Stages write into reused buffers, as ShaderBuilder does, so the figures are steady state.
// Usage: bench-shader [iterations] [--write-synthetic DIR]   (default 300; medians are printed)
//   --write-synthetic DIR writes the synthetic fragment as the preprocessor sees it
//   (DIR/synthetic.frag.glsl) and its define set (DIR/synthetic.defines), for
//   `th-shader preprocess --defines-file DIR/synthetic.defines --repeat 300 DIR/synthetic.frag.glsl`.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "SyntheticShaders.h"
#include "common/BenchStats.h"
#include "core/Error.h"
#include "core/Files.h"
#include "core/Str.h"
#include "material/EffectCache.h"
#include "material/PbrMaterial.h"
#include "plugins/library/PluginLibrary.h"
#include "render/Renderer.h"
#include "shader/GlslScan.h"
#include "shader/IncludeExpander.h"
#include "shader/Injector.h"
#include "shader/Lint.h"
#include "shader/Migrator.h"
#include "shader/Preprocessor.h"

namespace {

using namespace th;

double medianMs(int iterations, const std::function<void()>& work) {
    // Five untimed runs warm caches, the allocator and the regex cache.
    return bench::medianTiming(iterations, work, 5).wallMs;
}

struct Shape {
    size_t bytes = 0, lines = 0, conditionals = 0;
};

Shape shapeOf(const ShaderText& t) {
    Shape s{t.text.size(), t.lines.size(), 0};
    glsl::LineCursor cursor(t.text);
    std::string_view line;
    while (cursor.next(line)) {
        glsl::Directive d;
        if (cursor.directive(d, line) && (d.name == "if" || d.name == "ifdef" || d.name == "ifndef" || d.name == "elif"))
            ++s.conditionals;
    }
    return s;
}

struct StageFigures {
    const char* name;
    double ms[2] = {0, 0};     // vertex, fragment
    size_t input[2] = {0, 0};  // bytes in
};

void printRow(const StageFigures& f) {
    double pair = f.ms[0] + f.ms[1];
    double mbps = double(f.input[0] + f.input[1]) / 1e6 / (pair / 1e3);
    std::printf("  %-20s %9.3f %9.3f %9.3f %10.0f\n", f.name, f.ms[0], f.ms[1], pair, mbps);
}

/// The engine's PBR material with wind, conform, dither, wing and terrain, instanced, every
/// texture slot on: the request the renderer's effect cache makes for the main pass, built
/// from the embedded shaders against the WebGL2 limits (no GL context needed).
void benchRealPbr(int iterations) {
    ShaderStore store;
    EffectCache cache(store, ContextInfo::webgl2(GlApi::Gles30));
    Renderer::configureEffectCache(cache);
    PbrMaterial material("bench pbr");
    for (const char* name : {"wind", "conform", "dither", "wing", "terrain"}) material.addPlugin(createShippedPlugin(name), true);
    DrawInfo draw;
    draw.instanced = true;
    draw.hasUv0 = draw.hasUv1 = draw.hasColors = draw.hasTangents = true;
    EffectRequest request = makeEffectRequest(material, draw, false);
    for (const char* slot : {"HAS_BASECOLOR_MAP", "HAS_NORMAL_MAP", "HAS_METALLIC_ROUGHNESS_MAP", "HAS_OCCLUSION_MAP", "HAS_EMISSIVE_MAP"})
        setDefine(request.defines, slot, "");
    auto [vertex, fragment] = cache.buildSources(request);
    double ms = medianMs(iterations, [&] { (void)cache.buildSources(request); });
    std::printf("\nbench-shader: the engine's PBR pair with wind, conform, dither, wing and terrain (instanced, all maps), "
                "%d iterations\n", iterations);
    std::printf("  final: vertex %zu bytes, %zu lines; fragment %zu bytes, %zu lines\n", vertex.text.text.size(), vertex.text.lines.size(),
                fragment.text.text.size(), fragment.text.lines.size());
    std::printf("  %-20s %29.3f  (includes, injection, preprocessing, migration and lint, as an effect build runs it)\n",
                "pipeline total", ms);
}

/// The preprocessor's speed on the two kinds of text it meets: live text (kept, copied out) and
/// skipped text (a dead region, jumped over with the text's kept directive table). Live: the fragment with its
/// conditional lines removed, so every line is kept. Skipped: the fragment inside "#if 0".
void benchLiveAndSkipped(int iterations, const ShaderText& fragment, const ShaderDefines& defines, size_t liveBytes) {
    std::string live;
    live.reserve(fragment.text.size());
    glsl::LineCursor cursor(fragment.text);
    std::string_view line;
    while (cursor.next(line)) {
        glsl::Directive d;
        if (cursor.directive(d, line) && (d.name == "if" || d.name == "ifdef" || d.name == "ifndef" || d.name == "elif" ||
                                          d.name == "else" || d.name == "endif" || d.name == "error"))
            continue;
        live.append(line);
        live += '\n';
    }
    ShaderText allLive = ShaderText::fromSource("live", live);
    ShaderText allSkipped = ShaderText::fromSource("skipped", str("#if 0\n", fragment.text, "#endif\n"));
    Preprocessor preprocessor;
    PreprocessOptions options;
    options.emitDefines = false;
    ShaderText out;
    preprocessor.runInto(allLive, defines, options, out);
    double liveMs = medianMs(iterations, [&] { preprocessor.runInto(allLive, defines, options, out); });
    preprocessor.runInto(allSkipped, defines, options, out);
    double skippedMs = medianMs(iterations, [&] { preprocessor.runInto(allSkipped, defines, options, out); });
    std::printf("  preprocessor, live text:    %8.0f MB/s (%zu bytes, every line kept)\n",
                double(allLive.text.size()) / 1e6 / (liveMs / 1e3), allLive.text.size());
    std::printf("  preprocessor, skipped text: %8.0f MB/s (%zu bytes, all inside #if 0)\n",
                double(allSkipped.text.size()) / 1e6 / (skippedMs / 1e3), allSkipped.text.size());
    std::printf("  (the fragment under its defines: %zu of %zu bytes live, %.0f %%)\n", liveBytes, fragment.text.size(),
                100.0 * double(liveBytes) / double(fragment.text.size()));
}

} // namespace

int main(int argc, char** argv) {
    try {
        int iterations = 300;
        std::string writeDir;
        for (int i = 1; i < argc; ++i) {
            std::string a = argv[i];
            if (a == "--write-synthetic" && i + 1 < argc) writeDir = argv[++i];
            else if (!a.empty() && a[0] != '-' && std::atoi(a.c_str()) > 0) iterations = std::atoi(a.c_str());
            else throw Error(str("unknown argument '", a, "'; usage: bench-shader [iterations] [--write-synthetic DIR]"));
        }
        bench::SyntheticMaterial m;
        bench::makeSyntheticMaterial(m);
        const ShaderBuildRequest* requests[2] = {&m.vertex, &m.fragment};

        StageFigures includes{"include expansion"}, injection{"injection"}, preprocess{"preprocessor"},
            migration{"migration"}, lint{"lint (not in total)"};
        Shape shapes[2];
        size_t finalBytes[2] = {0, 0};
        Preprocessor preprocessor;
        ShaderText fragmentInjected;
        size_t fragmentLiveBytes = 0;
        for (int s = 0; s < 2; ++s) {
            const ShaderBuildRequest& r = *requests[s];
            IncludeOptions options;
            options.indexParameters = r.indexParameters;
            options.uniformBuffers = r.uniformBuffers;
            IncludeExpander expander(m.store);
            ShaderText expanded = expander.expand(r.source, options);
            shapes[s] = shapeOf(expanded);
            InjectionResult injected = Injector::inject(expanded, r.stage, r.plugins, r.source);
            ShaderText preprocessed = preprocessor.run(injected.text, r.defines);
            ShaderText migrated = Migrator::migrate(preprocessed, r.stage, r.language);
            finalBytes[s] = migrated.text.size();

            includes.input[s] = expanded.text.size(); // bytes produced: the stage's real work
            includes.ms[s] = medianMs(iterations, [&] { expander.expandInto(r.source, options, expanded); });
            injection.input[s] = expanded.text.size();
            injection.ms[s] = medianMs(iterations, [&] { Injector::injectInto(expanded, r.stage, r.plugins, r.source, injected); });
            preprocess.input[s] = injected.text.text.size();
            preprocess.ms[s] = medianMs(iterations, [&] { preprocessor.runInto(injected.text, r.defines, {}, preprocessed); });
            if (s == 1) {
                fragmentInjected = injected.text;
                PreprocessOptions bare;
                bare.emitDefines = false;
                fragmentLiveBytes = preprocessor.run(injected.text, r.defines, bare).text.size();
            }
            migration.input[s] = preprocessed.text.size();
            migration.ms[s] = medianMs(iterations, [&] { Migrator::migrateInto(preprocessed, r.stage, r.language, migrated); });
            LintContext c;
            c.stage = r.stage;
            c.injection = &injected;
            c.plugins = r.plugins;
            c.declaredDefines = r.declaredDefines;
            c.defines = &r.defines;
            std::vector<Diagnostic> findings = Lint::run(c);
            lint.input[s] = injected.text.text.size();
            lint.ms[s] = medianMs(iterations, [&] { findings = Lint::run(c); });
        }

        // The whole pipeline through ShaderBuilder, as an effect build runs it (lint off).
        ShaderBuilder builder(m.store);
        ShaderBuildRequest quiet[2] = {m.vertex, m.fragment};
        for (auto& r : quiet) r.lint = false;
        double total = medianMs(iterations, [&] {
            builder.build(quiet[0]);
            builder.build(quiet[1]);
        });
        ShaderBuildRequest linted[2] = {m.vertex, m.fragment};
        double totalLinted = medianMs(iterations, [&] {
            builder.build(linted[0]);
            builder.build(linted[1]);
        });

        std::printf("bench-shader: synthetic PBR-size pair, %d iterations, medians\n", iterations);
        std::printf("  after includes: vertex %zu bytes, %zu lines, %zu conditionals; fragment %zu bytes, %zu lines, %zu conditionals\n",
                    shapes[0].bytes, shapes[0].lines, shapes[0].conditionals, shapes[1].bytes, shapes[1].lines,
                    shapes[1].conditionals);
        std::printf("  final: vertex %zu bytes, fragment %zu bytes; %zu plugins (marker, regex and hook keys)\n", finalBytes[0],
                    finalBytes[1], m.plugins.size());
        std::printf("  %-20s %9s %9s %9s %10s\n", "stage", "vert ms", "frag ms", "pair ms", "MB/s");
        for (const StageFigures* f : {&includes, &injection, &preprocess, &migration, &lint}) printRow(*f);
        std::printf("  %-20s %29.3f  (ShaderBuilder, lint off; target < 1 ms)\n", "pipeline total", total);
        std::printf("  %-20s %29.3f\n", "with lint", totalLinted);
        std::printf("  (MB/s: bytes each stage reads, or for include expansion writes, per second)\n");
        double fragmentPreprocessGBs = double(preprocess.input[1]) / 1e9 / (preprocess.ms[1] / 1e3);
        std::printf("  preprocessor on the fragment: %.2f GB/s (target >= 1.6 GB/s: 20x Babylon 9.18's evaluator; the "
                    "text's directive table kept from run to run, as for an effect's permutations)\n",
                    fragmentPreprocessGBs);
        ShaderText firstOut;
        const double firstMs = medianMs(std::min(iterations, 100), [&] {
            Preprocessor().runInto(fragmentInjected, m.fragment.defines, {}, firstOut);
        });
        std::printf("  preprocessor on the fragment, a text seen for the first time: %.2f GB/s (a new preprocessor each run)\n",
                    double(fragmentInjected.text.size()) / 1e9 / (firstMs / 1e3));
        benchLiveAndSkipped(iterations, fragmentInjected, m.fragment.defines, fragmentLiveBytes);
        if (!writeDir.empty()) {
            std::string defines;
            for (const ShaderDefine& d : m.fragment.defines) defines += str("#define ", d.name, d.value.empty() ? "" : " ", d.value, "\n");
            writeFile(str(writeDir, "/synthetic.frag.glsl"), fragmentInjected.text);
            writeFile(str(writeDir, "/synthetic.defines"), defines);
            std::printf("  wrote %s/synthetic.frag.glsl and %s/synthetic.defines\n", writeDir.c_str(), writeDir.c_str());
        }
        benchRealPbr(iterations);
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench-shader: %s\n", e.what());
        return 1;
    }
}
