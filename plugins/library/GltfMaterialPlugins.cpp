#include "plugins/library/GltfMaterialPlugins.h"

#include "material/PbrMaterial.h"
#include "plugins/anisotropy/AnisotropyPlugin.h"
#include "plugins/clearcoat/ClearcoatPlugin.h"
#include "plugins/iridescence/IridescencePlugin.h"
#include "plugins/sheen/SheenPlugin.h"
#include "plugins/specgloss/SpecularGlossinessPlugin.h"
#include "plugins/specular/SpecularPlugin.h"
#include "plugins/transmission/TransmissionPlugin.h"

namespace th {

namespace {

/// One extension: its name, whether a material's parameters carry it, and its plugin.
struct ExtensionEntry {
    const char* extension;
    bool (*present)(const PbrParams&);
    std::shared_ptr<MaterialPlugin> (*create)(const PbrMaterial&);
};

template <class Plugin> std::shared_ptr<MaterialPlugin> make(const PbrMaterial& m) { return std::make_shared<Plugin>(m); }

const ExtensionEntry kExtensions[] = {
    {"KHR_materials_pbrSpecularGlossiness", [](const PbrParams& p) { return p.specularGlossiness.has_value(); },
     make<SpecularGlossinessPlugin>},
    {"KHR_materials_anisotropy", [](const PbrParams& p) { return p.anisotropy.has_value(); }, make<AnisotropyPlugin>},
    {"KHR_materials_iridescence", [](const PbrParams& p) { return p.iridescence.has_value(); }, make<IridescencePlugin>},
    {"KHR_materials_specular", [](const PbrParams& p) { return p.specular.has_value(); }, make<SpecularPlugin>},
    {"KHR_materials_sheen", [](const PbrParams& p) { return p.sheen.has_value(); }, make<SheenPlugin>},
    {"KHR_materials_clearcoat", [](const PbrParams& p) { return p.clearcoat.has_value(); }, make<ClearcoatPlugin>},
    // Volume and dispersion are shaded by the transmission plugin (the importer keeps them only
    // with transmission, warning otherwise).
    {"KHR_materials_transmission", [](const PbrParams& p) { return p.transmission.has_value(); }, make<TransmissionPlugin>},
};

} // namespace

void registerGltfMaterialPlugins(MaterialRegistry& registry) {
    for (const ExtensionEntry& e : kExtensions) {
        if (registry.hasPluginFactory(e.extension)) continue;
        registry.addPluginFactory(e.extension, [&e](Material& material) -> std::shared_ptr<MaterialPlugin> {
            auto* pbr = dynamic_cast<PbrMaterial*>(&material);
            if (!pbr || pbr->params().unlit || !e.present(pbr->params())) return nullptr;
            return e.create(*pbr);
        });
    }
}

const std::vector<std::string>& gltfMaterialPluginExtensions() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const ExtensionEntry& e : kExtensions) out.emplace_back(e.extension);
        return out;
    }();
    return names;
}

} // namespace th
