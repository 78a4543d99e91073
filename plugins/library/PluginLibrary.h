#pragma once
// The plugins that ship with the engine, by name, for tools (th-shader --plugins wind,terrain)
// and benchmarks that build materials without a scene.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "material/MaterialPlugin.h"

namespace th {

/// "wind", "conform", "dither", "wing", "terrain", and the glTF material extensions
/// "specular-glossiness", "specular", "sheen", "clearcoat" (every texture slot declared).
const std::vector<std::string>& shippedPluginNames();
/// A fresh plugin with default settings; throws th::Error listing the names for an unknown one.
std::shared_ptr<MaterialPlugin> createShippedPlugin(std::string_view name);

} // namespace th
