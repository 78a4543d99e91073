#pragma once
// What every glTF-extension plugin (plugins/library/GltfMaterialPlugins.h) shares: its three
// ways to be made (factors only; a material's extension with the textures it holds; every
// texture slot, for the budget tools' worst case), its parameters (uniforms, instant to
// change), its textures from one table (ExtensionTextures: a sampler and a define per slot the
// material fills), and a main-pass-only declaration (an extension changes how a surface
// reflects light, never its coverage, so depth and shadow programs stay the base's).
//
// A plugin keeps only what is its own, and the base builds it from these statics:
//
//   class ClearcoatPlugin : public ExtensionPlugin<ClearcoatPlugin, ClearcoatParams> {
//   public:
//       using ExtensionPlugin::ExtensionPlugin;
//       static ExtensionTextureTable textures();                 // its texture slots, once
//       static ClearcoatParams paramsOf(const PbrParams& material);
//       static ClearcoatParams worstCase();                      // with withAllTextures()
//       static PluginDeclaration ownDeclaration();               // name, priority, uniforms, GLSL
//   private:
//       void writeParams(PluginUniforms& uniforms) const override;
//   };
#include <memory>
#include <string_view>
#include <utility>

#include "material/MaterialPlugin.h"
#include "material/PbrMaterial.h"
#include "plugins/common/ExtensionTextures.h"

namespace th {

template <class Plugin, class Params> class ExtensionPlugin : public MaterialPlugin {
public:
    /// Factors only: no texture, no sampler.
    explicit ExtensionPlugin(const Params& params) : ExtensionPlugin(params, ExtensionTextures(Plugin::textures())) {}
    /// The extension of `material` (which must have it) with the textures the material holds.
    explicit ExtensionPlugin(const PbrMaterial& material)
        : ExtensionPlugin(Plugin::paramsOf(material.params()), ExtensionTextures::of(Plugin::textures(), material)) {}
    ExtensionPlugin(const Params& params, ExtensionTextures textures)
        : MaterialPlugin(withTextures(Plugin::ownDeclaration(), textures)), mParams(params), mTextures(std::move(textures)) {}

    /// Every texture slot declared (placeholders bound) with Plugin::worstCase(): what the
    /// budget tools report as the plugin's most.
    static std::shared_ptr<Plugin> withAllTextures() {
        return std::make_shared<Plugin>(Plugin::worstCase(), ExtensionTextures::placeholders(Plugin::textures()));
    }

    const Params& params() const { return mParams; }
    /// New values: instant, unless changesDefines says they select another effect. Texture
    /// presence stays as constructed.
    void setParams(const Params& params) {
        bool defines = changesDefines(mParams, params);
        mParams = params;
        if (defines) markDefinesDirty();
    }

    void prepareDefines(ShaderDefines& defines, const DrawInfo& draw) const override {
        MaterialPlugin::prepareDefines(defines, draw);
        mTextures.setDefines(defines, draw);
    }
    /// The parameters (writeParams), then the textures' transforms: no extension can forget those.
    void updateUniforms(PluginUniforms& uniforms, const FrameInfo&) const final {
        writeParams(uniforms);
        mTextures.writeUniforms(uniforms);
    }
    TextureBinding texture(std::string_view sampler) const override { return mTextures.binding(sampler); }

protected:
    virtual void writeParams(PluginUniforms& uniforms) const = 0;
    /// Whether going from `before` to `after` changes a define of prepareDefines.
    virtual bool changesDefines(const Params& before, const Params& after) const {
        (void)before, (void)after;
        return false;
    }

    Params mParams;

private:
    static PluginDeclaration withTextures(PluginDeclaration declaration, const ExtensionTextures& textures) {
        textures.declare(declaration);
        declaration.inDepthPass = false;
        declaration.inShadowPass = false;
        return declaration;
    }
    ExtensionTextures mTextures;
};

} // namespace th
