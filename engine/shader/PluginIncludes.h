#pragma once
// Includes inside plugin code. A snippet may say "#include<helperFunctions>" (with parameters,
// ranges and __decl__, as the base shader does): before injection, each such snippet is run
// through the same include expander as the shader, so the driver never sees an #include.
// Lines of an included file keep the file as their origin and carry, as context, the plugin,
// key and snippet line that included it; a driver error there names all of them. A missing
// include is an error naming plugin, stage, key and snippet line.
#include <deque>
#include <span>
#include <vector>

#include "shader/IncludeExpander.h"
#include "shader/PluginCode.h"
#include "shader/ShaderStage.h"

namespace th {

class PluginIncludes {
public:
    /// `plugins` with every plugin whose `stage` code holds an #include replaced by a copy,
    /// kept in `storage`, whose snippets are expanded. Plugins without includes are passed on
    /// as they are (no copy). Throws th::Error as described above.
    static std::vector<const PluginCode*> expand(const IncludeExpander& expander, const IncludeOptions& options,
                                                 ShaderStage stage, std::span<const PluginCode* const> plugins,
                                                 std::deque<PluginCode>& storage);
};

} // namespace th
