#include "plugins/sheen/SheenPlugin.h"

#include "material/FrameTexture.h"
#include "material/PluginUniforms.h"
#include "plugins/common/SnippetFile.h"
#include "plugins/sheen/SheenMath.h"

// This plugin's snippet files, embedded in its library (plugins/CMakeLists.txt).
std::span<const th::EmbeddedFile> embeddedSheenSnippets();

namespace th {

namespace {
const std::vector<const char*> kDefines = {"HAS_SHEEN_COLOR_MAP", "HAS_SHEEN_ROUGHNESS_MAP"};
}

PluginDeclaration SheenPlugin::makeDeclaration(const ExtensionTextures& textures) {
    PluginDeclaration d;
    d.name = kName;
    d.priority = kPriority;
    d.uniforms = {{"sheenColorFactor", "vec3"}, {"sheenRoughnessFactor", "float"}};
    d.samplers = {{kLutSampler, "sampler2D", "highp"}};
    // The environment through the Charlie lobe, as the Sample Viewer lights a sheen.
    d.frameTextures = {std::string(frame_texture::kSheenEnvironment.name)};
    textures.declare(d, kDefines);
    d.fragment = loadSnippetFile(kSnippetFile, embeddedSheenSnippets());
    d.inDepthPass = false;
    d.inShadowPass = false;
    return d;
}

SheenPlugin::SheenPlugin(const SheenParams& params, ExtensionTextures textures)
    : MaterialPlugin(makeDeclaration(textures)), mParams(params), mTextures(std::move(textures)) {}

SheenPlugin::SheenPlugin(const SheenParams& params) : SheenPlugin(params, ExtensionTextures{}) {}

SheenPlugin::SheenPlugin(const PbrMaterial& material)
    : SheenPlugin(material.params().sheen.value_or(SheenParams{}), [&] {
          ExtensionTextures t;
          if (const auto& s = material.params().sheen) {
              t.add(material, "sheenColorMap", kDefines[0], s->colorTexture, 40);
              t.add(material, "sheenRoughnessMap", kDefines[1], s->roughnessTexture, 20);
          }
          return t;
      }()) {}

SheenPlugin::~SheenPlugin() = default;

std::shared_ptr<SheenPlugin> SheenPlugin::withAllTextures() {
    ExtensionTextures t;
    t.addPlaceholder("sheenColorMap", kDefines[0], 40);
    t.addPlaceholder("sheenRoughnessMap", kDefines[1], 20);
    return std::shared_ptr<SheenPlugin>(new SheenPlugin(SheenParams{.color = glm::vec3(1.0f), .roughness = 0.5f}, std::move(t)));
}

void SheenPlugin::prepareDefines(ShaderDefines& defines, const DrawInfo& draw) const {
    MaterialPlugin::prepareDefines(defines, draw);
    mTextures.setDefines(defines, draw);
}

void SheenPlugin::updateUniforms(PluginUniforms& u, const FrameInfo&) const {
    u.set("sheenColorFactor", mParams.color);
    u.set("sheenRoughnessFactor", mParams.roughness);
    mTextures.writeUniforms(u);
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
    return mTextures.binding(sampler);
}

std::vector<PluginParameter> SheenPlugin::parameters() {
    return {{.name = "sheen roughness", .value = &mParams.roughness, .min = 0.0f, .max = 1.0f}};
}

} // namespace th
