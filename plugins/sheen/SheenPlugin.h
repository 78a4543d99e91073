#pragma once
// KHR_materials_sheen as a material plugin (attached by registerGltfMaterialPlugins to a glTF
// material with the extension; plugins/library/GltfMaterialPlugins.h). Colour and roughness
// are uniforms (instant); a colour or roughness texture the material fills is a sampler and a
// define (HAS_SHEEN_COLOR_MAP, HAS_SHEEN_ROUGHNESS_MAP). The sheen's directional albedo table
// (SheenMath.h) is integrated on the CPU once per process and uploaded once per plugin, on its
// first draw; it takes one texture unit. The environment comes prefiltered with the Charlie
// lobe from the renderer (the frame texture sheenEnvironment, one more unit). Main pass only.
#include <optional>

#include "gl/Sampler.h"
#include "gl/Texture.h"
#include "material/PbrParams.h"
#include "plugins/common/ExtensionPlugin.h"

namespace th {

class SheenPlugin : public ExtensionPlugin<SheenPlugin, SheenParams> {
public:
    static constexpr const char* kName = "Sheen";
    /// Before the clear coat (which covers the sheen), after the specular plugins.
    static constexpr int kPriority = 320;
    static constexpr const char* kSnippetFile = "plugins/sheen/sheen.frag.glsl";
    static constexpr const char* kLutSampler = "sheenAlbedoLut";

    using ExtensionPlugin::ExtensionPlugin;
    ~SheenPlugin() override;
    TextureBinding texture(std::string_view sampler) const override;
    std::vector<PluginParameter> parameters() override;

    // What ExtensionPlugin makes the plugin from.
    static ExtensionTextureTable textures();
    static SheenParams paramsOf(const PbrParams& material);
    static SheenParams worstCase();
    static PluginDeclaration ownDeclaration();

private:
    void writeParams(PluginUniforms& uniforms) const override;
    // Made on the first bind, when a context is current (tools build effects without one).
    mutable std::optional<Texture> mLut;
    mutable std::optional<Sampler> mLutSampler;
};

} // namespace th
