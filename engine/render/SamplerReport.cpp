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
    return s;
}

SamplerReport samplerReport(EffectCache& cache, const EffectRequest& request,
                            const std::vector<std::pair<std::string, std::string>>& engineSamplers) {
    auto [vertex, fragment] = cache.buildSources(request);
    ShaderInterface in = ShaderInterface::scan(fragment.text);
    auto owner = [&](const std::string& sampler) -> std::string {
        for (auto& [name, label] : engineSamplers)
            if (name == sampler) return str("engine (", label, ")");
        if (std::find(request.materialSamplers.begin(), request.materialSamplers.end(), sampler) != request.materialSamplers.end())
            return str("material '", request.materialName, "'");
        for (auto* p : request.plugins)
            for (auto& s : p->samplers)
                if (s.name == sampler) return str("plugin '", p->name, "'");
        return "shader";
    };
    // Units in the order the effect cache assigns them: engine samplers first, in the
    // engine's order, then the others as declared.
    std::vector<SamplerDeclaration> ordered = in.samplers;
    auto rank = [&](const std::string& n) {
        for (size_t i = 0; i < engineSamplers.size(); ++i)
            if (engineSamplers[i].first == n) return int(i);
        return int(engineSamplers.size());
    };
    std::stable_sort(ordered.begin(), ordered.end(), [&](auto& a, auto& b) { return rank(a.name) < rank(b.name); });
    SamplerReport report;
    report.label = request.label;
    report.unitLimit = cache.context().limits.maxTextureImageUnits;
    report.profile = toString(cache.context().limitsProfile);
    int unit = 0;
    for (auto& s : ordered) {
        int units = std::max(s.arraySize, 1);
        report.samplers.push_back({unit, s.name, s.type, owner(s.name), units});
        unit += units;
    }
    report.unitsUsed = in.textureUnits();
    return report;
}

SamplerReport samplerReport(Renderer& renderer, const Material& material, const DrawInfo& draw) {
    return samplerReport(renderer.effects(), renderer.effectRequest(material, draw), Renderer::engineSamplers());
}

} // namespace th
