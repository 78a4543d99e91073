#pragma once
// KHR_materials_anisotropy as a material plugin (attached by registerGltfMaterialPlugins to a
// glTF material with the extension; plugins/library/GltfMaterialPlugins.h): the base specular
// lobe becomes an anisotropic GGX lobe whose roughness grows along a direction of the tangent
// frame, for every punctual light (the SPECULAR_LOBE hook replaces the base's D × V) and for
// the environment (the lookup direction bent towards the anisotropy direction at
// CUSTOM_FRAGMENT_BEFORE_IBL), as the Khronos Sample Viewer shades it. Strength and rotation are
// uniforms (instant); an anisotropy texture (RG direction, B strength) is a sampler and the
// define HAS_ANISOTROPY_MAP. The frame is the base's (tangentFrame: the mesh's TANGENT or
// MikkTSpace tangents). Main pass only.
//
//   auto brushed = std::make_shared<AnisotropyPlugin>(AnisotropyParams{.strength = 0.8f});
//   metal->addPlugin(brushed);
#include "material/PbrParams.h"
#include "plugins/common/ExtensionPlugin.h"

namespace th {

class AnisotropyPlugin : public ExtensionPlugin<AnisotropyPlugin, AnisotropyParams> {
public:
    static constexpr const char* kName = "Anisotropy";
    /// It reshapes the base lobe itself: before every plugin that weights or covers the base
    /// (iridescence, specular, sheen, clear coat), after specular-glossiness (which sets F0).
    static constexpr int kPriority = 303;
    static constexpr const char* kSnippetFile = "plugins/anisotropy/anisotropy.frag.glsl";

    using ExtensionPlugin::ExtensionPlugin;
    std::vector<PluginParameter> parameters() override;

    // What ExtensionPlugin makes the plugin from.
    static ExtensionTextureTable textures();
    static AnisotropyParams paramsOf(const PbrParams& material);
    static AnisotropyParams worstCase();
    static PluginDeclaration ownDeclaration();

private:
    void writeParams(PluginUniforms& uniforms) const override;
};

} // namespace th
