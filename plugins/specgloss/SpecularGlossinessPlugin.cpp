#include "plugins/specgloss/SpecularGlossinessPlugin.h"

#include "material/PluginUniforms.h"
#include "plugins/common/SnippetFile.h"

// This plugin's snippet files, embedded in its library (plugins/CMakeLists.txt).
std::span<const th::EmbeddedFile> embeddedSpecGlossSnippets();

namespace th {

namespace {
const ExtensionTexture kTextures[] = {{"specularGlossinessMap", "HAS_SPECULAR_GLOSSINESS_MAP", 50}};
}

PluginDeclaration SpecularGlossinessPlugin::ownDeclaration() {
    PluginDeclaration d;
    d.name = kName;
    d.priority = kPriority;
    d.uniforms = {{"specularGlossinessSpecular", "vec3"}, {"specularGlossinessGlossiness", "float"}};
    d.fragment = loadSnippetFile(kSnippetFile, embeddedSpecGlossSnippets());
    return d;
}

ExtensionTextureTable SpecularGlossinessPlugin::textures() { return kTextures; }

SpecularGlossinessParams SpecularGlossinessPlugin::paramsOf(const PbrParams& material) { return material.specularGlossiness.value_or(SpecularGlossinessParams{}); }

SpecularGlossinessParams SpecularGlossinessPlugin::worstCase() { return SpecularGlossinessParams{}; }

void SpecularGlossinessPlugin::writeParams(PluginUniforms& u) const {
    u.set("specularGlossinessSpecular", mParams.specular);
    u.set("specularGlossinessGlossiness", mParams.glossiness);
}

std::vector<PluginParameter> SpecularGlossinessPlugin::parameters() {
    return {{.name = "glossiness", .value = &mParams.glossiness, .min = 0.0f, .max = 1.0f}};
}

} // namespace th
