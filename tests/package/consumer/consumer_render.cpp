// Links the renderer and a shipped plugin from an installed Trailhead and builds an effect's
// sources without a GL context.
#include <cstdio>

#include "material/EffectCache.h"
#include "material/PbrMaterial.h"
#include "plugins/wind/WindPlugin.h"
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
    return vertex.text.text.find("wind") != std::string::npos ? 0 : 1;
}
