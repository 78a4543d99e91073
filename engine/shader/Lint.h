#pragma once
// Lint for the traps of splicing plugin text into a shader before its preprocessor runs (see
// ../shared/reference/babylon-material-plugins-hooks-and-traps.txt). Run on every effect build
// and by th-shader:
//
//  (a) error:   a plugin snippet gated (#ifdef/#ifndef/#if/#elif) on a define that neither the
//               material, nor any plugin, nor the engine's built-ins, nor the variant's define
//               set, nor a #define in the shader declares: the gate would compile out silently.
//  (b) error:   injections that land nowhere — raised by the Injector as th::Error.
//  (c) info:    a regex match inside a conditional block, with the condition it lives under
//               ("inside #ifndef UNLIT (pbr.frag.glsl:120)"): the rewrite lives or dies with it.
//  (d) warning: a regex replacement that references an identifier declared only under a
//               condition that does not also hold at the match.
//  (e) warning: an enabled plugin that contributes no code to any stage.
//
// The string checks Babylon needs (directive keywords inside comments, ';' inside a trailing
// comment) are moot here: the preprocessor ignores comments and never splits lines.
#include <span>
#include <string>
#include <vector>

#include "shader/Diagnostic.h"
#include "shader/Injector.h"
#include "shader/PluginCode.h"
#include "shader/ShaderDefines.h"
#include "shader/ShaderStage.h"

namespace th {

struct LintContext {
    ShaderStage stage = ShaderStage::Fragment;
    /// The Injector's result for this stage (its text and records); needed by (c) and (d).
    const InjectionResult* injection = nullptr;
    std::span<const PluginCode* const> plugins;
    std::vector<std::string> declaredDefines; ///< the material's own defines
    std::vector<std::string> builtinDefines;  ///< defines the engine sets (PASS_*, quality, ...)
    const ShaderDefines* defines = nullptr;   ///< the variant's define set
};

class Lint {
public:
    /// All checks above, in the order (a), (c), (d), (e).
    static std::vector<Diagnostic> run(const LintContext& context);
};

} // namespace th
