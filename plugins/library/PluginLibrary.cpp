#include "plugins/library/PluginLibrary.h"

#include "core/Error.h"
#include "core/Str.h"
#include "plugins/conform/ConformPlugin.h"
#include "plugins/dither/DitherPlugin.h"
#include "plugins/terrain/TerrainPlugin.h"
#include "plugins/wind/WindPlugin.h"
#include "plugins/wing/WingPlugin.h"

namespace th {

const std::vector<std::string>& shippedPluginNames() {
    static const std::vector<std::string> names = {"wind", "conform", "dither", "wing", "terrain"};
    return names;
}

std::shared_ptr<MaterialPlugin> createShippedPlugin(std::string_view name) {
    if (name == "wind") return std::make_shared<WindPlugin>();
    if (name == "conform") return std::make_shared<ConformPlugin>();
    if (name == "dither") return std::make_shared<DitherPlugin>();
    if (name == "wing") return std::make_shared<WingPlugin>();
    if (name == "terrain") return std::make_shared<TerrainPlugin>();
    throw Error(str("no shipped plugin named '", name, "'; the engine ships ", join(shippedPluginNames(), ", ")));
}

} // namespace th
