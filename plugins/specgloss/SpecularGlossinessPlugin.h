#pragma once
// KHR_materials_pbrSpecularGlossiness (legacy) as a material plugin, attached by
// registerGltfMaterialPlugins (plugins/library/GltfMaterialPlugins.h). The importer converts
// what converts exactly (diffuse → base colour, metallic 0, roughness 1 − glossiness); the
// plugin shades the rest: the specular colour as F0 and the specular-glossiness texture
// (HAS_SPECULAR_GLOSSINESS_MAP). Main pass only.
#include "material/PbrParams.h"
#include "plugins/common/ExtensionPlugin.h"

namespace th {

class SpecularGlossinessPlugin : public ExtensionPlugin<SpecularGlossinessPlugin, SpecularGlossinessParams> {
public:
    static constexpr const char* kName = "SpecularGlossiness";
    /// First of the glTF extensions: it defines the base the others change.
    static constexpr int kPriority = 300;
    static constexpr const char* kSnippetFile = "plugins/specgloss/specgloss.frag.glsl";

    using ExtensionPlugin::ExtensionPlugin;
    std::vector<PluginParameter> parameters() override;

    // What ExtensionPlugin makes the plugin from.
    static ExtensionTextureTable textures();
    static SpecularGlossinessParams paramsOf(const PbrParams& material);
    static SpecularGlossinessParams worstCase();
    static PluginDeclaration ownDeclaration();

private:
    void writeParams(PluginUniforms& uniforms) const override;
};

} // namespace th
