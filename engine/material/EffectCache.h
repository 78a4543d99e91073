#pragma once
// Builds effects through the shader pipeline and keeps them, keyed by everything that changes
// the program: shader names, store generation, pass, the define set, what each plugin
// contributes (its code signature: code, declarations and enabled state — never defines
// alone, which let Babylon.js share a program between materials whose plugins differ), the
// attribute bindings and the language. Identical permutations compile once; flipping a
// define back is a cache hit.
//
// Budgets are checked when an effect is built, against the context's limits profile: texture
// units per stage (material, plugins and the engine's own samplers) and uniform blocks per
// stage. Over budget is a Failed effect whose message lists every contributor.
#include <chrono>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "gl/Context.h"
#include "material/DrawInfo.h"
#include "material/Effect.h"
#include "material/EngineInterface.h"
#include "material/Material.h"
#include "material/ProgramBinaryCache.h"
#include "material/SourceHook.h"
#include "shader/PluginCode.h"
#include "shader/ShaderBuilder.h"
#include "shader/ShaderDefines.h"
#include "shader/ShaderStore.h"

namespace th {

struct EffectRequest {
    std::string label; ///< for messages: "material 'Ground' (pbr), shadow pass"
    std::string vertexShader;
    std::string fragmentShader;
    RenderPass pass = RenderPass::Main;
    ShaderDefines defines;
    std::vector<std::string> declaredDefines; ///< the material's; plugins' come from their code
    std::vector<const PluginCode*> plugins;
    std::vector<std::pair<std::string, unsigned>> attributeLocations;
    /// The attribute budget: who takes which locations (checked when the effect is built).
    struct AttributeUse {
        std::string contributor; ///< "engine", "instancing", "plugin 'wind'", "skinning"
        std::string name;
        unsigned location = 0;
        unsigned slots = 1;
    };
    std::vector<AttributeUse> attributeUses;
    /// Raw-source hooks in the order they run: the plugins' (injection order), then the
    /// material's. Their cache keys are part of the effect key.
    struct Hook {
        std::string owner; ///< for messages: "plugin 'Wave'", "material 'Ground'"
        std::string role;  ///< for the key: "plugin 'Wave'" or "material" (not its name, so
                           ///< two materials with the same hook and key share a program)
        const SourceHook* hook = nullptr;
    };
    std::vector<Hook> sourceHooks;
    /// Budget reporting: who owns which sampler.
    std::string materialName;
    std::vector<std::string> materialSamplers;
    /// Textures the fragment stage's unit budget may drop when the effect needs more units
    /// than the device has: each sampler's gate define (set in `defines`), its owner for the
    /// warning and its importance (the lowest goes first; PluginSampler::importance).
    struct DroppableTexture {
        std::string sampler;
        std::string define;
        std::string owner; ///< "plugin 'Clearcoat'", "material"
        int importance = 0;
    };
    std::vector<DroppableTexture> droppableTextures;
};

/// What a material's effect is built from for one draw: the material's and its plugins'
/// defines, the engine's (pass, instancing, mesh attributes), plugin code for the pass and
/// attribute locations. `frame`: the frame's target, effects and light (the main pass leaves
/// out the light that is off).
EffectRequest makeEffectRequest(const Material& material, const DrawInfo& draw, const FrameDefines& frame);
/// As above for a frame of every light and no effect; `toneMapInShader` when the frame cannot
/// be rendered in floats. What tools building shaders without a frame need.
EffectRequest makeEffectRequest(const Material& material, const DrawInfo& draw, bool toneMapInShader);
/// Every define the engine itself may set (engine_define::kEngine, for the lint).
std::vector<std::string> engineDefineNames();

class EffectCache {
public:
    EffectCache(const ShaderStore& store, const ContextInfo& context, ProgramBinaryCache* binaries = nullptr);
    ~EffectCache();

    /// Samplers the engine binds itself (IBL, BRDF table, shadows, light data), with a label
    /// for budget reports. They take the lowest texture units, in this order.
    void setEngineSamplers(std::vector<std::pair<std::string, std::string>> nameAndLabel);
    /// Defines the engine may set (PASS_*, INSTANCES, HAS_*...), for the lint.
    void setBuiltinDefines(std::vector<std::string> names);
    /// Uniform block name → binding point; by default the engine's (uniform_block::kAll). A block
    /// not listed fails the effect.
    void setUniformBlockBindings(std::vector<std::pair<std::string, unsigned>> bindings);
    /// Compile in the background where KHR_parallel_shader_compile allows (default on).
    void setParallelCompile(bool on) { mParallel = on; }
    /// Debug checks (default on in debug builds, or with TRAILHEAD_DEBUG_CHECKS=1): a cache
    /// hit for a request with raw-source hooks rebuilds its sources and compares them with
    /// the cached effect's; a difference means a hook depends on something its cache key does
    /// not say, and is logged as an error and kept in debugReports().
    void setDebugChecks(bool on) { mDebugChecks = on; }
    bool debugChecks() const { return mDebugChecks; }
    const std::vector<std::string>& debugReports() const { return mDebugReports; }

    /// The effect for a request: cached, or started now. Never throws for a bad shader: the
    /// effect comes back Failed with the reason.
    std::shared_ptr<Effect> get(const EffectRequest& request);
    /// Moves compiling effects on (finishing those the driver is done with).
    void poll();
    /// Blocks until no effect is compiling.
    void finishAll();
    /// Drops every effect (after a shader reload). Holders keep theirs alive until re-selection.
    void clear();

    struct Stats {
        uint64_t requests = 0, hits = 0, built = 0, compiled = 0, fromBinary = 0, failed = 0;
        double buildMs = 0;   ///< pipeline time (string stages) in total
        double compileMs = 0; ///< driver time spent waiting in finish (synchronous part)
    };
    const Stats& stats() const { return mStats; }
    size_t size() const { return mEffects.size(); }
    size_t pending() const { return mCompiling.size(); }
    const ContextInfo& context() const { return mContext; }
    const ShaderStore& store() const { return mStore; }

    /// Builds the two stages for a request without compiling (tools, shader views). Throws
    /// th::Error when the pipeline fails.
    std::pair<ShaderBuildResult, ShaderBuildResult> buildSources(const EffectRequest& request);
    /// The two stages fitted to the fragment stage's texture units: built as requested, then,
    /// while they need more units than the limits allow, rebuilt without the least important
    /// of the request's droppable textures (its define cleared, so its code falls back to its
    /// factor and its sampler is not declared). `dropped` names each as "sampler (owner)", in
    /// the order dropped; empty when the request fits as it is. Throws as buildSources does.
    struct FittedSources {
        ShaderBuildResult vertex, fragment;
        std::vector<std::string> dropped;
    };
    FittedSources buildFittedSources(const EffectRequest& request);
    /// Materials whose effects dropped textures to fit (each material and list once, in the
    /// order they were first built), as "material 'M': dropped a (plugin 'P'), b (...)".
    const std::vector<std::string>& textureDrops() const { return mTextureDrops; }
    /// Throws th::Error listing contributors when the sources exceed the limits.
    void checkBudget(const EffectRequest& request, const ShaderInterface& vertex, const ShaderInterface& fragment) const;
    /// Who owns a sampler of `request`: "engine (IBL specular)", "material 'M'", "plugin 'P'".
    std::string samplerOwner(const EffectRequest& request, const std::string& sampler) const;
    /// Texture units go to samplers in ascending rank (stable otherwise): an engine sampler's
    /// position in setEngineSamplers' list, then every other sampler, ranked after them all.
    int samplerUnitRank(const std::string& sampler) const;

private:
    std::string keyOf(const EffectRequest& request) const;
    void checkHooksArePure(const EffectRequest& request, const Effect& cached);
    void finalize(Effect& effect);
    void link(Effect& effect);
    std::vector<std::string> allBuiltins() const;

    const ShaderStore& mStore;
    const ContextInfo mContext; ///< a copy: tools pass one made on the spot
    ProgramBinaryCache* mBinaries;
    ShaderBuilder mBuilder;
    std::vector<std::pair<std::string, std::string>> mEngineSamplers;
    std::vector<std::string> mBuiltinDefines;
    std::vector<std::pair<std::string, unsigned>> mBlockBindings;
    std::unordered_map<std::string, std::shared_ptr<Effect>> mEffects;
    std::vector<std::shared_ptr<Effect>> mCompiling;
    uint64_t mNextId = 1;
    bool mParallel = true;
    bool mDebugChecks = false;
    std::vector<std::string> mDebugReports;
    std::vector<std::string> mTextureDrops;
    Stats mStats;
};

} // namespace th
