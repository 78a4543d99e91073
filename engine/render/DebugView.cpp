#include "render/DebugView.h"

#include <array>

#include "core/Error.h"
#include "core/Str.h"

namespace th {

namespace {
// In enum order; shaders/pbr/debug_view.glsl numbers the views the same way.
constexpr std::array<const char*, 12> kNames = {"none",     "base-color", "normal",      "roughness", "metallic", "occlusion",
                                                "emissive", "overdraw",   "light-count", "cascade",   "ao",       "light-visits"};
} // namespace

const char* toString(DebugView view) {
    size_t i = size_t(view);
    return i < kNames.size() ? kNames[i] : "none";
}

const std::vector<std::string>& debugViewNames() {
    static const std::vector<std::string> names(kNames.begin(), kNames.end());
    return names;
}

DebugView parseDebugView(std::string_view name) {
    for (size_t i = 0; i < kNames.size(); ++i)
        if (name == kNames[i]) return DebugView(i);
    throw Error(str("unknown debug view '", name, "'; expected ", join(debugViewNames(), ", ")));
}

} // namespace th
