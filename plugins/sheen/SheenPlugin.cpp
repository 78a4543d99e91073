#include "plugins/sheen/SheenPlugin.h"

#include "material/FrameTexture.h"
#include "material/PluginUniforms.h"
#include "plugins/common/SnippetFile.h"
#include "plugins/sheen/SheenMath.h"

// This plugin's snippet files, embedded in its library (plugins/CMakeLists.txt).
std::span<const th::EmbeddedFile> embeddedSheenSnippets();

namespace th {

namespace {
const ExtensionTexture kTextures[] = {{"sheenColorMap", "HAS_SHEEN_COLOR_MAP", 40}, {"sheenRoughnessMap", "HAS_SHEEN_ROUGHNESS_MAP", 20}};
}

PluginDeclaration SheenPlugin::ownDeclaration() {
    PluginDeclaration d;
    d.name = kName;
    d.priority = kPriority;
    d.uniforms = {{"sheenColorFactor", "vec3"}, {"sheenRoughnessFactor", "float"}};
    d.samplers = {{kLutSampler, "sampler2D", "highp"}};
    // The environment through the Charlie lobe, as the Sample Viewer lights a sheen.
    d.frameTextures = {std::string(frame_texture::kSheenEnvironment.name)};
    d.fragment = loadSnippetFile(kSnippetFile, embeddedSheenSnippets());
    return d;
}

ExtensionTextureTable SheenPlugin::textures() { return kTextures; }

SheenParams SheenPlugin::paramsOf(const PbrParams& material) { return material.sheen.value_or(SheenParams{}); }

SheenParams SheenPlugin::worstCase() { return SheenParams{.color = glm::vec3(1.0f), .roughness = 0.5f}; }

SheenPlugin::~SheenPlugin() = default;

void SheenPlugin::writeParams(PluginUniforms& u) const {
    u.set("sheenColorFactor", mParams.color);
    u.set("sheenRoughnessFactor", mParams.roughness);
}

TextureBinding SheenPlugin::texture(std::string_view sampler) const {
    if (sampler == kLutSampler) {
        if (!mLut) {
            const std::vector<float>& table = sheenAlbedoTable();
            std::vector<float> rgba(table.size() * 4, 1.0f);
            for (size_t i = 0; i < table.size(); ++i) rgba[i * 4] = table[i];
            // Sampled, never rendered to: RGBA16F filters on every context.
            mLut.emplace(TextureDesc{.format = TextureFormat::RGBA16F, .width = kSheenLutSize, .height = kSheenLutSize,
                                     .label = "sheen albedo table"});
            mLut->upload(0, 0, rgba.data());
            mLutSampler.emplace(SamplerDesc{.mip = SamplerDesc::Mip::None, .wrapS = Wrap::ClampToEdge, .wrapT = Wrap::ClampToEdge},
                                0.0f, "sheen albedo table");
        }
        return {&*mLut, &*mLutSampler};
    }
    return ExtensionPlugin::texture(sampler);
}

std::vector<PluginParameter> SheenPlugin::parameters() {
    return {{.name = "sheen roughness", .value = &mParams.roughness, .min = 0.0f, .max = 1.0f}};
}

} // namespace th
