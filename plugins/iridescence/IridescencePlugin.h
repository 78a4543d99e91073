#pragma once
// KHR_materials_iridescence as a material plugin (attached by registerGltfMaterialPlugins to a
// glTF material with the extension; plugins/library/GltfMaterialPlugins.h): a thin dielectric
// film over the base whose interference (Belcour & Barla 2017, in the Khronos Sample Viewer's
// Schlick form) gives the specular Fresnel a hue that changes with film thickness and view
// angle. The film's Fresnel replaces the base lobe's by the iridescence factor for every
// punctual light (the SPECULAR_LOBE hook) and for the environment (CUSTOM_FRAGMENT_AFTER_IBL).
// Factor, film IOR and the thickness range are uniforms (instant); a factor texture (R) and a
// thickness texture (G between minimum and maximum) are samplers and the defines
// HAS_IRIDESCENCE_MAP, HAS_IRIDESCENCE_THICKNESS_MAP. Main pass only.
//
// The film's Fresnel is evaluated once per fragment over the base's F0 before the specular
// plugin (priority 310) tints that F0, so a specular colour does not change the film's second
// interface; the specular factor still weights the iridescent lobe.
//
//   auto film = std::make_shared<IridescencePlugin>(IridescenceParams{.factor = 1, .thicknessMaximum = 300});
//   soapBubble->addPlugin(film);
#include "material/PbrParams.h"
#include "plugins/common/ExtensionPlugin.h"

namespace th {

class IridescencePlugin : public ExtensionPlugin<IridescencePlugin, IridescenceParams> {
public:
    static constexpr const char* kName = "Iridescence";
    /// After anisotropy (both shape the base lobe), before the specular plugin that weights it.
    static constexpr int kPriority = 306;
    static constexpr const char* kSnippetFile = "plugins/iridescence/iridescence.frag.glsl";

    using ExtensionPlugin::ExtensionPlugin;
    std::vector<PluginParameter> parameters() override;

    // What ExtensionPlugin makes the plugin from.
    static ExtensionTextureTable textures();
    static IridescenceParams paramsOf(const PbrParams& material);
    static IridescenceParams worstCase();
    static PluginDeclaration ownDeclaration();

private:
    void writeParams(PluginUniforms& uniforms) const override;
};

} // namespace th
