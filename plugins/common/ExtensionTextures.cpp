#include "plugins/common/ExtensionTextures.h"

#include "core/Str.h"
#include "material/PluginUniforms.h"

namespace th {

void ExtensionTextures::add(const PbrMaterial& material, const char* sampler, const char* define, const TextureSlot& slot,
                            int importance) {
    const PbrTexture& texture = material.extensionTexture(sampler);
    if (!texture.texture) return;
    mSlots.push_back({sampler, define, slot, texture, importance});
}

void ExtensionTextures::addPlaceholder(const char* sampler, const char* define, int importance) {
    mSlots.push_back({sampler, define, TextureSlot{}, PbrTexture{}, importance});
}

void ExtensionTextures::declare(PluginDeclaration& d, const std::vector<const char*>& allDefines) const {
    for (const char* define : allDefines) d.defines.push_back({define, std::nullopt});
    for (const Slot& s : mSlots) {
        d.samplers.push_back({s.sampler, "sampler2D", "highp", s.define, s.importance});
        d.uniforms.push_back({str(s.sampler, "Uv"), "vec4[2]"});
    }
    d.modules.push_back("gltf_extension_uv");
}

void ExtensionTextures::setDefines(ShaderDefines& defines, const DrawInfo& draw) const {
    if (draw.pass != RenderPass::Main) return;
    for (const Slot& s : mSlots) {
        bool uv1 = s.slot.texCoord == 1;
        if (uv1 ? !draw.hasUv1 : !draw.hasUv0) continue; // no coordinates to read it with
        setDefine(defines, s.define, "1");
    }
}

void ExtensionTextures::writeUniforms(PluginUniforms& uniforms) const {
    for (const Slot& s : mSlots) {
        glm::mat3 m = s.slot.transform.matrix();
        const float rows[8] = {m[0][0], m[1][0], m[2][0], s.slot.texCoord == 1 ? 1.0f : 0.0f,
                               m[0][1], m[1][1], m[2][1], 0.0f};
        uniforms.setArray(str(s.sampler, "Uv"), rows, 2, 4);
    }
}

TextureBinding ExtensionTextures::binding(std::string_view sampler) const {
    for (const Slot& s : mSlots)
        if (s.sampler == sampler) return {s.texture.texture.get(), s.texture.sampler.get()};
    return {};
}

} // namespace th
