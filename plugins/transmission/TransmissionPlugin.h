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

#include "material/MaterialPlugin.h"
#include "material/PbrParams.h"
#include "plugins/common/ExtensionTextures.h"

namespace th {

class TransmissionPlugin : public MaterialPlugin {
public:
    static constexpr const char* kName = "Transmission";
    /// After specular (310), which sets the F0 it reads; before sheen (320) and clear coat
    /// (330), which layer over the diffuse it replaces (the Sample Viewer's order).
    static constexpr int kPriority = 315;
    static constexpr const char* kSnippetFile = "plugins/transmission/transmission.frag.glsl";

    struct Params {
        TransmissionParams transmission;
        std::optional<VolumeParams> volume;   ///< none: thin-walled
        float dispersion = 0.0f;              ///< with a volume only
        float ior = 1.5f;                     ///< KHR_materials_ior (values below 1 read as 1)
    };

    explicit TransmissionPlugin(const Params& params);
    /// The transmission of `material` (PbrParams::transmission, which must be set), with its
    /// volume, dispersion, IOR and the textures the material holds for them.
    explicit TransmissionPlugin(const PbrMaterial& material);
    /// Every texture slot declared (placeholders bound), with a dispersive volume: the budget
    /// tools' worst case.
    static std::shared_ptr<TransmissionPlugin> withAllTextures();

    const Params& params() const { return mParams; }
    /// New values: factors are instant; adding or removing the volume or the dispersion
    /// selects another effect.
    void setParams(const Params& params);

    void prepareDefines(ShaderDefines& defines, const DrawInfo& draw) const override;
    void updateUniforms(PluginUniforms& uniforms, const FrameInfo& frame) const override;
    TextureBinding texture(std::string_view sampler) const override;
    std::vector<PluginParameter> parameters() override;

private:
    TransmissionPlugin(const Params& params, ExtensionTextures textures);
    static PluginDeclaration makeDeclaration(const ExtensionTextures& textures);
    Params mParams;
    ExtensionTextures mTextures;
};

} // namespace th
