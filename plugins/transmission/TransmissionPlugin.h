#pragma once
// KHR_materials_transmission, with KHR_materials_volume and KHR_materials_dispersion, as one
// material plugin (a volume and its dispersion only act through transmission): attached by
// registerGltfMaterialPlugins to a glTF material with the extension (plugins/library/
// GltfMaterialPlugins.h). It reads the renderer's frame texture "opaqueSceneColor"
// (material/FrameTexture.h), so a material with it is drawn after the opaque parts and the
// copy, and a frame without such a material makes no copy at all. Factors, IOR, attenuation
// and dispersion are uniforms (instant); a volume (TRANSMISSION_VOLUME), a dispersion above 0
// (TRANSMISSION_DISPERSION: three refracted reads instead of one) and each texture the
// material fills (HAS_TRANSMISSION_MAP, HAS_THICKNESS_MAP) are defines. Main pass only.
//
//   auto glass = std::make_shared<TransmissionPlugin>(TransmissionParams{.factor = 1}, VolumeParams{.thicknessFactor = 0.1f});
//   pane->addPlugin(glass);
#include <optional>

#include "material/PbrParams.h"
#include "plugins/common/ExtensionPlugin.h"

namespace th {

/// What the transmission plugin shades: the transmission with its volume, dispersion and IOR.
struct TransmissionPluginParams {
    TransmissionParams transmission;
    std::optional<VolumeParams> volume; ///< none: thin-walled
    float dispersion = 0.0f;            ///< with a volume only
    float ior = 1.5f;                   ///< KHR_materials_ior (values below 1 read as 1)
};

/// setParams (the base's): factors are instant; adding or removing the volume or the
/// dispersion selects another effect.
class TransmissionPlugin : public ExtensionPlugin<TransmissionPlugin, TransmissionPluginParams> {
public:
    using Params = TransmissionPluginParams;
    static constexpr const char* kName = "Transmission";
    /// After specular (310), which sets the F0 it reads; before sheen (320) and clear coat
    /// (330), which layer over the diffuse it replaces (the Sample Viewer's order).
    static constexpr int kPriority = 315;
    static constexpr const char* kSnippetFile = "plugins/transmission/transmission.frag.glsl";

    using ExtensionPlugin::ExtensionPlugin;
    void prepareDefines(ShaderDefines& defines, const DrawInfo& draw) const override;
    std::vector<PluginParameter> parameters() override;

    // What ExtensionPlugin makes the plugin from.
    static ExtensionTextureTable textures();
    static TransmissionPluginParams paramsOf(const PbrParams& material);
    static TransmissionPluginParams worstCase();
    static PluginDeclaration ownDeclaration();

private:
    void writeParams(PluginUniforms& uniforms) const override;
    bool changesDefines(const Params& before, const Params& after) const override;
};

} // namespace th
