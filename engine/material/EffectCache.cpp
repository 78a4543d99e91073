#include "material/EffectCache.h"

#include <algorithm>
#include <cstdlib>
#include <set>
#include <string_view>

#include "core/Error.h"
#include "core/Log.h"
#include "core/SteadyClock.h"
#include "core/Str.h"
#include "gl/GlApi.h"
#include "material/PluginNameCheck.h"

namespace th {

EffectCache::EffectCache(const ShaderStore& store, const ContextInfo& context, ProgramBinaryCache* binaries)
    : mStore(store), mContext(context), mBinaries(binaries), mBuilder(store) {
    for (const EngineBlock& b : uniform_block::kAll) mBlockBindings.emplace_back(std::string(b.name), b.binding);
#ifndef NDEBUG
    mDebugChecks = true;
#endif
    if (const char* env = std::getenv("TRAILHEAD_DEBUG_CHECKS")) mDebugChecks = std::string_view(env) == "1";
    if (context.parallelShaderCompile) glMaxShaderCompilerThreadsKHR(0xFFFFFFFFu); // as many as the driver likes
}

EffectCache::~EffectCache() = default;

void EffectCache::setEngineSamplers(std::vector<std::pair<std::string, std::string>> s) { mEngineSamplers = std::move(s); }
void EffectCache::setBuiltinDefines(std::vector<std::string> names) { mBuiltinDefines = std::move(names); }
void EffectCache::setUniformBlockBindings(std::vector<std::pair<std::string, unsigned>> b) { mBlockBindings = std::move(b); }

std::vector<std::string> EffectCache::allBuiltins() const {
    std::vector<std::string> b = mBuiltinDefines;
    for (std::string_view d : engine_define::kPass) b.emplace_back(d);
    return b;
}

std::string EffectCache::keyOf(const EffectRequest& r) const {
    std::string key = str(r.vertexShader, '\x1f', r.fragmentShader, '\x1f', mStore.generation(), '\x1f', int(r.pass),
                          '\x1f', int(mContext.api), '\x1f');
    for (auto& d : r.defines) key += str(d.name, '=', d.value, ';');
    key += '\x1f';
    for (auto* p : r.plugins) key += str(p->signature(), ',');
    key += '\x1f';
    for (auto& [n, l] : r.attributeLocations) key += str(n, ':', l, ',');
    key += '\x1f';
    for (auto& h : r.sourceHooks) key += str(h.role, '=', h.hook->cacheKey ? h.hook->cacheKey() : std::string(), ';');
    return key;
}

std::pair<ShaderBuildResult, ShaderBuildResult> EffectCache::buildSources(const EffectRequest& r) {
    ShaderBuildRequest b;
    b.defines = r.defines;
    b.declaredDefines = r.declaredDefines;
    b.builtinDefines = allBuiltins();
    b.plugins = r.plugins;
    b.language = mContext.api == GlApi::Gles30 ? ShaderLanguage::Es300 : ShaderLanguage::Glsl330;
    for (auto& requested : r.sourceHooks) {
        if (!requested.hook->edit) continue;
        const SourceHook* h = requested.hook;
        const std::string& owner = requested.owner;
        ShaderLanguage language = b.language;
        b.sourceEdits.push_back({owner, [h, &r, language, this](std::string_view source, ShaderStage stage) {
                                     SourceHookContext context{r.materialName, r.pass, stage, r.defines, language, mContext.limits};
                                     return h->edit(source, context);
                                 }});
    }
    b.stage = ShaderStage::Vertex;
    b.source = r.vertexShader;
    ShaderBuildResult vertex = mBuilder.build(b);
    b.stage = ShaderStage::Fragment;
    b.source = r.fragmentShader;
    ShaderBuildResult fragment = mBuilder.build(b);
    checkPluginNames(r.plugins, mEngineSamplers, r.materialSamplers, r.materialName, vertex.text, r.label);
    checkPluginNames(r.plugins, mEngineSamplers, r.materialSamplers, r.materialName, fragment.text, r.label);
    return {std::move(vertex), std::move(fragment)};
}

EffectCache::FittedSources EffectCache::buildFittedSources(const EffectRequest& request) {
    auto [vertex, fragment] = buildSources(request);
    FittedSources out{std::move(vertex), std::move(fragment), {}};
    const int limit = mContext.limits.maxTextureImageUnits;
    if (ShaderInterface::scan(out.fragment.text).textureUnits() <= limit || request.droppableTextures.empty()) return out;
    // The least important first; among equals the one declared last (the detail slots come
    // after the slot that carries an extension).
    std::vector<const EffectRequest::DroppableTexture*> order;
    for (auto it = request.droppableTextures.rbegin(); it != request.droppableTextures.rend(); ++it)
        if (findDefine(request.defines, it->define)) order.push_back(&*it);
    std::stable_sort(order.begin(), order.end(), [](auto* a, auto* b) { return a->importance < b->importance; });
    EffectRequest fitted = request;
    int units = ShaderInterface::scan(out.fragment.text).textureUnits();
    for (const EffectRequest::DroppableTexture* d : order) {
        EffectRequest without = fitted;
        std::erase_if(without.defines, [&](const ShaderDefine& x) { return x.name == d->define; });
        auto [v, f] = buildSources(without);
        int left = ShaderInterface::scan(f.text).textureUnits();
        if (left >= units) continue; // it shares a unit with a slot that stays: dropping it saves nothing
        fitted = std::move(without);
        units = left;
        out.vertex = std::move(v);
        out.fragment = std::move(f);
        out.dropped.push_back(str(d->sampler, " (", d->owner, ")"));
        if (units <= limit) break;
    }
    return out;
}

void EffectCache::checkBudget(const EffectRequest& r, const ShaderInterface& vs, const ShaderInterface& fs) const {
    const Limits& limits = mContext.limits;
    auto owner = [&](const std::string& sampler) { return samplerOwner(r, sampler); };
    // Samplers grouped by contributor in first-seen order, one line each, counting each name
    // once (a sampler both stages declare takes one unit of the combined budget).
    auto contributors = [&](const std::vector<const SamplerDeclaration*>& samplers) {
        std::vector<std::pair<std::string, std::vector<std::string>>> groups;
        std::vector<int> counts;
        for (const SamplerDeclaration* s : samplers) {
            std::string who = owner(s->name);
            auto it = std::find_if(groups.begin(), groups.end(), [&](auto& g) { return g.first == who; });
            if (it == groups.end()) {
                groups.push_back({who, {}});
                counts.push_back(0);
                it = groups.end() - 1;
            }
            it->second.push_back(s->arraySize > 1 ? str(s->name, "[", s->arraySize, "]") : s->name);
            counts[size_t(it - groups.begin())] += std::max(s->arraySize, 1);
        }
        std::string lines;
        for (size_t i = 0; i < groups.size(); ++i)
            lines += str("\n  ", groups[i].first, ": ", counts[i], " (", join(groups[i].second, ", "), ")");
        return lines;
    };
    // Vertex attributes: WebGL2 guarantees 16 locations, shared by the engine, instancing,
    // plugins' per-instance attributes and skinning.
    unsigned end = 0, used = 0;
    for (auto& a : r.attributeUses) {
        end = std::max(end, a.location + a.slots);
        used += a.slots;
    }
    if (end > attrib::kMaxAttributes) {
        std::vector<std::pair<std::string, std::vector<std::string>>> groups;
        std::vector<unsigned> slots;
        for (auto& a : r.attributeUses) {
            auto it = std::find_if(groups.begin(), groups.end(), [&](auto& g) { return g.first == a.contributor; });
            if (it == groups.end()) {
                groups.push_back({a.contributor, {}});
                slots.push_back(0);
                it = groups.end() - 1;
            }
            it->second.push_back(a.name);
            slots[size_t(it - groups.begin())] += a.slots;
        }
        std::string lines;
        for (size_t i = 0; i < groups.size(); ++i)
            lines += str("\n  ", groups[i].first, ": ", slots[i], " (", join(groups[i].second, ", "), ")");
        throw Error(str(r.label, ": the vertex stage needs ", end, " attribute locations (", used,
                        " in use); WebGL2 guarantees ", attrib::kMaxAttributes, ". Contributors:", lines));
    }
    auto report = [&](const ShaderInterface& in, const char* stage, int limit) {
        int units = in.textureUnits();
        if (units <= limit) return;
        std::vector<const SamplerDeclaration*> samplers;
        for (auto& s : in.samplers) samplers.push_back(&s);
        throw Error(str(r.label, ": the ", stage, " stage needs ", units, " texture units; the ", toString(mContext.limitsProfile),
                        " limits allow ", limit, ". Contributors:", contributors(samplers)));
    };
    report(vs, "vertex", limits.maxVertexTextureImageUnits);
    report(fs, "fragment", limits.maxTextureImageUnits);
    std::set<std::string> combined;
    std::vector<const SamplerDeclaration*> combinedSamplers;
    int combinedUnits = 0;
    for (auto* in : {&vs, &fs})
        for (auto& s : in->samplers)
            if (combined.insert(s.name).second) {
                combinedUnits += std::max(s.arraySize, 1);
                combinedSamplers.push_back(&s);
            }
    if (combinedUnits > limits.maxCombinedTextureImageUnits)
        throw Error(str(r.label, ": the vertex and fragment stages need ", combinedUnits, " texture units together; the ",
                        toString(mContext.limitsProfile), " limits allow ", limits.maxCombinedTextureImageUnits,
                        ". Contributors:", contributors(combinedSamplers)));
    auto blocks = [&](const ShaderInterface& in, const char* stage, int limit) {
        if (int(in.uniformBlocks.size()) <= limit) return;
        std::string lines;
        for (auto& b : in.uniformBlocks) lines += str("\n  ", b.name, " (declared at ", b.where.toString(), ")");
        throw Error(str(r.label, ": the ", stage, " stage declares ", in.uniformBlocks.size(), " uniform blocks; the ",
                        toString(mContext.limitsProfile), " limits allow ", limit, ". Contributors:", lines));
    };
    blocks(vs, "vertex", limits.maxVertexUniformBlocks);
    blocks(fs, "fragment", limits.maxFragmentUniformBlocks);
    for (auto* in : {&vs, &fs})
        for (auto& b : in->uniformBlocks)
            if (std::none_of(mBlockBindings.begin(), mBlockBindings.end(), [&](auto& kv) { return kv.first == b.name; }))
                throw Error(b.where, str(r.label, ": uniform block '", b.name, "' has no binding point; the engine binds ",
                                         [&] {
                                             std::vector<std::string> n;
                                             for (auto& kv : mBlockBindings) n.push_back(kv.first);
                                             return join(n, ", ");
                                         }()));
}

std::string EffectCache::samplerOwner(const EffectRequest& r, const std::string& sampler) const {
    for (auto& [name, label] : mEngineSamplers)
        if (name == sampler) return str("engine (", label, ")");
    if (std::find(r.materialSamplers.begin(), r.materialSamplers.end(), sampler) != r.materialSamplers.end())
        return str("material '", r.materialName, "'");
    for (auto* p : r.plugins)
        for (auto& s : p->samplers)
            if (s.name == sampler) return str("plugin '", p->name, "'");
    return "shader";
}

int EffectCache::samplerUnitRank(const std::string& sampler) const {
    for (size_t i = 0; i < mEngineSamplers.size(); ++i)
        if (mEngineSamplers[i].first == sampler) return int(i);
    return int(mEngineSamplers.size());
}

std::vector<std::string> engineDefineNames() {
    std::vector<std::string> names;
    for (const EngineDefine& d : engine_define::kEngine) names.emplace_back(d.name);
    return names;
}

EffectRequest makeEffectRequest(const Material& material, const DrawInfo& draw, bool toneMapInShader) {
    return makeEffectRequest(material, draw, FrameDefines{.toneMapInShader = toneMapInShader});
}

EffectRequest makeEffectRequest(const Material& material, const DrawInfo& draw, const FrameDefines& frame) {
    EffectRequest r;
    r.label = str("material '", material.name(), "' (", material.kind(), "), ", toString(draw.pass), " pass");
    r.vertexShader = material.vertexShader();
    r.fragmentShader = material.fragmentShader();
    r.pass = draw.pass;
    material.collectDefines(r.defines, draw);
    for (auto& p : material.plugins()) {
        if (p->runsIn(draw.pass)) p->prepareDefines(r.defines, draw);
    }
    setDefine(r.defines, passDefine(draw.pass), "");
    const EngineDefineInputs inputs{frame, draw};
    for (const EngineDefine& d : engine_define::kEngine) {
        if (!d.isSet(inputs)) continue;
        setDefine(r.defines, d.name, d.value ? std::to_string(d.value(inputs)) : std::string());
    }
    r.declaredDefines = material.declaredDefines();
    r.plugins = material.pluginCode(draw.pass);
    std::vector<const MaterialPlugin*> hooked;
    for (auto& p : material.plugins()) {
        if (p->sourceHook() && p->runsIn(draw.pass)) hooked.push_back(p.get());
    }
    std::stable_sort(hooked.begin(), hooked.end(), [](const MaterialPlugin* a, const MaterialPlugin* b) {
        return a->priority() != b->priority() ? a->priority() < b->priority() : a->registration() < b->registration();
    });
    for (const MaterialPlugin* p : hooked) {
        std::string owner = str("plugin '", p->name(), "'");
        r.sourceHooks.push_back({owner, owner, p->sourceHook()});
    }
    if (material.sourceHook()) r.sourceHooks.push_back({str("material '", material.name(), "'"), "material", material.sourceHook()});
    r.attributeLocations = attrib::standardLocations();
    const auto pluginAttributes = material.instanceAttributeLocations();
    for (auto& a : pluginAttributes) r.attributeLocations.push_back(a);
    // The attribute budget, by contributor: what this draw's vertex shader reads.
    r.attributeUses.push_back({"engine", "position", attrib::kPosition, 1});
    if (draw.hasNormals) r.attributeUses.push_back({"engine", "normal", attrib::kNormal, 1});
    if (draw.hasTangents) r.attributeUses.push_back({"engine", "tangent", attrib::kTangent, 1});
    if (draw.hasUv0) r.attributeUses.push_back({"engine", "uv", attrib::kUv0, 1});
    if (draw.hasUv1) r.attributeUses.push_back({"engine", "uv2", attrib::kUv1, 1});
    if (draw.hasColors) r.attributeUses.push_back({"engine", "color", attrib::kColor, 1});
    if (draw.instanced) {
        r.attributeUses.push_back({"instancing", "instanceWorld", attrib::kInstanceMatrix, 4});
        for (auto& [name, location] : pluginAttributes) {
            std::string owner = "plugin";
            for (auto& p : material.plugins())
                for (auto& a : p->declaration().attributes)
                    if (a.name == name) owner = str("plugin '", p->name(), "'");
            r.attributeUses.push_back({owner, name, location, 1});
        }
    }
    // TEXCOORD_2 and up (HAS_UV2 … from the table), named in the budget by who samples them.
    unsigned dynamicLocation = attrib::skinAttributeLocation(draw.instanced, pluginAttributes.size());
    for (int set = 2; set < attrib::kMaxUvSets; ++set) {
        if (!(draw.extraUvSets & (1u << unsigned(set - 2)))) continue;
        std::string name = attrib::extraUvAttributeName(set);
        std::string readers = material.texCoordReaders(set);
        std::string owner = readers.empty() ? str("TEXCOORD_", set)
                                            : str("material '", material.name(), "' ", readers, " (TEXCOORD_", set, ")");
        r.attributeLocations.emplace_back(name, dynamicLocation);
        r.attributeUses.push_back({owner, name, dynamicLocation, 1});
        ++dynamicLocation;
    }
    if (draw.skinInfluences > 0) {
        // SKINNING and SKINNING_8 come from the engine define table.
        unsigned at = dynamicLocation;
        const char* names[] = {"joints0", "weights0", "joints1", "weights1"};
        for (int i = 0; i < (draw.skinInfluences > 4 ? 4 : 2); ++i) {
            r.attributeLocations.emplace_back(names[i], at + unsigned(i));
            r.attributeUses.push_back({"skinning", names[i], at + unsigned(i), 1});
        }
    }
    if (engine_define::morphs(draw)) {
        // The table set the morph defines; their values are the slots in the target
        // texture's per-vertex texels, in MorphTargetTexture's order.
        setDefine(r.defines, engine_define::kMorphStride, str(draw.morphTexelsPerVertex));
        int slot = 0;
        auto slotFor = [&](uint32_t bits, std::string_view define) {
            if (draw.morphAttributes & bits) setDefine(r.defines, define, str(slot++));
        };
        slotFor(1u << 0, engine_define::kMorphPosition);
        slotFor(1u << 1, engine_define::kMorphNormal);
        slotFor(1u << 2, engine_define::kMorphTangent);
        slotFor((1u << 3) | (1u << 4), engine_define::kMorphUv);
        slotFor(1u << 5, engine_define::kMorphColor);
    }
    r.materialName = material.name();
    for (auto& s : material.samplers()) {
        r.materialSamplers.push_back(s.name);
        if (!s.define.empty() && findDefine(r.defines, s.define))
            r.droppableTextures.push_back({s.name, s.define, str("material '", material.name(), "'"), s.importance});
    }
    for (auto& p : material.plugins()) {
        if (!p->runsIn(draw.pass)) continue;
        for (auto& s : p->declaration().samplers)
            if (!s.define.empty() && findDefine(r.defines, s.define))
                r.droppableTextures.push_back({s.name, s.define, str("plugin '", p->name(), "'"), s.importance});
    }
    return r;
}

std::shared_ptr<Effect> EffectCache::get(const EffectRequest& request) {
    ++mStats.requests;
    std::string key = keyOf(request);
    if (auto it = mEffects.find(key); it != mEffects.end()) {
        ++mStats.hits;
        if (mDebugChecks && !request.sourceHooks.empty() && !it->second->failed()) checkHooksArePure(request, *it->second);
        return it->second;
    }
    auto effect = std::make_shared<Effect>();
    effect->mLabel = request.label;
    effect->mPass = request.pass;
    effect->mId = mNextId++;
    effect->mAttributes = request.attributeLocations;
    mEffects.emplace(key, effect);
    ++mStats.built;
    auto t0 = SteadyClock::now();
    try {
        auto [vertex, fragment, dropped] = buildFittedSources(request);
        if (!dropped.empty()) {
            effect->mDroppedTextures = dropped;
            std::string drop = str("material '", request.materialName, "': dropped ", join(dropped, ", "));
            // One warning per material and set of textures, however many effects it has.
            if (std::find(mTextureDrops.begin(), mTextureDrops.end(), drop) == mTextureDrops.end()) {
                logWarning(request.label, ": needs more than the ", mContext.limits.maxTextureImageUnits,
                           " fragment texture units of this device; ", drop, " (least important first); it renders without them");
                mTextureDrops.push_back(std::move(drop));
            }
        }
        effect->mVertex = std::move(vertex.text);
        effect->mFragment = std::move(fragment.text);
        effect->mDiagnostics = std::move(vertex.diagnostics);
        effect->mDiagnostics.insert(effect->mDiagnostics.end(), fragment.diagnostics.begin(), fragment.diagnostics.end());
        effect->mVertexInterface = ShaderInterface::scan(effect->mVertex);
        effect->mFragmentInterface = ShaderInterface::scan(effect->mFragment);
        checkBudget(request, effect->mVertexInterface, effect->mFragmentInterface);
    } catch (const Error& e) {
        effect->mState = Effect::State::Failed;
        effect->mError = e.what();
        ++mStats.failed;
        logError(request.label, ": ", e.what());
        return effect;
    }
    effect->mBuildMs = msSince(t0);
    mStats.buildMs += effect->mBuildMs;

    ProgramSource source{effect->mLabel, effect->mVertex, effect->mFragment, effect->mAttributes};
    if (mBinaries && mBinaries->enabled()) {
        effect->mProgram = mBinaries->load(source);
        if (effect->mProgram) {
            effect->mFromBinary = true;
            ++mStats.fromBinary;
            link(*effect);
            return effect;
        }
    }
    effect->mPending = Program::start(std::move(source));
    mCompiling.push_back(effect);
    if (!mParallel || !mContext.parallelShaderCompile) finalize(*effect);
    return effect;
}

void EffectCache::checkHooksArePure(const EffectRequest& request, const Effect& cached) {
    std::string differs;
    try {
        auto [vertex, fragment] = buildSources(request);
        if (vertex.text.text != cached.mVertex.text) differs = "vertex";
        else if (fragment.text.text != cached.mFragment.text) differs = "fragment";
    } catch (const Error& e) {
        differs = str("whole (a rebuild now fails: ", e.what(), ")");
    }
    if (differs.empty()) return;
    std::vector<std::string> owners;
    std::string keys;
    for (auto& h : request.sourceHooks) {
        owners.push_back(h.owner);
        keys += str(keys.empty() ? "" : ", ", h.owner, " '", h.hook->cacheKey ? h.hook->cacheKey() : std::string(), "'");
    }
    std::string report = str(request.label, ": the source hook of ", join(owners, " or "), " edits the ", differs,
                             " source differently for two builds with the same cache key (", keys,
                             "): the effect built first (", cached.mLabel, ") is shared. Its cacheKey must name ",
                             "everything its edit depends on");
    logError(report);
    mDebugReports.push_back(std::move(report));
}

void EffectCache::link(Effect& e) {
    const Program& p = e.mProgram;
    for (auto& [name, binding] : mBlockBindings) p.bindUniformBlock(name, binding);
    // Units: the engine's samplers first in their fixed order (so their bindings rarely change
    // between draws), then the rest in the order the program reports them.
    std::vector<ActiveResource> active = p.activeSamplers();
    std::stable_sort(active.begin(), active.end(), [&](const ActiveResource& a, const ActiveResource& b) {
        return samplerUnitRank(a.name) < samplerUnitRank(b.name);
    });
    e.mSamplers.clear();
    int unit = 0;
    for (auto& s : active) {
        std::string name = s.name;
        if (auto b = name.find('['); b != std::string::npos) name.resize(b); // "maps[0]" → "maps"
        for (int i = 0; i < s.arraySize; ++i) {
            std::string element = s.arraySize > 1 ? str(name, "[", i, "]") : name;
            p.setSamplerUnit(element, unit);
            if (i == 0) e.mSamplers.push_back({name, unit, s.type});
            ++unit;
        }
    }
    e.mState = Effect::State::Ready;
}

void EffectCache::finalize(Effect& e) {
    auto t0 = SteadyClock::now();
    try {
        e.mProgram = e.mPending.finish();
    } catch (const ShaderCompileError& error) {
        e.mState = Effect::State::Failed;
        e.mError = error.what();
        ++mStats.failed;
        logError(e.mError);
    }
    mStats.compileMs += msSince(t0);
    e.mPending = PendingProgram();
    mCompiling.erase(std::remove_if(mCompiling.begin(), mCompiling.end(), [&](auto& p) { return p.get() == &e; }), mCompiling.end());
    if (e.mState == Effect::State::Failed) return;
    ++mStats.compiled;
    link(e);
    if (mBinaries) mBinaries->store({e.mLabel, e.mVertex, e.mFragment, e.mAttributes}, e.mProgram);
}

void EffectCache::poll() {
    std::vector<std::shared_ptr<Effect>> done;
    for (auto& e : mCompiling)
        if (e->mPending.ready()) done.push_back(e);
    for (auto& e : done) finalize(*e);
}

void EffectCache::finishAll() {
    while (!mCompiling.empty()) {
        auto e = mCompiling.front();
        finalize(*e);
    }
}

void EffectCache::clear() {
    finishAll();
    mEffects.clear();
}

} // namespace th
