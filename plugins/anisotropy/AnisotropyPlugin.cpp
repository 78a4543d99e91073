#include "plugins/anisotropy/AnisotropyPlugin.h"

#include <cmath>

#include "material/PluginUniforms.h"
#include "plugins/common/SnippetFile.h"

// This plugin's snippet files, embedded in its library (plugins/CMakeLists.txt).
std::span<const th::EmbeddedFile> embeddedAnisotropySnippets();

namespace th {

namespace {
const std::vector<const char*> kDefines = {"HAS_ANISOTROPY_MAP"};
}

PluginDeclaration AnisotropyPlugin::makeDeclaration(const ExtensionTextures& textures) {
    PluginDeclaration d;
    d.name = kName;
    d.priority = kPriority;
    // x, y: the direction's rotation as (cos, sin); z: strength.
    d.uniforms = {{"anisotropyParams", "vec3"}};
    textures.declare(d, kDefines);
    d.fragment = loadSnippetFile(kSnippetFile, embeddedAnisotropySnippets());
    d.inDepthPass = false;
    d.inShadowPass = false;
    return d;
}

AnisotropyPlugin::AnisotropyPlugin(const AnisotropyParams& params, ExtensionTextures textures)
    : MaterialPlugin(makeDeclaration(textures)), mParams(params), mTextures(std::move(textures)) {}

AnisotropyPlugin::AnisotropyPlugin(const AnisotropyParams& params) : AnisotropyPlugin(params, ExtensionTextures{}) {}

AnisotropyPlugin::AnisotropyPlugin(const PbrMaterial& material)
    : AnisotropyPlugin(material.params().anisotropy.value_or(AnisotropyParams{}), [&] {
          ExtensionTextures t;
          if (const auto& a = material.params().anisotropy) t.add(material, "anisotropyMap", kDefines[0], a->texture, 25);
          return t;
      }()) {}

std::shared_ptr<AnisotropyPlugin> AnisotropyPlugin::withAllTextures() {
    ExtensionTextures t;
    t.addPlaceholder("anisotropyMap", kDefines[0], 25);
    return std::shared_ptr<AnisotropyPlugin>(new AnisotropyPlugin(AnisotropyParams{.strength = 1.0f}, std::move(t)));
}

void AnisotropyPlugin::prepareDefines(ShaderDefines& defines, const DrawInfo& draw) const {
    MaterialPlugin::prepareDefines(defines, draw);
    mTextures.setDefines(defines, draw);
}

void AnisotropyPlugin::updateUniforms(PluginUniforms& u, const FrameInfo&) const {
    u.set("anisotropyParams", glm::vec3(std::cos(mParams.rotation), std::sin(mParams.rotation), mParams.strength));
    mTextures.writeUniforms(u);
}

TextureBinding AnisotropyPlugin::texture(std::string_view sampler) const { return mTextures.binding(sampler); }

std::vector<PluginParameter> AnisotropyPlugin::parameters() {
    return {{.name = "anisotropy strength", .value = &mParams.strength, .min = 0.0f, .max = 1.0f},
            {.name = "anisotropy rotation", .value = &mParams.rotation, .min = -3.14159265f, .max = 3.14159265f}};
}

} // namespace th
