#pragma once
// The base of every material plugin: how a game extends the PBR material without forking its
// shaders. A plugin declares everything up front in a PluginDeclaration handed to this base
// class's constructor: name, priority, defines with defaults, uniforms (laid out by the engine
// in the material's std140 "Plugins" block), samplers, per-instance attributes, and its code
// per stage keyed by marker (CUSTOM_...), regex (!pattern, !*pattern) or callable target.
// Nothing is asked of a subclass while the base is being constructed (Babylon's trap: keys
// collected before the subclass existed were lost).
//
// What costs what at run time:
//   - setting a uniform (PluginUniforms::set) is instant: the value lives in a uniform buffer
//     that every program of the material reads, so a rebuilt program sees it at once;
//   - changing a define (in prepareDefines, after markDefinesDirty()) selects another effect:
//     a rebuild the first time, a cache hit when flipped back;
//   - enabling or disabling the plugin changes the material's code: also an effect switch;
//   - per-draw uniforms (perDrawUniforms, updateDrawUniforms) re-upload the material's small
//     plugin block before each draw that uses it: per-object values without a define each.
// docs/injection-points.md repeats this table for plugin authors.
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "material/DrawInfo.h"
#include "material/SourceHook.h"
#include "shader/PluginCode.h"
#include "shader/ShaderDefines.h"

namespace th {

class Texture;
class Sampler;
class PluginUniforms;

/// A per-instance vertex attribute a plugin reads (only where the mesh is instanced: the
/// declaration is emitted under #ifdef INSTANCES).
struct PluginAttribute {
    std::string name;
    int components = 1; ///< float, vec2, vec3 or vec4
};

struct PluginDeclaration {
    std::string name;
    /// Lower priorities inject first; ties keep the order the plugins were added in.
    int priority = 0;
    std::vector<PluginDefine> defines;
    std::vector<PluginUniform> uniforms;
    std::vector<PluginSampler> samplers;
    std::vector<PluginAttribute> attributes;
    /// Textures the renderer makes from the frame (material/FrameTexture.h), by name
    /// ("opaqueSceneColor"): each becomes a sampler of that name in the plugin's code, bound by
    /// the renderer, not by texture(). A frame that draws no enabled plugin asking for one never
    /// makes it. An unknown name throws th::Error naming the plugin and the known names.
    std::vector<std::string> frameTextures;
    /// Shader modules the code uses: store names of shared GLSL files, each included once per
    /// effect, dependencies first (engine/shader/ShaderModules.h).
    std::vector<std::string> modules;
    /// Code per stage: {key, GLSL}. `origin` on a snippet names the file it came from.
    struct Snippet {
        std::string key;
        std::string code;
        std::string origin; ///< e.g. "plugins/wind/wind.vert.glsl"; default "plugin 'X' key 'K'"
        int firstLine = 1;  ///< line of `origin` where the code starts (snippet files hold several)
    };
    std::vector<Snippet> vertex;
    std::vector<Snippet> fragment;
    /// Whether the plugin's code runs in depth pre-pass and shadow passes (the default, so a
    /// displacement moves the shadow and a discard cuts it). Opt out only for work that is
    /// expensive and invisible in depth.
    bool inDepthPass = true;
    bool inShadowPass = true;
    /// Whether updateDrawUniforms() runs before every draw of a material using the plugin
    /// (per-object values on a shared material). Each such draw re-uploads the material's
    /// plugin block, so leave it off unless the values really differ per draw.
    bool perDrawUniforms = false;
};

/// What a plugin may look at when it writes per-draw uniforms: the draw's pass, mesh name,
/// world transform, instance count and user bits. Plain data, as DrawInfo.
struct DrawContext {
    RenderPass pass = RenderPass::Main;
    std::string_view mesh;
    glm::mat4 world{1.0f};
    uint32_t instances = 0; ///< 0 when not instanced
    uint32_t userFlags = 0;
};

/// A texture and the sampler state to read it with.
struct TextureBinding {
    const Texture* texture = nullptr;
    const Sampler* sampler = nullptr;
};

/// A value a plugin lets people tune at run time (the demo draws a slider or a checkbox for
/// it). The pointers stay owned by the plugin and valid for its lifetime. `defines` marks a
/// parameter whose change selects another effect (the plugin calls markDefinesDirty itself).
struct PluginParameter {
    std::string name;
    float* value = nullptr; ///< a slider over [min, max]
    float min = 0.0f, max = 1.0f;
    bool* toggle = nullptr; ///< or a checkbox
    bool defines = false;
};

/// Per-frame facts handed to plugins when they write their uniforms.
struct FrameInfo {
    double seconds = 0;    ///< since the renderer started, unwrapped
    float shaderTime = 0;  ///< wrapped to [0, 300) (core/ShaderTime.h)
    uint64_t frame = 0;
};

class MaterialPlugin {
public:
    explicit MaterialPlugin(PluginDeclaration declaration);
    virtual ~MaterialPlugin();
    MaterialPlugin(const MaterialPlugin&) = delete;
    MaterialPlugin& operator=(const MaterialPlugin&) = delete;

    const PluginDeclaration& declaration() const { return mDeclaration; }
    const std::string& name() const { return mDeclaration.name; }
    int priority() const { return mDeclaration.priority; }

    bool enabled() const { return mEnabled; }
    /// Whether the plugin's defines and code take part in `pass`: it is enabled and declared
    /// for the pass (PluginDeclaration::inDepthPass, inShadowPass). Effect requests and the
    /// material's plugin code both ask this, so the two cannot disagree.
    bool runsIn(RenderPass pass) const;
    /// Enables or disables the plugin's code (an effect switch, see above).
    void setEnabled(bool enabled);

    /// Sets this plugin's defines for one draw. The default sets each declared define to its
    /// default value. Called when the material's effect is (re)selected, not every frame;
    /// call markDefinesDirty() when an input of this function changed.
    virtual void prepareDefines(ShaderDefines& defines, const DrawInfo& draw) const;
    /// Writes uniforms once per frame per material using the plugin.
    virtual void updateUniforms(PluginUniforms& uniforms, const FrameInfo& frame) const;
    /// Writes uniforms before one draw, after updateUniforms(); called only when the
    /// declaration asks for it (perDrawUniforms). What it leaves unwritten keeps the frame's
    /// value from updateUniforms() or the previous draw.
    virtual void updateDrawUniforms(PluginUniforms& uniforms, const DrawContext& draw, const FrameInfo& frame) const;
    /// The texture for one of the declared samplers; a missing one binds a neutral 1×1
    /// placeholder (isReady() says whether the real one is there).
    virtual TextureBinding texture(std::string_view sampler) const;
    /// False while textures are still loading: meshes using the plugin are not drawn yet
    /// (and a bake waits).
    virtual bool isReady() const { return true; }
    /// Values the demo exposes for tuning (none by default).
    virtual std::vector<PluginParameter> parameters() { return {}; }
    /// Whether the plugin accepts a material (the global factory's gate is separate). A
    /// refusal is logged with its reason.
    virtual bool accepts(const class Material& material, std::string* reason) const;

    /// Whether the plugin is enabled and reads the frame texture `name` (FrameTexture.h).
    bool readsFrameTexture(std::string_view name) const;

    /// The shader layer's view: code, declarations and enabled state, for a pass.
    const PluginCode& code() const { return mCode; }
    /// Bumps when defines or code may have changed: materials re-select their effects.
    uint64_t version() const { return mVersion.load(); }
    void markDefinesDirty() { ++mVersion; }

    /// A raw-source hook run on every effect the plugin's code is in (material/SourceHook.h).
    /// Setting or clearing one selects other effects.
    void setSourceHook(std::optional<SourceHook> hook);
    const SourceHook* sourceHook() const { return mSourceHook ? &*mSourceHook : nullptr; }

    /// Registration order among all plugins (ties in priority keep this order).
    uint32_t registration() const { return mRegistration; }

    /// Replaces the code (hot reload of snippet files): every material using the plugin
    /// re-selects its effect, built from the clean shader source with the new code.
    void replaceCode(std::vector<PluginDeclaration::Snippet> vertex, std::vector<PluginDeclaration::Snippet> fragment);

private:
    void rebuildCode();
    PluginDeclaration mDeclaration;
    PluginCode mCode;
    bool mEnabled = true;
    std::optional<SourceHook> mSourceHook;
    std::atomic<uint64_t> mVersion{1};
    uint32_t mRegistration = 0;
};

/// A plugin described as data (the JSON form of the shader pipeline, with uniforms and
/// samplers): builds, budgets and lints like a C++ plugin; its defines take their defaults.
class DataPlugin : public MaterialPlugin {
public:
    explicit DataPlugin(const PluginCode& code);
};

/// Converts PluginCode (from JSON) into a declaration.
PluginDeclaration declarationFromCode(const PluginCode& code);

} // namespace th
