#pragma once
// Shader modules: GLSL that plugins share instead of copying (luma.gl's shader modules). A
// module is a named file in the shader store, looked up like an include ("noise" finds
// "noise.glsl" or ".../noise.glsl"). It declares the modules it needs on lines of its own:
//
//   #requires hash, constants
//
// A plugin lists the modules it uses (PluginCode::modules; "modules": [...] in JSON). When an
// effect is built, the modules of the enabled plugins with code in the stage are gathered with
// their dependencies, each once, dependencies first, and injected at the stage's definitions
// marker (CUSTOM_VERTEX_DEFINITIONS or CUSTOM_FRAGMENT_DEFINITIONS), after the engine's plugin
// declarations and before any plugin's own definitions. A module of a disabled plugin is
// absent. A module may #include like any shader file; its lines keep the module file as
// their origin. A module that is not in the store, or a cycle of #requires, is an error
// naming both ends (the plugin or module that asks, and the module asked for).
#include <span>
#include <string>
#include <vector>

#include "shader/IncludeExpander.h"
#include "shader/PluginCode.h"
#include "shader/ShaderStage.h"
#include "shader/ShaderStore.h"

namespace th {

class ShaderModules {
public:
    /// The marker modules are injected at in `stage`.
    static const char* marker(ShaderStage stage);
    /// The modules used by `plugins` in `stage`, in dependency order, as one plugin's code
    /// (named "shader modules", injected just after the engine's declarations). Empty (no
    /// code) when no enabled plugin uses a module there. Throws th::Error as above.
    static PluginCode resolve(const ShaderStore& store, const IncludeExpander& expander, const IncludeOptions& options,
                              ShaderStage stage, std::span<const PluginCode* const> plugins);
    /// The module names `text` requires ("#requires a, b" lines), with the line of each.
    static std::vector<std::pair<std::string, size_t>> requirements(std::string_view text);
};

} // namespace th
