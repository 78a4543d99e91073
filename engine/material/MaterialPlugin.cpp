#include "material/MaterialPlugin.h"

#include "core/Error.h"
#include "core/Str.h"
#include "material/FrameTexture.h"
#include "material/Material.h"

namespace th {

namespace {
std::atomic<uint32_t> gRegistration{0};
}

MaterialPlugin::MaterialPlugin(PluginDeclaration declaration)
    : mDeclaration(std::move(declaration)), mRegistration(gRegistration++) {
    // A frame texture is a sampler like the plugin's own, so budgets, reports and the
    // declarations see it; only who binds it differs (the renderer).
    for (const std::string& name : mDeclaration.frameTextures) {
        size_t i = frame_texture::indexOf(name);
        if (i == frame_texture::kAll.size())
            throw Error(str("plugin '", mDeclaration.name, "' asks for the frame texture '", name,
                            "', which the renderer does not make (it makes: ", frame_texture::knownNames(), ")"));
        mDeclaration.samplers.push_back({name, std::string(frame_texture::kAll[i].glslType), "highp"});
    }
    rebuildCode();
}

MaterialPlugin::~MaterialPlugin() = default;

void MaterialPlugin::rebuildCode() {
    PluginCode code;
    code.name = mDeclaration.name;
    code.priority = mDeclaration.priority;
    code.registration = mRegistration;
    code.enabled = mEnabled;
    code.defines = mDeclaration.defines;
    code.uniforms = mDeclaration.uniforms;
    code.samplers = mDeclaration.samplers;
    code.modules = mDeclaration.modules;
    for (auto* stage : {&mDeclaration.vertex, &mDeclaration.fragment}) {
        for (auto& s : *stage) {
            PluginSnippet& added = code.addCode(stage == &mDeclaration.vertex ? ShaderStage::Vertex : ShaderStage::Fragment,
                                                s.key, s.code, s.origin);
            // Snippets cut from a larger file keep that file's line numbers in messages.
            for (size_t i = 0; i < added.code.lines.size(); ++i) added.code.lines[i].line += uint32_t(s.firstLine - 1);
        }
    }
    mCode = std::move(code);
}

void MaterialPlugin::replaceCode(std::vector<PluginDeclaration::Snippet> vertex, std::vector<PluginDeclaration::Snippet> fragment) {
    mDeclaration.vertex = std::move(vertex);
    mDeclaration.fragment = std::move(fragment);
    rebuildCode();
    ++mVersion;
}

bool MaterialPlugin::readsFrameTexture(std::string_view name) const {
    if (!mEnabled) return false;
    for (const std::string& f : mDeclaration.frameTextures)
        if (f == name) return true;
    return false;
}

bool MaterialPlugin::runsIn(RenderPass pass) const {
    if (!mEnabled) return false;
    switch (pass) {
    case RenderPass::Main: return true;
    case RenderPass::Depth: return mDeclaration.inDepthPass;
    case RenderPass::Shadow: return mDeclaration.inShadowPass;
    }
    return true;
}

void MaterialPlugin::setEnabled(bool enabled) {
    if (enabled == mEnabled) return;
    mEnabled = enabled;
    mCode.enabled = enabled;
    ++mVersion;
}

void MaterialPlugin::setSourceHook(std::optional<SourceHook> hook) {
    mSourceHook = std::move(hook);
    ++mVersion;
}

void MaterialPlugin::prepareDefines(ShaderDefines& defines, const DrawInfo&) const {
    for (auto& d : mDeclaration.defines)
        if (d.defaultValue) setDefine(defines, d.name, *d.defaultValue);
}

void MaterialPlugin::updateUniforms(PluginUniforms&, const FrameInfo&) const {}

void MaterialPlugin::updateDrawUniforms(PluginUniforms&, const DrawContext&, const FrameInfo&) const {}

TextureBinding MaterialPlugin::texture(std::string_view) const { return {}; }

bool MaterialPlugin::accepts(const Material& material, std::string* reason) const {
    if (!material.acceptsPlugins()) {
        if (reason) *reason = str("material '", material.name(), "' (", material.kind(), ") takes no plugins");
        return false;
    }
    return true;
}

PluginDeclaration declarationFromCode(const PluginCode& code) {
    PluginDeclaration d;
    d.name = code.name;
    d.priority = code.priority;
    d.defines = code.defines;
    d.uniforms = code.uniforms;
    d.samplers = code.samplers;
    d.modules = code.modules;
    for (const PluginFrameTexture& f : code.frameTextures) {
        // Checked here, where the names are known, so the message points into the file.
        if (frame_texture::indexOf(f.name) == frame_texture::kAll.size())
            throw Error(f.where, str("plugin '", code.name, "' asks for the frame texture '", f.name,
                                     "', which the renderer does not make (it makes: ", frame_texture::knownNames(), ")"));
        d.frameTextures.push_back(f.name);
    }
    // Keep each snippet's own line origins by re-adding the text under its first origin name.
    for (auto* stage : {&code.vertex, &code.fragment}) {
        for (auto& s : *stage) {
            std::string origin = s.code.lines.size() > 0 ? s.code.lines.sourceName(s.code.lines[0].source) : std::string();
            (stage == &code.vertex ? d.vertex : d.fragment).push_back({s.key, s.code.text, origin});
        }
    }
    return d;
}

DataPlugin::DataPlugin(const PluginCode& code) : MaterialPlugin(declarationFromCode(code)) {
    if (!code.enabled) setEnabled(false);
}

} // namespace th
