#pragma once
// What every glTF-extension plugin (plugins/library/GltfMaterialPlugins.h) shares: its
// parameters (uniforms, instant to change), its textures from one table (ExtensionTextures:
// a sampler and a define per slot the material fills), and a main-pass-only declaration (an
// extension changes how a surface reflects light, never its coverage, so depth and shadow
// programs stay the base's). A plugin keeps what is its own: the uniforms and GLSL of its
// declaration, writeParams, its parameter list, and where it has one, an extra sampler or define.
//
//   class ClearcoatPlugin : public ExtensionPlugin<ClearcoatParams> {
//       ClearcoatPlugin(const ClearcoatParams& params, ExtensionTextures textures)
//           : ExtensionPlugin(ownDeclaration(), params, std::move(textures)) {}
//       void writeParams(PluginUniforms& u) const override { u.set("clearcoatFactor", mParams.factor); }
//   };
#include <string_view>
#include <utility>

#include "material/MaterialPlugin.h"
#include "plugins/common/ExtensionTextures.h"

namespace th {

template <class Params> class ExtensionPlugin : public MaterialPlugin {
public:
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
    /// `own`: name, priority, uniforms, snippet and whatever else the extension declares; the
    /// textures, their uniforms and defines, and the main-pass-only flags are added here.
    ExtensionPlugin(PluginDeclaration own, const Params& params, ExtensionTextures textures)
        : MaterialPlugin(withTextures(std::move(own), textures)), mParams(params), mTextures(std::move(textures)) {}

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
