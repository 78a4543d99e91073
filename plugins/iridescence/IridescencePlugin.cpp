#include "plugins/iridescence/IridescencePlugin.h"

#include "material/PluginUniforms.h"
#include "plugins/common/SnippetFile.h"

// This plugin's snippet files, embedded in its library (plugins/CMakeLists.txt).
std::span<const th::EmbeddedFile> embeddedIridescenceSnippets();

namespace th {

namespace {
const std::vector<const char*> kDefines = {"HAS_IRIDESCENCE_MAP", "HAS_IRIDESCENCE_THICKNESS_MAP"};
}

PluginDeclaration IridescencePlugin::makeDeclaration(const ExtensionTextures& textures) {
    PluginDeclaration d;
    d.name = kName;
    d.priority = kPriority;
    // x: factor, y: the film's IOR, z, w: thickness minimum and maximum (nm).
    d.uniforms = {{"iridescenceParams", "vec4"}};
    textures.declare(d, kDefines);
    d.fragment = loadSnippetFile(kSnippetFile, embeddedIridescenceSnippets());
    d.inDepthPass = false;
    d.inShadowPass = false;
    return d;
}

IridescencePlugin::IridescencePlugin(const IridescenceParams& params, ExtensionTextures textures)
    : MaterialPlugin(makeDeclaration(textures)), mParams(params), mTextures(std::move(textures)) {}

IridescencePlugin::IridescencePlugin(const IridescenceParams& params) : IridescencePlugin(params, ExtensionTextures{}) {}

IridescencePlugin::IridescencePlugin(const PbrMaterial& material)
    : IridescencePlugin(material.params().iridescence.value_or(IridescenceParams{}), [&] {
          ExtensionTextures t;
          if (const auto& i = material.params().iridescence) {
              t.add(material, "iridescenceMap", kDefines[0], i->texture, 40);
              t.add(material, "iridescenceThicknessMap", kDefines[1], i->thicknessTexture, 20);
          }
          return t;
      }()) {}

std::shared_ptr<IridescencePlugin> IridescencePlugin::withAllTextures() {
    ExtensionTextures t;
    t.addPlaceholder("iridescenceMap", kDefines[0], 40);
    t.addPlaceholder("iridescenceThicknessMap", kDefines[1], 20);
    return std::shared_ptr<IridescencePlugin>(new IridescencePlugin(IridescenceParams{.factor = 1.0f}, std::move(t)));
}

void IridescencePlugin::prepareDefines(ShaderDefines& defines, const DrawInfo& draw) const {
    MaterialPlugin::prepareDefines(defines, draw);
    mTextures.setDefines(defines, draw);
}

void IridescencePlugin::updateUniforms(PluginUniforms& u, const FrameInfo&) const {
    u.set("iridescenceParams", glm::vec4(mParams.factor, mParams.ior, mParams.thicknessMinimum, mParams.thicknessMaximum));
    mTextures.writeUniforms(u);
}

TextureBinding IridescencePlugin::texture(std::string_view sampler) const { return mTextures.binding(sampler); }

std::vector<PluginParameter> IridescencePlugin::parameters() {
    return {{.name = "iridescence", .value = &mParams.factor, .min = 0.0f, .max = 1.0f},
            {.name = "iridescence IOR", .value = &mParams.ior, .min = 1.0f, .max = 2.5f},
            {.name = "film thickness max (nm)", .value = &mParams.thicknessMaximum, .min = 0.0f, .max = 1200.0f}};
}

} // namespace th
