// Links the renderer and a shipped plugin from an installed Trailhead and builds an effect's
// sources without a GL context; builds clipmap rings over its own height function; builds a
// coverage-preserving mip chain and links the impostor baker (which needs a context to run).
#include <cstdio>

#include "assets/Clipmap.h"
#include "material/EffectCache.h"
#include "material/PbrMaterial.h"
#include "plugins/wind/WindPlugin.h"
#include "render/CoverageMips.h"
#include "render/ImpostorBaker.h"
#include "render/Renderer.h"

int main() {
    th::ShaderStore store;
    th::ContextInfo info;
    info.limits = th::Limits::webgl2Minimums();
    th::EffectCache cache(store, info);
    cache.setEngineSamplers(th::Renderer::engineSamplers());
    th::PbrMaterial material("consumer");
    material.addPlugin(std::make_shared<th::WindPlugin>());
    th::DrawInfo draw;
    draw.instanced = true;
    auto [vertex, fragment] = cache.buildSources(th::makeEffectRequest(material, draw, false));
    std::printf("vertex %zu lines, fragment %zu lines\n", vertex.text.lines.size(), fragment.text.lines.size());
    if (vertex.text.text.find("wind") == std::string::npos) return 1;

    // A game's own ground: a gentle slope, three rings of 16² quads.
    th::Clipmap clipmap([](float x, float z) { return th::HeightSample{0.1f * x, {0.1f, 0.0f}}; },
                        {.rings = 3, .cells = 16, .blendCells = 2});
    th::ClipmapUpdate update = clipmap.update({0.0f, 0.0f});
    std::printf("clipmap: %zu rings built, %llu quads\n", update.emitted.size(), (unsigned long long)clipmap.quadCount());
    if (update.emitted.size() != 3 || clipmap.ring(0).mesh.positions.empty()) return 1;

    th::ImageRgba8 card(8, 8);
    for (int y = 2; y < 8; ++y)
        for (int x = 3; x < 5; ++x) card.at(x, y)[3] = 255;
    std::vector<th::ImageRgba8> mips = th::coveragePreservingMips(card);
    // The baker needs a GL context to run; linking it is what this checks.
    th::ImpostorBake (*volatile bake)(th::Renderer&, const th::MeshData&, int, const std::string&) = &th::bakeImpostor;
    std::printf("impostor: %zu mip levels, baker at %p\n", mips.size(), reinterpret_cast<void*>(bake));
    return mips.size() == 3 && bake ? 0 : 1;
}
