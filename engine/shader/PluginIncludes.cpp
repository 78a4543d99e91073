#include "shader/PluginIncludes.h"

#include <algorithm>

#include "core/Error.h"
#include "core/Str.h"

namespace th {

namespace {

bool mayInclude(const PluginSnippet& s) { return s.code.text.find("#include") != std::string::npos; }

} // namespace

std::vector<const PluginCode*> PluginIncludes::expand(const IncludeExpander& expander, const IncludeOptions& options,
                                                      ShaderStage stage, std::span<const PluginCode* const> plugins,
                                                      std::deque<PluginCode>& storage) {
    std::vector<const PluginCode*> out(plugins.begin(), plugins.end());
    for (const PluginCode*& plugin : out) {
        if (!plugin || !plugin->enabled) continue;
        const auto& code = plugin->code(stage);
        if (std::none_of(code.begin(), code.end(), mayInclude)) continue;
        PluginCode& copy = storage.emplace_back(*plugin);
        for (PluginSnippet& snippet : copy.code(stage)) {
            if (!mayInclude(snippet)) continue;
            try {
                snippet.code = expander.expand(snippet.code, options);
            } catch (const Error& e) {
                throw Error(e.where(), str("plugin '", plugin->name, "' ", toString(stage), " key '", snippet.key,
                                           "': ", e.message()));
            }
        }
        plugin = &copy;
    }
    return out;
}

} // namespace th
