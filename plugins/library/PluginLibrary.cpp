#include "plugins/library/PluginLibrary.h"

#include <array>

#include "core/Error.h"
#include "core/Str.h"
#include "plugins/anisotropy/AnisotropyPlugin.h"
#include "plugins/clearcoat/ClearcoatPlugin.h"
#include "plugins/conform/ConformPlugin.h"
#include "plugins/dither/DitherPlugin.h"
#include "plugins/iridescence/IridescencePlugin.h"
#include "plugins/sheen/SheenPlugin.h"
#include "plugins/specgloss/SpecularGlossinessPlugin.h"
#include "plugins/specular/SpecularPlugin.h"
#include "plugins/terrain/TerrainPlugin.h"
#include "plugins/transmission/TransmissionPlugin.h"
#include "plugins/wind/WindPlugin.h"
#include "plugins/wing/WingPlugin.h"

namespace th {

namespace {

struct ShippedPlugin {
    const char* name;
    std::shared_ptr<MaterialPlugin> (*create)();
};

template <class Plugin> std::shared_ptr<MaterialPlugin> make() { return std::make_shared<Plugin>(); }
/// The glTF extensions' plugins with every texture slot declared: their worst-case units.
template <class Plugin> std::shared_ptr<MaterialPlugin> makeWithTextures() { return Plugin::withAllTextures(); }

/// Every plugin that ships, in the order tools list them. A new plugin is one row here.
constexpr std::array kShipped = {
    ShippedPlugin{"wind", make<WindPlugin>},       ShippedPlugin{"conform", make<ConformPlugin>},
    ShippedPlugin{"dither", make<DitherPlugin>},   ShippedPlugin{"wing", make<WingPlugin>},
    ShippedPlugin{"terrain", make<TerrainPlugin>},
    ShippedPlugin{"specular-glossiness", makeWithTextures<SpecularGlossinessPlugin>},
    ShippedPlugin{"anisotropy", makeWithTextures<AnisotropyPlugin>},
    ShippedPlugin{"iridescence", makeWithTextures<IridescencePlugin>},
    ShippedPlugin{"specular", makeWithTextures<SpecularPlugin>},
    ShippedPlugin{"sheen", makeWithTextures<SheenPlugin>},
    ShippedPlugin{"clearcoat", makeWithTextures<ClearcoatPlugin>},
    ShippedPlugin{"transmission", makeWithTextures<TransmissionPlugin>},
};

} // namespace

const std::vector<std::string>& shippedPluginNames() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const ShippedPlugin& p : kShipped) out.emplace_back(p.name);
        return out;
    }();
    return names;
}

std::shared_ptr<MaterialPlugin> createShippedPlugin(std::string_view name) {
    for (const ShippedPlugin& p : kShipped)
        if (name == p.name) return p.create();
    throw Error(str("no shipped plugin named '", name, "'; the engine ships ", join(shippedPluginNames(), ", ")));
}

} // namespace th
