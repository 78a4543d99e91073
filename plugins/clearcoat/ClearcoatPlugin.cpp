#include "plugins/clearcoat/ClearcoatPlugin.h"

#include "material/PluginUniforms.h"
#include "plugins/common/SnippetFile.h"

// This plugin's snippet files, embedded in its library (plugins/CMakeLists.txt).
std::span<const th::EmbeddedFile> embeddedClearcoatSnippets();

namespace th {

namespace {
const std::vector<const char*> kDefines = {"HAS_CLEARCOAT_MAP", "HAS_CLEARCOAT_ROUGHNESS_MAP", "HAS_CLEARCOAT_NORMAL_MAP"};
}

PluginDeclaration ClearcoatPlugin::makeDeclaration(const ExtensionTextures& textures) {
    PluginDeclaration d;
    d.name = kName;
    d.priority = kPriority;
    d.uniforms = {{"clearcoatFactor", "float"}, {"clearcoatRoughnessFactor", "float"}, {"clearcoatNormalScale", "float"}};
    textures.declare(d, kDefines);
    d.fragment = loadSnippetFile(kSnippetFile, embeddedClearcoatSnippets());
    d.inDepthPass = false;
    d.inShadowPass = false;
    return d;
}

ClearcoatPlugin::ClearcoatPlugin(const ClearcoatParams& params, ExtensionTextures textures)
    : MaterialPlugin(makeDeclaration(textures)), mParams(params), mTextures(std::move(textures)) {}

ClearcoatPlugin::ClearcoatPlugin(const ClearcoatParams& params) : ClearcoatPlugin(params, ExtensionTextures{}) {}

ClearcoatPlugin::ClearcoatPlugin(const PbrMaterial& material)
    : ClearcoatPlugin(material.params().clearcoat.value_or(ClearcoatParams{}), [&] {
          ExtensionTextures t;
          if (const auto& c = material.params().clearcoat) {
              t.add(material, "clearcoatMap", kDefines[0], c->texture, 45);
              t.add(material, "clearcoatRoughnessMap", kDefines[1], c->roughnessTexture, 20);
              t.add(material, "clearcoatNormalMap", kDefines[2], c->normalTexture, 15);
          }
          return t;
      }()) {}

std::shared_ptr<ClearcoatPlugin> ClearcoatPlugin::withAllTextures() {
    ExtensionTextures t;
    t.addPlaceholder("clearcoatMap", kDefines[0], 45);
    t.addPlaceholder("clearcoatRoughnessMap", kDefines[1], 20);
    t.addPlaceholder("clearcoatNormalMap", kDefines[2], 15);
    return std::shared_ptr<ClearcoatPlugin>(new ClearcoatPlugin(ClearcoatParams{.factor = 1.0f}, std::move(t)));
}

void ClearcoatPlugin::prepareDefines(ShaderDefines& defines, const DrawInfo& draw) const {
    MaterialPlugin::prepareDefines(defines, draw);
    mTextures.setDefines(defines, draw);
}

void ClearcoatPlugin::updateUniforms(PluginUniforms& u, const FrameInfo&) const {
    u.set("clearcoatFactor", mParams.factor);
    u.set("clearcoatRoughnessFactor", mParams.roughness);
    u.set("clearcoatNormalScale", mParams.normalScale);
    mTextures.writeUniforms(u);
}

TextureBinding ClearcoatPlugin::texture(std::string_view sampler) const { return mTextures.binding(sampler); }

std::vector<PluginParameter> ClearcoatPlugin::parameters() {
    return {{.name = "clear coat", .value = &mParams.factor, .min = 0.0f, .max = 1.0f},
            {.name = "clear coat roughness", .value = &mParams.roughness, .min = 0.0f, .max = 1.0f}};
}

} // namespace th
