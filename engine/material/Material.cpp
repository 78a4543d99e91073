#include "material/Material.h"

#include <algorithm>

#include "core/Error.h"
#include "core/Hash.h"
#include "core/Log.h"
#include "core/Str.h"
#include "material/PluginUniforms.h"
#include "material/EngineInterface.h"

namespace th {

Material::Material(std::string name) : mName(std::move(name)) {}
Material::~Material() = default;

TextureBinding Material::texture(std::string_view) const { return {}; }

void Material::setAlphaMode(AlphaMode mode) {
    if (mode == mAlphaMode) return;
    mAlphaMode = mode;
    ++mVersion;
}

void Material::setDoubleSided(bool doubleSided) {
    if (doubleSided == mDoubleSided) return;
    mDoubleSided = doubleSided;
    ++mVersion;
}

void Material::setStencil(std::optional<StencilState> stencil) {
    if (stencil) {
        const StencilState& s = *stencil;
        auto writes = [](StencilOp op) { return op != StencilOp::Keep; };
        bool anyWrite = writes(s.fail) || writes(s.depthFail) || writes(s.pass);
        if (anyWrite && s.writeMask == 0)
            throw Error(str("material '", mName, "': stencil operations write (fail ", toString(s.fail), ", depth-fail ",
                            toString(s.depthFail), ", pass ", toString(s.pass), ") but the write mask is 0: nothing would be written"));
        bool replaces = s.fail == StencilOp::Replace || s.depthFail == StencilOp::Replace || s.pass == StencilOp::Replace;
        if (replaces && (s.reference & s.writeMask) == 0 && s.reference != 0)
            throw Error(str("material '", mName, "': stencil Replace writes reference ", int(s.reference),
                            " through write mask ", int(s.writeMask), ": no bit of the reference survives the mask"));
        bool compares = s.compare != CompareFunc::Always && s.compare != CompareFunc::Never;
        if (compares && s.readMask == 0)
            throw Error(str("material '", mName, "': stencil compare '", toString(s.compare),
                            "' with read mask 0 compares nothing; use 'always' or a non-zero read mask"));
        if (!anyWrite && s.compare == CompareFunc::Always)
            throw Error(str("material '", mName, "': a stencil state that neither tests (compare 'always') nor writes "
                            "(all operations 'keep') does nothing; leave stencil unset instead"));
        if (s.compare == CompareFunc::Always && writes(s.fail))
            throw Error(str("material '", mName, "': stencil fail operation '", toString(s.fail),
                            "' never runs with compare 'always'; set the pass or depth-fail operation instead"));
        if (s.compare == CompareFunc::Never && (writes(s.pass) || writes(s.depthFail)))
            throw Error(str("material '", mName, "': stencil pass/depth-fail operations ('", toString(s.pass), "', '",
                            toString(s.depthFail), "') never run with compare 'never'; only the fail operation does"));
        if (s.compare == CompareFunc::Never && !writes(s.fail))
            throw Error(str("material '", mName, "': stencil compare 'never' with fail operation 'keep' neither draws "
                            "nor writes anything"));
        if (compares && (s.reference & ~s.readMask & 0xFF) != 0)
            throw Error(str("material '", mName, "': stencil reference ", int(s.reference), " has bits outside the read mask ",
                            int(s.readMask), "; the compare ignores them, so the test is not the one written"));
    }
    mStencil = stencil;
    ++mVersion;
}

void Material::setSourceHook(std::optional<SourceHook> hook) {
    mSourceHook = std::move(hook);
    ++mVersion;
}

bool Material::writesStencil() const {
    if (!mStencil) return false;
    return mStencil->fail != StencilOp::Keep || mStencil->depthFail != StencilOp::Keep || mStencil->pass != StencilOp::Keep;
}

RenderState Material::renderState(RenderPass pass) const {
    RenderState s;
    s.cull = mDoubleSided ? CullMode::None : CullMode::Back;
    if (pass == RenderPass::Main) {
        if (mAlphaMode == AlphaMode::Blend) {
            s.blend = BlendMode::Premultiplied;
            s.depthWrite = mDepthWrite.value_or(false);
        } else {
            s.depthWrite = mDepthWrite.value_or(true);
        }
        s.colorWrite = mColorWrite;
        s.stencil = mStencil; // only the main colour pass sees stencil
    } else {
        s.colorWrite = false;
        s.depthWrite = true;
    }
    return s;
}

void Material::addPlugin(std::shared_ptr<MaterialPlugin> plugin, bool force) {
    if (!plugin) throw Error(str("material '", mName, "': addPlugin(nullptr)"));
    if (!acceptsPlugins())
        throw Error(str("material '", mName, "' (", kind(), ") takes no plugins; '", plugin->name(), "' was not added"));
    std::string reason;
    if (!force && !plugin->accepts(*this, &reason))
        throw Error(str("plugin '", plugin->name(), "' refused material '", mName, "': ", reason));
    for (auto& existing : mPlugins) {
        if (existing->name() == plugin->name())
            throw Error(str("material '", mName, "' already has a plugin named '", plugin->name(), "'"));
        auto clash = [&](auto& mine, auto& theirs, const char* what) {
            for (auto& a : mine)
                for (auto& b : theirs)
                    // Two plugins reading the same frame texture share its one sampler.
                    if (a.name == b.name && !(existing->readsFrameTexture(a.name) && plugin->readsFrameTexture(b.name)))
                        throw Error(str("plugins '", existing->name(), "' and '", plugin->name(), "' both declare the ",
                                        what, " '", a.name, "' on material '", mName, "'"));
        };
        clash(existing->declaration().uniforms, plugin->declaration().uniforms, "uniform");
        clash(existing->declaration().samplers, plugin->declaration().samplers, "sampler");
        clash(existing->declaration().attributes, plugin->declaration().attributes, "instance attribute");
    }
    mPlugins.push_back(std::move(plugin));
    ++mVersion;
}

bool Material::removePlugin(std::string_view name) {
    auto it = std::find_if(mPlugins.begin(), mPlugins.end(), [&](auto& p) { return p->name() == name; });
    if (it == mPlugins.end()) return false;
    mPlugins.erase(it);
    ++mVersion;
    return true;
}

MaterialPlugin* Material::plugin(std::string_view name) const {
    for (auto& p : mPlugins)
        if (p->name() == name) return p.get();
    return nullptr;
}

bool Material::readsFrameTexture(std::string_view name) const {
    for (auto& p : mPlugins)
        if (p->readsFrameTexture(name)) return true;
    return false;
}

uint64_t Material::version() const {
    uint64_t v = mVersion;
    for (auto& p : mPlugins) v = hashCombine(v, p->version());
    return v;
}

static std::string glslAttributeType(int components) {
    return components == 1 ? "float" : str("vec", components);
}

namespace {

bool sameBinding(const TextureBinding& a, const TextureBinding& b) {
    return a.texture && a.texture == b.texture && a.sampler == b.sampler;
}

} // namespace

void Material::ensureInterface() const {
    // The textures bound take part: two slots on one image and sampler share a declaration.
    uint64_t stamp = 0x5eed;
    for (auto& p : mPlugins) {
        stamp = hashCombine(stamp, hashCombine(reinterpret_cast<uintptr_t>(p.get()), p->enabled()));
        for (auto& s : p->declaration().samplers) {
            if (s.define.empty()) continue; // only gated samplers share (PluginSampler::define)
            TextureBinding b = p->texture(s.name);
            stamp = hashCombine(stamp, hashCombine(reinterpret_cast<uintptr_t>(b.texture), reinterpret_cast<uintptr_t>(b.sampler)));
        }
    }
    const std::vector<MaterialSampler> ownSamplers = mPlugins.empty() ? std::vector<MaterialSampler>{} : samplers();
    for (auto& s : ownSamplers) {
        if (s.define.empty()) continue;
        TextureBinding b = texture(s.name);
        stamp = hashCombine(stamp, hashCombine(reinterpret_cast<uintptr_t>(b.texture), reinterpret_cast<uintptr_t>(b.sampler)));
    }
    if (stamp == mInterfaceStamp) return;
    mInterfaceStamp = stamp;

    // Plugins in injection order decide layout and attribute locations, so the same plugin set
    // always produces the same block and the same locations.
    std::vector<const MaterialPlugin*> ordered;
    for (auto& p : mPlugins)
        if (p->enabled()) ordered.push_back(p.get());
    std::stable_sort(ordered.begin(), ordered.end(), [](auto* a, auto* b) {
        return a->priority() != b->priority() ? a->priority() < b->priority() : a->registration() < b->registration();
    });

    mPluginLayout = Std140Layout();
    mAttributeLocations.clear();
    std::string vertexDecl, fragmentDecl, attributes, vertexSamplers, fragmentSamplers;
    struct Shared {
        std::string name, type, define;
        TextureBinding binding;
    };
    std::vector<Shared> fragmentShared; // the material's own samplers, then the plugins' declared ones
    for (auto& s : ownSamplers)
        if (!s.define.empty()) fragmentShared.push_back({s.name, s.type, s.define, texture(s.name)});
    unsigned location = attrib::kFirstPluginAttribute;
    std::vector<std::string_view> frameTexturesDeclared; // once per stage, whoever asked first
    for (auto* p : ordered) {
        const PluginDeclaration& d = p->declaration();
        for (auto& u : d.uniforms) addPluginUniform(mPluginLayout, u);
        for (auto& a : d.attributes) {
            if (location >= attrib::kMaxAttributes)
                throw Error(str("material '", mName, "': plugin attribute '", a.name, "' of '", p->name(),
                                "' does not fit: only ", attrib::kPluginBudget,
                                " per-instance attribute locations are left for plugins"));
            attributes += str("attribute ", glslAttributeType(a.components), " ", a.name, ";\n");
            mAttributeLocations.emplace_back(a.name, location++);
        }
        for (auto& s : d.samplers) {
            if (p->readsFrameTexture(s.name)) {
                if (std::find(frameTexturesDeclared.begin(), frameTexturesDeclared.end(), s.name) != frameTexturesDeclared.end())
                    continue;
                frameTexturesDeclared.push_back(s.name);
            }
            std::string decl = str("uniform ", s.precision.empty() ? "highp" : s.precision, " ", s.type, " ", s.name, ";\n");
            if (!s.define.empty()) decl = str("#ifdef ", s.define, "\n", decl, "#endif\n");
            if (!d.vertex.empty()) vertexSamplers += decl;
            if (d.fragment.empty()) continue;
            // A slot on the image and sampler of one declared before it reads that one's
            // sampler: one texture unit for both. The alias holds while that sampler is in the
            // effect (its define set); otherwise the slot has its own declaration.
            TextureBinding binding = s.define.empty() ? TextureBinding{} : p->texture(s.name);
            const Shared* shared = nullptr;
            for (const Shared& earlier : fragmentShared)
                if (earlier.type == s.type && sameBinding(earlier.binding, binding)) {
                    shared = &earlier;
                    break;
                }
            if (shared) {
                fragmentSamplers += shared->define.empty() ? str("#define ", s.name, " ", shared->name, "\n")
                                                           : str("#ifdef ", shared->define, "\n#define ", s.name, " ", shared->name,
                                                                 "\n#else\n", decl, "#endif\n");
            } else {
                fragmentSamplers += decl;
                fragmentShared.push_back({s.name, s.type, s.define, binding});
            }
        }
    }
    std::string blockDecl;
    if (!mPluginLayout.members().empty())
        blockDecl = str("layout(std140) uniform ", uniform_block::kPlugins.name, " {\n", mPluginLayout.glslMembers(), "};\n");
    vertexDecl = blockDecl + vertexSamplers;
    if (!attributes.empty()) vertexDecl += str("#ifdef ", engine_define::kInstances, "\n", attributes, "#endif\n");
    fragmentDecl = blockDecl + fragmentSamplers;

    PluginCode decl;
    decl.name = "engine plugin declarations";
    decl.priority = INT32_MIN; // before every plugin's own definitions
    if (!vertexDecl.empty()) decl.addCode(ShaderStage::Vertex, "CUSTOM_VERTEX_DEFINITIONS", vertexDecl, "<plugin declarations>");
    if (!fragmentDecl.empty()) decl.addCode(ShaderStage::Fragment, "CUSTOM_FRAGMENT_DEFINITIONS", fragmentDecl, "<plugin declarations>");
    mDeclarations = std::move(decl);
}

std::vector<const PluginCode*> Material::pluginCode(RenderPass pass) const {
    ensureInterface();
    std::vector<const PluginCode*> out;
    if (mDeclarations.hasCode()) out.push_back(&mDeclarations);
    for (auto& p : mPlugins) {
        if (p->runsIn(pass)) out.push_back(&p->code());
    }
    return out;
}

std::vector<std::pair<std::string, unsigned>> Material::instanceAttributeLocations() const {
    ensureInterface();
    return mAttributeLocations;
}

UniformBuffer& Material::pluginBlock() {
    ensureInterface();
    if (!mPluginBlock || mPluginBlockStamp != mInterfaceStamp) {
        // Carry values over by name: a rebuilt block keeps what plugins wrote before.
        auto fresh = std::make_unique<UniformBuffer>(mPluginLayout, str(mName, " plugins"));
        if (mPluginBlock) {
            for (auto& m : mPluginLayout.members()) {
                const Std140Member* old = mPluginBlock->layout().find(m.name);
                if (old && old->type == m.type && old->size == m.size)
                    fresh->write(m.offset, mPluginBlock->data() + old->offset, m.size);
            }
        }
        mPluginBlock = std::move(fresh);
        mPluginBlockStamp = mInterfaceStamp;
    }
    return *mPluginBlock;
}

UniformBuffer* Material::materialBlock() {
    if (!mMaterialBlock) {
        Std140Layout layout = uniformLayout();
        if (layout.members().empty()) return nullptr;
        mMaterialBlock = std::make_unique<UniformBuffer>(layout, str(mName, " material"));
        mUniformsDirty = true;
    }
    if (mUniformsDirty) {
        writeUniforms(*mMaterialBlock);
        mUniformsDirty = false;
    }
    return mMaterialBlock.get();
}

} // namespace th
