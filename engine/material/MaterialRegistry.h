#pragma once
// The global way to attach plugins: a factory registered here reaches every material the
// registry knows — those that exist when the factory is added and those added later. The
// glTF importer registers the materials it creates, and the renderer registers every
// material it draws with its own registry (Renderer::materials()), so materials built in code
// are reached from their first frame on. A factory may decline a material by
// returning nullptr (a sky, a particle material); materials that take no plugins at all are
// never offered. Unlike Babylon.js's RegisterMaterialPlugin, order does not matter.
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "material/Material.h"

namespace th {

class MaterialRegistry {
public:
    using PluginFactory = std::function<std::shared_ptr<MaterialPlugin>(Material&)>;

    /// Registers a factory and applies it to every live material now. Returns an id for
    /// removal. A plugin the factory returns that refuses the material (accepts() false) is
    /// skipped with one log line naming both.
    int addPluginFactory(std::string name, PluginFactory factory);
    /// Whether a factory of that name is registered.
    bool hasPluginFactory(std::string_view name) const;
    /// Stops offering the factory to new materials (attached plugins stay).
    void removePluginFactory(int id);

    /// Registers a material and applies every factory to it (once: adding it again does
    /// nothing). Returns it for chaining.
    std::shared_ptr<Material> add(std::shared_ptr<Material> material);
    template <typename T, typename... Args>
    std::shared_ptr<T> create(Args&&... args) {
        auto m = std::make_shared<T>(std::forward<Args>(args)...);
        add(m);
        return m;
    }

    /// The live materials (expired ones are dropped).
    std::vector<std::shared_ptr<Material>> materials();

    struct Stats {
        uint64_t attached = 0, declined = 0, refused = 0;
    };
    const Stats& stats() const { return mStats; }

private:
    void apply(const std::string& factoryName, const PluginFactory& factory, Material& material);
    struct Entry {
        int id;
        std::string name;
        PluginFactory factory;
    };
    std::vector<Entry> mFactories;
    std::vector<std::weak_ptr<Material>> mMaterials;
    int mNextId = 1;
    Stats mStats;
};

} // namespace th
