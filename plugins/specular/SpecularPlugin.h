#pragma once
// KHR_materials_specular as a material plugin (attached by registerGltfMaterialPlugins to a
// glTF material with the extension; plugins/library/GltfMaterialPlugins.h): the specular colour
// tints the dielectric F0, the specular factor weights the dielectric's specular lobe (F0 and
// F90). Factor and colour are uniforms; each texture the material fills is a sampler and a
// define (HAS_SPECULAR_MAP, HAS_SPECULAR_COLOR_MAP). Main pass only.
#include "material/PbrParams.h"
#include "plugins/common/ExtensionPlugin.h"

namespace th {

class SpecularPlugin : public ExtensionPlugin<SpecularPlugin, SpecularParams> {
public:
    static constexpr const char* kName = "Specular";
    /// Before sheen and clear coat: it changes the base they layer over.
    static constexpr int kPriority = 310;
    static constexpr const char* kSnippetFile = "plugins/specular/specular.frag.glsl";

    using ExtensionPlugin::ExtensionPlugin;
    std::vector<PluginParameter> parameters() override;

    // What ExtensionPlugin makes the plugin from.
    static ExtensionTextureTable textures();
    static SpecularParams paramsOf(const PbrParams& material);
    static SpecularParams worstCase();
    static PluginDeclaration ownDeclaration();

private:
    void writeParams(PluginUniforms& uniforms) const override;
};

} // namespace th
