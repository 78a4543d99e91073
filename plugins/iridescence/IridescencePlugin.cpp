#include "plugins/iridescence/IridescencePlugin.h"

#include "material/PluginUniforms.h"
#include "plugins/common/SnippetFile.h"

// This plugin's snippet files, embedded in its library (plugins/CMakeLists.txt).
std::span<const th::EmbeddedFile> embeddedIridescenceSnippets();

namespace th {

namespace {
const ExtensionTexture kTextures[] = {{"iridescenceMap", "HAS_IRIDESCENCE_MAP", 40},
                                      {"iridescenceThicknessMap", "HAS_IRIDESCENCE_THICKNESS_MAP", 20}};
}

PluginDeclaration IridescencePlugin::ownDeclaration() {
    PluginDeclaration d;
    d.name = kName;
    d.priority = kPriority;
    // x: factor, y: the film's IOR, z, w: thickness minimum and maximum (nm).
    d.uniforms = {{"iridescenceParams", "vec4"}};
    d.fragment = loadSnippetFile(kSnippetFile, embeddedIridescenceSnippets());
    return d;
}

ExtensionTextureTable IridescencePlugin::textures() { return kTextures; }

IridescenceParams IridescencePlugin::paramsOf(const PbrParams& material) { return material.iridescence.value_or(IridescenceParams{}); }

IridescenceParams IridescencePlugin::worstCase() { return IridescenceParams{.factor = 1.0f}; }

void IridescencePlugin::writeParams(PluginUniforms& u) const {
    u.set("iridescenceParams", glm::vec4(mParams.factor, mParams.ior, mParams.thicknessMinimum, mParams.thicknessMaximum));
}

std::vector<PluginParameter> IridescencePlugin::parameters() {
    return {{.name = "iridescence", .value = &mParams.factor, .min = 0.0f, .max = 1.0f},
            {.name = "iridescence IOR", .value = &mParams.ior, .min = 1.0f, .max = 2.5f},
            {.name = "film thickness max (nm)", .value = &mParams.thicknessMaximum, .min = 0.0f, .max = 1200.0f}};
}

} // namespace th
