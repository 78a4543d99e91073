#pragma once
// The benchmarks' line per glTF material extension: the frame time of a model with one
// extension's plugin attached to every material (factors only, no textures: the shading cost,
// not a texture fetch's) against the model as loaded. Each figure is a median over `frames`
// frames after one warm-up; compare them as differences or ratios.
#include <cstdio>
#include <memory>
#include <vector>

#include "common/BenchFrames.h"
#include "material/PbrMaterial.h"
#include "plugins/anisotropy/AnisotropyPlugin.h"
#include "plugins/clearcoat/ClearcoatPlugin.h"
#include "plugins/iridescence/IridescencePlugin.h"
#include "plugins/sheen/SheenPlugin.h"
#include "plugins/specular/SpecularPlugin.h"
#include "render/Renderer.h"

namespace th::bench {

/// Median frame ms as loaded, and with each extension on every material (plain data: it
/// crosses a pipe from the benchmark's child process).
struct MaterialExtensionCostFigures {
    double none = 0, clearcoat = 0, sheen = 0, specular = 0, anisotropy = 0, iridescence = 0;
    int materials = 0;
};

inline MaterialExtensionCostFigures measureMaterialExtensionCosts(Renderer& renderer, Scene& scene, const Camera& camera,
                                                                  const RenderTarget& output, int frames,
                                                                  const std::vector<std::shared_ptr<PbrMaterial>>& materials) {
    auto frameMs = [&] {
        renderer.prepare(scene, camera, output); // the extension's effects compile here, not in the timing
        FrameTimes t = timeFrames(1, frames, [&](int f) { renderer.render(scene, camera, output, double(f) / 30.0); });
        return median(t.wallMs);
    };
    // One plugin kind at a time on every material that has none of that name yet.
    auto with = [&](auto makePlugin) {
        std::vector<std::pair<PbrMaterial*, std::string>> added;
        for (auto& m : materials) {
            std::shared_ptr<MaterialPlugin> plugin = makePlugin();
            if (m->plugin(plugin->name())) continue;
            m->addPlugin(plugin, true);
            added.push_back({m.get(), plugin->name()});
        }
        double ms = frameMs();
        for (auto& [m, name] : added) m->removePlugin(name);
        return ms;
    };
    MaterialExtensionCostFigures e;
    e.materials = int(materials.size());
    e.none = frameMs();
    e.clearcoat = with([] { return std::make_shared<ClearcoatPlugin>(ClearcoatParams{.factor = 1.0f, .roughness = 0.1f}); });
    e.sheen = with([] { return std::make_shared<SheenPlugin>(SheenParams{.color = glm::vec3(0.5f), .roughness = 0.5f}); });
    e.specular = with([] { return std::make_shared<SpecularPlugin>(SpecularParams{.factor = 0.8f, .color = glm::vec3(1.0f, 0.9f, 0.8f)}); });
    e.anisotropy = with([] { return std::make_shared<AnisotropyPlugin>(AnisotropyParams{.strength = 0.6f}); });
    e.iridescence = with([] { return std::make_shared<IridescencePlugin>(IridescenceParams{.factor = 1.0f}); });
    return e;
}

inline void printMaterialExtensionCosts(const MaterialExtensionCostFigures& e, int width, int height, const char* indent = "  ") {
    std::printf("%smaterial extension costs at %dx%d (median frame ms; each extension's plugin on all %d materials, factors "
                "only, against none): none %.2f, clear coat %.2f (%+.2f), sheen %.2f (%+.2f), specular %.2f (%+.2f), "
                "anisotropy %.2f (%+.2f), iridescence %.2f (%+.2f)\n",
                indent, width, height, e.materials, e.none, e.clearcoat, e.clearcoat - e.none, e.sheen, e.sheen - e.none,
                e.specular, e.specular - e.none, e.anisotropy, e.anisotropy - e.none, e.iridescence, e.iridescence - e.none);
}

} // namespace th::bench
