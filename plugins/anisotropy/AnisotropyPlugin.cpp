#include "plugins/anisotropy/AnisotropyPlugin.h"

#include <cmath>

#include "material/PluginUniforms.h"
#include "plugins/common/SnippetFile.h"

// This plugin's snippet files, embedded in its library (plugins/CMakeLists.txt).
std::span<const th::EmbeddedFile> embeddedAnisotropySnippets();

namespace th {

namespace {
const ExtensionTexture kTextures[] = {{"anisotropyMap", "HAS_ANISOTROPY_MAP", 25}};
}

PluginDeclaration AnisotropyPlugin::ownDeclaration() {
    PluginDeclaration d;
    d.name = kName;
    d.priority = kPriority;
    // x, y: the direction's rotation as (cos, sin); z: strength.
    d.uniforms = {{"anisotropyParams", "vec3"}};
    d.fragment = loadSnippetFile(kSnippetFile, embeddedAnisotropySnippets());
    return d;
}

ExtensionTextureTable AnisotropyPlugin::textures() { return kTextures; }

AnisotropyParams AnisotropyPlugin::paramsOf(const PbrParams& material) { return material.anisotropy.value_or(AnisotropyParams{}); }

AnisotropyParams AnisotropyPlugin::worstCase() { return AnisotropyParams{.strength = 1.0f}; }

void AnisotropyPlugin::writeParams(PluginUniforms& u) const {
    u.set("anisotropyParams", glm::vec3(std::cos(mParams.rotation), std::sin(mParams.rotation), mParams.strength));
}

std::vector<PluginParameter> AnisotropyPlugin::parameters() {
    return {{.name = "anisotropy strength", .value = &mParams.strength, .min = 0.0f, .max = 1.0f},
            {.name = "anisotropy rotation", .value = &mParams.rotation, .min = -3.14159265f, .max = 3.14159265f}};
}

} // namespace th
