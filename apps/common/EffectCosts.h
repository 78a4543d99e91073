#pragma once
// The benchmarks' line per image-quality effect: the frame time with the effect alone on
// against none of them (MSAA, FXAA, bloom, ambient occlusion, the Poisson shadow filter in
// place of 3×3 PCF, the sun cascades' blend), the rest of the renderer's settings as they are.
// Each figure is a median over `frames` frames after one warm-up; compare them as ratios.
#include <cstdio>
#include <functional>

#include "common/BenchFrames.h"
#include "render/Renderer.h"

namespace th::bench {

/// Median frame ms with no effect, and with each alone; the samples a 4× request got.
struct EffectCostFigures {
    double none = 0, msaa2 = 0, msaa4 = 0, fxaa = 0, bloom = 0, ao = 0;
    double softShadows = 0;   ///< ShadowFilter::Poisson instead of 3×3 PCF (shadows as the tier has them)
    double noCascadeBlend = 0; ///< the sun cascades' blend band off (it is on in every other figure)
    int samplesFor4x = 0;
};

inline EffectCostFigures measureEffectCosts(Renderer& renderer, Scene& scene, const Camera& camera, const RenderTarget& output,
                                            int frames, const std::function<void(double)>& update = {}) {
    RendererOptions& o = renderer.options();
    const int savedSamples = o.msaaSamples;
    const bool savedFxaa = o.fxaa;
    const BloomSettings savedBloom = scene.post.bloom;
    const AmbientOcclusionSettings savedAo = scene.post.ambientOcclusion;
    const ShadowSettings savedShadows = o.shadows;
    auto frameMs = [&](int samples, bool fxaa, bool bloom, bool ao = false, ShadowFilter filter = ShadowFilter::Pcf3x3,
                       bool cascadeBlend = true) {
        o.shadows.filter = filter;
        o.shadows.cascadeBlend = cascadeBlend ? savedShadows.cascadeBlend : 0.0f;
        o.msaaSamples = samples;
        o.fxaa = fxaa;
        scene.post.bloom.enabled = bloom;
        scene.post.ambientOcclusion.enabled = ao;
        renderer.prepare(scene, camera, output); // a new frame format may need new effects
        FrameTimes t = timeFrames(1, frames, [&](int f) {
            double seconds = double(f) / 30.0;
            if (update) update(seconds);
            renderer.render(scene, camera, output, seconds);
        });
        return median(t.wallMs);
    };
    EffectCostFigures e;
    e.none = frameMs(1, false, false);
    e.msaa2 = frameMs(2, false, false);
    e.msaa4 = frameMs(4, false, false);
    e.samplesFor4x = renderer.lastFrameFormat().samples;
    e.fxaa = frameMs(1, true, false);
    e.bloom = frameMs(1, false, true);
    e.ao = frameMs(1, false, false, true);
    e.softShadows = frameMs(1, false, false, false, ShadowFilter::Poisson);
    e.noCascadeBlend = frameMs(1, false, false, false, ShadowFilter::Pcf3x3, false);
    o.shadows = savedShadows;
    o.msaaSamples = savedSamples;
    o.fxaa = savedFxaa;
    scene.post.bloom = savedBloom;
    scene.post.ambientOcclusion = savedAo;
    return e;
}

inline void printEffectCosts(const EffectCostFigures& e, int width, int height, const char* indent = "  ") {
    std::printf("%seffect costs at %dx%d (median frame ms; each effect alone against none): none %.1f, MSAA 2x %.1f (%+.1f), "
                "MSAA 4x %.1f (%+.1f; %d samples granted), FXAA %.1f (%+.1f), bloom %.1f (%+.1f), AO %.1f (%+.1f), "
                "Poisson shadow filter %.1f (%+.1f against 3x3 PCF), cascade blend off %.1f (%+.1f)\n",
                indent, width, height, e.none, e.msaa2, e.msaa2 - e.none, e.msaa4, e.msaa4 - e.none, e.samplesFor4x, e.fxaa,
                e.fxaa - e.none, e.bloom, e.bloom - e.none, e.ao, e.ao - e.none, e.softShadows, e.softShadows - e.none,
                e.noCascadeBlend, e.noCascadeBlend - e.none);
}

} // namespace th::bench
