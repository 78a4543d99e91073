#include "plugins/specgloss/SpecularGlossinessPlugin.h"

#include "material/PluginUniforms.h"
#include "plugins/common/SnippetFile.h"

// This plugin's snippet files, embedded in its library (plugins/CMakeLists.txt).
std::span<const th::EmbeddedFile> embeddedSpecGlossSnippets();

namespace th {

namespace {
const std::vector<const char*> kDefines = {"HAS_SPECULAR_GLOSSINESS_MAP"};
}

PluginDeclaration SpecularGlossinessPlugin::makeDeclaration(const ExtensionTextures& textures) {
    PluginDeclaration d;
    d.name = kName;
    d.priority = kPriority;
    d.uniforms = {{"specularGlossinessSpecular", "vec3"}, {"specularGlossinessGlossiness", "float"}};
    textures.declare(d, kDefines);
    d.fragment = loadSnippetFile(kSnippetFile, embeddedSpecGlossSnippets());
    d.inDepthPass = false;
    d.inShadowPass = false;
    return d;
}

SpecularGlossinessPlugin::SpecularGlossinessPlugin(const SpecularGlossinessParams& params, ExtensionTextures textures)
    : MaterialPlugin(makeDeclaration(textures)), mParams(params), mTextures(std::move(textures)) {}

SpecularGlossinessPlugin::SpecularGlossinessPlugin(const SpecularGlossinessParams& params)
    : SpecularGlossinessPlugin(params, ExtensionTextures{}) {}

SpecularGlossinessPlugin::SpecularGlossinessPlugin(const PbrMaterial& material)
    : SpecularGlossinessPlugin(material.params().specularGlossiness.value_or(SpecularGlossinessParams{}), [&] {
          ExtensionTextures t;
          if (const auto& s = material.params().specularGlossiness)
              t.add(material, "specularGlossinessMap", kDefines[0], s->texture, 50);
          return t;
      }()) {}

std::shared_ptr<SpecularGlossinessPlugin> SpecularGlossinessPlugin::withAllTextures() {
    ExtensionTextures t;
    t.addPlaceholder("specularGlossinessMap", kDefines[0], 50);
    return std::shared_ptr<SpecularGlossinessPlugin>(new SpecularGlossinessPlugin(SpecularGlossinessParams{}, std::move(t)));
}

void SpecularGlossinessPlugin::prepareDefines(ShaderDefines& defines, const DrawInfo& draw) const {
    MaterialPlugin::prepareDefines(defines, draw);
    mTextures.setDefines(defines, draw);
}

void SpecularGlossinessPlugin::updateUniforms(PluginUniforms& u, const FrameInfo&) const {
    u.set("specularGlossinessSpecular", mParams.specular);
    u.set("specularGlossinessGlossiness", mParams.glossiness);
    mTextures.writeUniforms(u);
}

TextureBinding SpecularGlossinessPlugin::texture(std::string_view sampler) const { return mTextures.binding(sampler); }

std::vector<PluginParameter> SpecularGlossinessPlugin::parameters() {
    return {{.name = "glossiness", .value = &mParams.glossiness, .min = 0.0f, .max = 1.0f}};
}

} // namespace th
