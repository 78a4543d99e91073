#pragma once
// KHR_materials_clearcoat as a material plugin: a glTF material with the extension gets one
// (registerGltfMaterialPlugins attaches it; plugins/library/GltfMaterialPlugins.h), one without
// it has no coat code at all. Factor, roughness and normal scale are uniforms (instant);
// each texture the material fills is a sampler and a define (HAS_CLEARCOAT_MAP,
// HAS_CLEARCOAT_ROUGHNESS_MAP, HAS_CLEARCOAT_NORMAL_MAP), read through its own UV set and
// KHR_texture_transform. The plugin shades only the main pass (a coat changes no coverage).
//
//   auto coat = std::make_shared<ClearcoatPlugin>(ClearcoatParams{.factor = 1, .roughness = 0.05f});
//   carPaint->addPlugin(coat);
#include "material/PbrParams.h"
#include "plugins/common/ExtensionPlugin.h"

namespace th {

class ClearcoatPlugin : public ExtensionPlugin<ClearcoatPlugin, ClearcoatParams> {
public:
    static constexpr const char* kName = "Clearcoat";
    /// After the specular and sheen plugins: the coat covers the sheen (the Sample Viewer's order).
    static constexpr int kPriority = 330;
    static constexpr const char* kSnippetFile = "plugins/clearcoat/clearcoat.frag.glsl";

    using ExtensionPlugin::ExtensionPlugin;
    std::vector<PluginParameter> parameters() override;

    // What ExtensionPlugin makes the plugin from.
    static ExtensionTextureTable textures();
    static ClearcoatParams paramsOf(const PbrParams& material);
    static ClearcoatParams worstCase();
    static PluginDeclaration ownDeclaration();

private:
    void writeParams(PluginUniforms& uniforms) const override;
};

} // namespace th
