#pragma once
// The raw-source hook: the escape hatch for an edit no marker, callable target or regex key
// can express (three.js's onBeforeCompile with customProgramCacheKey). A material or a plugin
// sets one; for every effect built for it, each stage's whole source comes to `edit` after
// plugin injection and before the preprocessor, with what the effect is built for, and the
// edited source goes on down the pipeline.
//
// Its two rules are three.js's traps turned into API:
//   - `edit` is called on clean source for every effect key, never on its own earlier
//     output, so it must be a pure function of its arguments and of what `cacheKey` says;
//   - `cacheKey` returns everything else `edit` depends on (a member it reads, a setting):
//     it is part of the effect key, so two materials whose hooks would edit differently
//     get two programs. A hook whose output differs for two builds with the same key is a
//     bug the effect cache's debug check reports (EffectCache::setDebugChecks).
// A hook that throws, or returns an empty source, fails the effect with a message naming
// its owner and stage: the material draws as the error material, the rest of the frame draws.
#include <functional>
#include <string>
#include <string_view>

#include "gl/Limits.h"
#include "material/RenderPass.h"
#include "shader/ShaderDefines.h"
#include "shader/ShaderLanguage.h"
#include "shader/ShaderStage.h"

namespace th {

/// What an effect is being built for, handed to a raw-source hook.
struct SourceHookContext {
    std::string_view material; ///< the material's name
    RenderPass pass = RenderPass::Main;
    ShaderStage stage = ShaderStage::Fragment;
    const ShaderDefines& defines; ///< the effect's define set (material, plugins, engine)
    ShaderLanguage language = ShaderLanguage::Es300;
    const Limits& limits; ///< the context's limits profile
};

struct SourceHook {
    /// The edited source of one stage (`source` is the injected text, before #if evaluation).
    std::function<std::string(std::string_view source, const SourceHookContext& context)> edit;
    /// Everything `edit` depends on beyond its arguments, as a string: part of the effect key.
    std::function<std::string()> cacheKey;
};

} // namespace th
