#include "render/SamplerReport.h"

#include <algorithm>

#include "core/Str.h"
#include "render/Renderer.h"

namespace th {

std::string SamplerReport::toString() const {
    std::string s = str(label, ": ", unitsUsed, " of ", unitLimit, " fragment texture units (", profile, "), ");
    s += unitsUsed <= unitLimit ? str(unitsLeft(), " left") : str(unitsUsed - unitLimit, " over");
    for (auto& e : samplers) {
        std::string units = e.units > 1 ? str(e.unit, "-", e.unit + e.units - 1) : str(e.unit);
        s += str("\n  ", units, (units.size() < 2 ? "  " : " "), e.name, " (", e.type, ") ", e.owner);
    }
    if (!dropped.empty()) s += str("\n  dropped to fit (least important first): ", join(dropped, ", "));
    return s;
}

SamplerReport samplerReport(EffectCache& cache, const EffectRequest& request) {
    auto [vertex, fragment, dropped] = cache.buildFittedSources(request);
    ShaderInterface in = ShaderInterface::scan(fragment.text);
    // Units in the order the effect cache assigns them: engine samplers first, in the
    // engine's order, then the others as declared.
    std::vector<SamplerDeclaration> ordered = in.samplers;
    std::stable_sort(ordered.begin(), ordered.end(),
                     [&](auto& a, auto& b) { return cache.samplerUnitRank(a.name) < cache.samplerUnitRank(b.name); });
    SamplerReport report;
    report.label = request.label;
    report.unitLimit = cache.context().limits.maxTextureImageUnits;
    report.profile = toString(cache.context().limitsProfile);
    int unit = 0;
    for (auto& s : ordered) {
        int units = std::max(s.arraySize, 1);
        report.samplers.push_back({unit, s.name, s.type, cache.samplerOwner(request, s.name), units});
        unit += units;
    }
    report.unitsUsed = in.textureUnits();
    report.dropped = std::move(dropped);
    return report;
}

SamplerReport samplerReport(Renderer& renderer, const Material& material, const DrawInfo& draw) {
    return samplerReport(renderer.effects(), renderer.effectRequest(material, draw));
}

} // namespace th
