#include "plugins/specular/SpecularPlugin.h"

#include "material/PluginUniforms.h"
#include "plugins/common/SnippetFile.h"

// This plugin's snippet files, embedded in its library (plugins/CMakeLists.txt).
std::span<const th::EmbeddedFile> embeddedSpecularSnippets();

namespace th {

namespace {
const std::vector<const char*> kDefines = {"HAS_SPECULAR_MAP", "HAS_SPECULAR_COLOR_MAP"};
}

PluginDeclaration SpecularPlugin::makeDeclaration(const ExtensionTextures& textures) {
    PluginDeclaration d;
    d.name = kName;
    d.priority = kPriority;
    d.uniforms = {{"specularFactor", "float"}, {"specularColorFactor", "vec3"}};
    textures.declare(d, kDefines);
    d.fragment = loadSnippetFile(kSnippetFile, embeddedSpecularSnippets());
    d.inDepthPass = false;
    d.inShadowPass = false;
    return d;
}

SpecularPlugin::SpecularPlugin(const SpecularParams& params, ExtensionTextures textures)
    : MaterialPlugin(makeDeclaration(textures)), mParams(params), mTextures(std::move(textures)) {}

SpecularPlugin::SpecularPlugin(const SpecularParams& params) : SpecularPlugin(params, ExtensionTextures{}) {}

SpecularPlugin::SpecularPlugin(const PbrMaterial& material)
    : SpecularPlugin(material.params().specular.value_or(SpecularParams{}), [&] {
          ExtensionTextures t;
          if (const auto& s = material.params().specular) {
              t.add(material, "specularMap", kDefines[0], s->texture, 30);
              t.add(material, "specularColorMap", kDefines[1], s->colorTexture, 35);
          }
          return t;
      }()) {}

std::shared_ptr<SpecularPlugin> SpecularPlugin::withAllTextures() {
    ExtensionTextures t;
    t.addPlaceholder("specularMap", kDefines[0], 30);
    t.addPlaceholder("specularColorMap", kDefines[1], 35);
    return std::shared_ptr<SpecularPlugin>(new SpecularPlugin(SpecularParams{}, std::move(t)));
}

void SpecularPlugin::prepareDefines(ShaderDefines& defines, const DrawInfo& draw) const {
    MaterialPlugin::prepareDefines(defines, draw);
    mTextures.setDefines(defines, draw);
}

void SpecularPlugin::updateUniforms(PluginUniforms& u, const FrameInfo&) const {
    u.set("specularFactor", mParams.factor);
    u.set("specularColorFactor", mParams.color);
    mTextures.writeUniforms(u);
}

TextureBinding SpecularPlugin::texture(std::string_view sampler) const { return mTextures.binding(sampler); }

std::vector<PluginParameter> SpecularPlugin::parameters() {
    return {{.name = "specular", .value = &mParams.factor, .min = 0.0f, .max = 1.0f}};
}

} // namespace th
