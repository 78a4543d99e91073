#include "material/MaterialRegistry.h"

#include <algorithm>

#include "core/Log.h"

namespace th {

void MaterialRegistry::apply(const std::string& factoryName, const PluginFactory& factory, Material& material) {
    if (!material.acceptsPlugins()) return;
    std::shared_ptr<MaterialPlugin> plugin = factory(material);
    if (!plugin) {
        ++mStats.declined;
        return;
    }
    if (material.plugin(plugin->name())) return; // already attached (the same factory twice)
    std::string reason;
    if (!plugin->accepts(material, &reason)) {
        ++mStats.refused;
        logInfo("plugin factory '", factoryName, "': plugin '", plugin->name(), "' refused material '", material.name(),
                "': ", reason);
        return;
    }
    material.addPlugin(std::move(plugin));
    ++mStats.attached;
}

int MaterialRegistry::addPluginFactory(std::string name, PluginFactory factory) {
    int id = mNextId++;
    for (auto& m : materials()) apply(name, factory, *m);
    mFactories.push_back({id, std::move(name), std::move(factory)});
    return id;
}

bool MaterialRegistry::hasPluginFactory(std::string_view name) const {
    for (const Entry& e : mFactories)
        if (e.name == name) return true;
    return false;
}

void MaterialRegistry::removePluginFactory(int id) {
    mFactories.erase(std::remove_if(mFactories.begin(), mFactories.end(), [&](auto& e) { return e.id == id; }), mFactories.end());
}

std::shared_ptr<Material> MaterialRegistry::add(std::shared_ptr<Material> material) {
    if (material->mRegistry == this) return material; // factories already offered
    material->mRegistry = this;
    mMaterials.push_back(material);
    for (auto& f : mFactories) apply(f.name, f.factory, *material);
    return material;
}

std::vector<std::shared_ptr<Material>> MaterialRegistry::materials() {
    std::vector<std::shared_ptr<Material>> live;
    mMaterials.erase(std::remove_if(mMaterials.begin(), mMaterials.end(), [&](auto& w) {
                         auto m = w.lock();
                         if (m) live.push_back(std::move(m));
                         return !m;
                     }),
                     mMaterials.end());
    return live;
}

} // namespace th
