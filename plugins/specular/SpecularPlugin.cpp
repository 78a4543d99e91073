#include "plugins/specular/SpecularPlugin.h"

#include "material/PluginUniforms.h"
#include "plugins/common/SnippetFile.h"

// This plugin's snippet files, embedded in its library (plugins/CMakeLists.txt).
std::span<const th::EmbeddedFile> embeddedSpecularSnippets();

namespace th {

namespace {
const ExtensionTexture kTextures[] = {{"specularMap", "HAS_SPECULAR_MAP", 30}, {"specularColorMap", "HAS_SPECULAR_COLOR_MAP", 35}};
}

PluginDeclaration SpecularPlugin::ownDeclaration() {
    PluginDeclaration d;
    d.name = kName;
    d.priority = kPriority;
    d.uniforms = {{"specularFactor", "float"}, {"specularColorFactor", "vec3"}};
    d.fragment = loadSnippetFile(kSnippetFile, embeddedSpecularSnippets());
    return d;
}

ExtensionTextureTable SpecularPlugin::textures() { return kTextures; }

SpecularParams SpecularPlugin::paramsOf(const PbrParams& material) { return material.specular.value_or(SpecularParams{}); }

SpecularParams SpecularPlugin::worstCase() { return SpecularParams{}; }

void SpecularPlugin::writeParams(PluginUniforms& u) const {
    u.set("specularFactor", mParams.factor);
    u.set("specularColorFactor", mParams.color);
}

std::vector<PluginParameter> SpecularPlugin::parameters() {
    return {{.name = "specular", .value = &mParams.factor, .min = 0.0f, .max = 1.0f}};
}

} // namespace th
