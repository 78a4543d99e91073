#pragma once
// The base of every material: which shaders it draws with, its defines and uniforms, its
// render state per pass (stencil included), and the plugins attached to it.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gl/RenderState.h"
#include "gl/Std140Layout.h"
#include "gl/UniformBuffer.h"
#include "material/DrawInfo.h"
#include "material/MaterialPlugin.h"
#include "material/PbrParams.h"
#include "material/SourceHook.h"
#include "shader/PluginCode.h"
#include "shader/ShaderDefines.h"

namespace th {

class MaterialRegistry;

/// A sampler a material's shader may declare, with who provides it (for budget reports).
struct MaterialSampler {
    std::string name;
    std::string type = "sampler2D";
    /// The define under which the material's shader declares and reads it (empty: always);
    /// a gated sampler may be dropped by the texture-unit budget (PluginSampler::define).
    std::string define;
    int importance = 100; ///< the budget drops the lowest first (PluginSampler::importance)
};

class Material {
public:
    explicit Material(std::string name);
    virtual ~Material();
    Material(const Material&) = delete;
    Material& operator=(const Material&) = delete;

    const std::string& name() const { return mName; }
    /// The material's kind ("pbr", "sky", "error"); plugin factories decide on it.
    virtual std::string_view kind() const = 0;
    /// Store names of the vertex and fragment shaders.
    virtual std::string vertexShader() const = 0;
    virtual std::string fragmentShader() const = 0;
    /// False for materials that must never carry plugin code (sky, error material).
    virtual bool acceptsPlugins() const { return true; }

    /// Every define the material may set, for the lint (a plugin gated on a name nobody
    /// declares is an error).
    virtual std::vector<std::string> declaredDefines() const { return {}; }
    /// The material's defines for one draw (plugins and engine add theirs after).
    virtual void collectDefines(ShaderDefines&, const DrawInfo&) const {}
    /// Members of the "Material" uniform block (empty: the material has no block).
    virtual Std140Layout uniformLayout() const { return {}; }
    virtual void writeUniforms(UniformBuffer&) const {}
    /// Samplers the material's shaders may declare.
    virtual std::vector<MaterialSampler> samplers() const { return {}; }
    virtual TextureBinding texture(std::string_view sampler) const;
    /// What of this material samples with UV set `set` ("baseColorTexture, normalTexture"),
    /// for the attribute budget's error; empty when nothing does or the material cannot say.
    virtual std::string texCoordReaders(int /*set*/) const { return {}; }
    /// False while the material's textures are still loading.
    virtual bool isReady() const { return true; }

    // --- render state ---
    AlphaMode alphaMode() const { return mAlphaMode; }
    void setAlphaMode(AlphaMode mode);
    bool doubleSided() const { return mDoubleSided; }
    void setDoubleSided(bool doubleSided);
    /// Per-material stencil state, applied in the main colour pass only (depth and shadow
    /// passes ignore it). Throws th::Error for a combination that cannot do anything useful
    /// (e.g. writing with a zero write mask, Replace with a reference the write mask clears,
    /// an operation the compare function never lets run, reference bits the read mask
    /// hides), naming the field. Materials that write stencil draw before the other opaque
    /// ones, so testers see the finished mask.
    void setStencil(std::optional<StencilState> stencil);
    const std::optional<StencilState>& stencil() const { return mStencil; }
    /// True when the stencil state has an operation other than Keep.
    bool writesStencil() const;
    /// Colour writes in the main pass (off for a stencil mask that only marks pixels).
    void setColorWrite(bool colorWrite) { mColorWrite = colorWrite; }
    bool colorWrite() const { return mColorWrite; }
    /// Depth writes in the main pass (blended materials default to off).
    void setDepthWrite(std::optional<bool> depthWrite) { mDepthWrite = depthWrite; }
    RenderState renderState(RenderPass pass) const;
    /// Which lights reach this material: a light with (light.mask & lightMask) == 0 is
    /// skipped for it (applied in the clusters, no recompilation).
    uint32_t lightMask() const { return mLightMask; }
    void setLightMask(uint32_t mask) { mLightMask = mask; }
    /// The size in pixels of the points this material draws (POINTS primitives). glTF has no
    /// such property; 1 px is what the Khronos Sample Viewer draws. The renderer clamps it to
    /// the driver's point-size range, and draws 1 px for a size that is not positive.
    float pointSize() const { return mPointSize; }
    void setPointSize(float pixels) { mPointSize = pixels; }

    // --- plugins ---
    /// Attaches a plugin. Throws th::Error when a plugin of the same name is attached, when
    /// its uniform, sampler or attribute names collide with another's, or (unless `force`)
    /// when the plugin refuses the material (the reason is in the message).
    void addPlugin(std::shared_ptr<MaterialPlugin> plugin, bool force = false);
    bool removePlugin(std::string_view name);
    const std::vector<std::shared_ptr<MaterialPlugin>>& plugins() const { return mPlugins; }
    MaterialPlugin* plugin(std::string_view name) const;
    /// Whether an enabled plugin reads the frame texture `name` (material/FrameTexture.h): the
    /// renderer then draws the material after making that texture.
    bool readsFrameTexture(std::string_view name) const;

    /// Plugins whose code runs in `pass` (enabled, and not opted out of depth/shadow),
    /// in injection order, preceded by the engine's declarations of their uniforms, samplers
    /// and instance attributes.
    std::vector<const PluginCode*> pluginCode(RenderPass pass) const;
    /// Per-instance attributes of the enabled plugins and the locations they get.
    std::vector<std::pair<std::string, unsigned>> instanceAttributeLocations() const;
    /// The std140 block holding the enabled plugins' uniforms (may be empty).
    UniformBuffer& pluginBlock();
    UniformBuffer* materialBlock();

    /// A raw-source hook on every effect of this material, run after its plugins' hooks
    /// (material/SourceHook.h). Setting or clearing one selects other effects.
    void setSourceHook(std::optional<SourceHook> hook);
    const SourceHook* sourceHook() const { return mSourceHook ? &*mSourceHook : nullptr; }

    /// Bumps with every change that may select another effect (defines, plugins, alpha mode).
    uint64_t version() const;
    void markDefinesDirty() { ++mVersion; }

    /// Whether `registry` has offered this material its plugin factories (MaterialRegistry::add).
    bool registeredWith(const MaterialRegistry& registry) const { return mRegistry == &registry; }

protected:
    /// Subclasses call this when values in their uniform block changed.
    void markUniformsDirty() { mUniformsDirty = true; }

private:
    friend class MaterialRegistry;
    void ensureInterface() const;
    const MaterialRegistry* mRegistry = nullptr; ///< the registry it was last added to
    std::string mName;
    AlphaMode mAlphaMode = AlphaMode::Opaque;
    bool mDoubleSided = false;
    std::optional<bool> mDepthWrite;
    std::optional<StencilState> mStencil;
    bool mColorWrite = true;
    uint32_t mLightMask = 0xFFFFFFFFu;
    float mPointSize = 1.0f;
    std::vector<std::shared_ptr<MaterialPlugin>> mPlugins;
    std::optional<SourceHook> mSourceHook;
    uint64_t mVersion = 1;
    // Generated when the plugin set or an enabled flag changes (see ensureInterface).
    mutable uint64_t mInterfaceStamp = 0;
    mutable PluginCode mDeclarations;
    mutable Std140Layout mPluginLayout;
    mutable std::vector<std::pair<std::string, unsigned>> mAttributeLocations;
    std::unique_ptr<UniformBuffer> mPluginBlock;
    uint64_t mPluginBlockStamp = 0;
    std::unique_ptr<UniformBuffer> mMaterialBlock;
    bool mUniformsDirty = true;
};

} // namespace th
