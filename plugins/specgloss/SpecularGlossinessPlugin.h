#pragma once
// KHR_materials_pbrSpecularGlossiness (legacy) as a material plugin, attached by
// registerGltfMaterialPlugins (plugins/library/GltfMaterialPlugins.h). The importer converts
// what converts exactly (diffuse → base colour, metallic 0, roughness 1 − glossiness); the
// plugin shades the rest: the specular colour as F0 and the specular-glossiness texture
// (HAS_SPECULAR_GLOSSINESS_MAP). Main pass only.
#include "material/MaterialPlugin.h"
#include "material/PbrParams.h"
#include "plugins/common/ExtensionTextures.h"

namespace th {

class SpecularGlossinessPlugin : public MaterialPlugin {
public:
    static constexpr const char* kName = "SpecularGlossiness";
    /// First of the glTF extensions: it defines the base the others change.
    static constexpr int kPriority = 300;
    static constexpr const char* kSnippetFile = "plugins/specgloss/specgloss.frag.glsl";

    explicit SpecularGlossinessPlugin(const SpecularGlossinessParams& params);
    explicit SpecularGlossinessPlugin(const PbrMaterial& material);
    static std::shared_ptr<SpecularGlossinessPlugin> withAllTextures();

    const SpecularGlossinessParams& params() const { return mParams; }
    void setParams(const SpecularGlossinessParams& params) { mParams = params; }

    void prepareDefines(ShaderDefines& defines, const DrawInfo& draw) const override;
    void updateUniforms(PluginUniforms& uniforms, const FrameInfo& frame) const override;
    TextureBinding texture(std::string_view sampler) const override;
    std::vector<PluginParameter> parameters() override;

private:
    SpecularGlossinessPlugin(const SpecularGlossinessParams& params, ExtensionTextures textures);
    static PluginDeclaration makeDeclaration(const ExtensionTextures& textures);
    SpecularGlossinessParams mParams;
    ExtensionTextures mTextures;
};

} // namespace th
