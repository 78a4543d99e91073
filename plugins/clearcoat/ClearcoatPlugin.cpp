#include "plugins/clearcoat/ClearcoatPlugin.h"

#include "material/PluginUniforms.h"
#include "plugins/common/SnippetFile.h"

// This plugin's snippet files, embedded in its library (plugins/CMakeLists.txt).
std::span<const th::EmbeddedFile> embeddedClearcoatSnippets();

namespace th {

namespace {
const ExtensionTexture kTextures[] = {{"clearcoatMap", "HAS_CLEARCOAT_MAP", 45},
                                      {"clearcoatRoughnessMap", "HAS_CLEARCOAT_ROUGHNESS_MAP", 20},
                                      {"clearcoatNormalMap", "HAS_CLEARCOAT_NORMAL_MAP", 15}};
}

PluginDeclaration ClearcoatPlugin::ownDeclaration() {
    PluginDeclaration d;
    d.name = kName;
    d.priority = kPriority;
    d.uniforms = {{"clearcoatFactor", "float"}, {"clearcoatRoughnessFactor", "float"}, {"clearcoatNormalScale", "float"}};
    d.fragment = loadSnippetFile(kSnippetFile, embeddedClearcoatSnippets());
    return d;
}

ExtensionTextureTable ClearcoatPlugin::textures() { return kTextures; }

ClearcoatParams ClearcoatPlugin::paramsOf(const PbrParams& material) { return material.clearcoat.value_or(ClearcoatParams{}); }

ClearcoatParams ClearcoatPlugin::worstCase() { return ClearcoatParams{.factor = 1.0f}; }

void ClearcoatPlugin::writeParams(PluginUniforms& u) const {
    u.set("clearcoatFactor", mParams.factor);
    u.set("clearcoatRoughnessFactor", mParams.roughness);
    u.set("clearcoatNormalScale", mParams.normalScale);
}

std::vector<PluginParameter> ClearcoatPlugin::parameters() {
    return {{.name = "clear coat", .value = &mParams.factor, .min = 0.0f, .max = 1.0f},
            {.name = "clear coat roughness", .value = &mParams.roughness, .min = 0.0f, .max = 1.0f}};
}

} // namespace th
