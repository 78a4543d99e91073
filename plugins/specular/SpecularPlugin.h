#pragma once
// KHR_materials_specular as a material plugin (attached by registerGltfMaterialPlugins to a
// glTF material with the extension; plugins/library/GltfMaterialPlugins.h): the specular colour
// tints the dielectric F0, the specular factor weights the dielectric's specular lobe (F0 and
// F90). Factor and colour are uniforms; each texture the material fills is a sampler and a
// define (HAS_SPECULAR_MAP, HAS_SPECULAR_COLOR_MAP). Main pass only.
#include "material/MaterialPlugin.h"
#include "material/PbrParams.h"
#include "plugins/common/ExtensionTextures.h"

namespace th {

class SpecularPlugin : public MaterialPlugin {
public:
    static constexpr const char* kName = "Specular";
    /// Before sheen and clear coat: it changes the base they layer over.
    static constexpr int kPriority = 310;
    static constexpr const char* kSnippetFile = "plugins/specular/specular.frag.glsl";

    explicit SpecularPlugin(const SpecularParams& params);
    explicit SpecularPlugin(const PbrMaterial& material);
    static std::shared_ptr<SpecularPlugin> withAllTextures();

    const SpecularParams& params() const { return mParams; }
    void setParams(const SpecularParams& params) { mParams = params; }

    void prepareDefines(ShaderDefines& defines, const DrawInfo& draw) const override;
    void updateUniforms(PluginUniforms& uniforms, const FrameInfo& frame) const override;
    TextureBinding texture(std::string_view sampler) const override;
    std::vector<PluginParameter> parameters() override;

private:
    SpecularPlugin(const SpecularParams& params, ExtensionTextures textures);
    static PluginDeclaration makeDeclaration(const ExtensionTextures& textures);
    SpecularParams mParams;
    ExtensionTextures mTextures;
};

} // namespace th
