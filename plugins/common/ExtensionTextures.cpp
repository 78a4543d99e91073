#include "plugins/common/ExtensionTextures.h"

#include <algorithm>

#include "core/Str.h"
#include "material/PluginUniforms.h"

namespace th {

ExtensionTextures ExtensionTextures::of(ExtensionTextureTable table, const PbrMaterial& material) {
    ExtensionTextures out(table);
    const std::vector<ExtensionTextureSlot> present = material.params().extensionTextures();
    for (const ExtensionTexture& t : table) {
        const PbrTexture& bound = material.extensionTexture(t.sampler);
        if (!bound.texture) continue;
        auto slot = std::find_if(present.begin(), present.end(),
                                 [&](const ExtensionTextureSlot& s) { return std::string_view(s.sampler) == t.sampler; });
        out.mSlots.push_back({t, slot == present.end() ? TextureSlot{} : *slot->slot, bound});
    }
    return out;
}

ExtensionTextures ExtensionTextures::placeholders(ExtensionTextureTable table) {
    ExtensionTextures out(table);
    for (const ExtensionTexture& t : table) out.mSlots.push_back({t, TextureSlot{}, PbrTexture{}});
    return out;
}

void ExtensionTextures::declare(PluginDeclaration& d) const {
    for (const ExtensionTexture& t : mTable) d.defines.push_back({t.define, std::nullopt});
    for (const Slot& s : mSlots) {
        d.samplers.push_back({s.texture.sampler, "sampler2D", "highp", s.texture.define, s.texture.importance});
        d.uniforms.push_back({str(s.texture.sampler, "Uv"), "vec4[2]"});
    }
    d.modules.push_back("gltf_extension_uv");
}

void ExtensionTextures::setDefines(ShaderDefines& defines, const DrawInfo& draw) const {
    if (draw.pass != RenderPass::Main) return;
    for (const Slot& s : mSlots) {
        bool uv1 = s.slot.texCoord == 1;
        if (uv1 ? !draw.hasUv1 : !draw.hasUv0) continue; // no coordinates to read it with
        setDefine(defines, s.texture.define, "1");
    }
}

void ExtensionTextures::writeUniforms(PluginUniforms& uniforms) const {
    for (const Slot& s : mSlots) {
        glm::mat3 m = s.slot.transform.matrix();
        const float rows[8] = {m[0][0], m[1][0], m[2][0], s.slot.texCoord == 1 ? 1.0f : 0.0f,
                               m[0][1], m[1][1], m[2][1], 0.0f};
        uniforms.setArray(str(s.texture.sampler, "Uv"), rows, 2, 4);
    }
}

TextureBinding ExtensionTextures::binding(std::string_view sampler) const {
    for (const Slot& s : mSlots)
        if (s.texture.sampler == sampler) return {s.bound.texture.get(), s.bound.sampler.get()};
    return {};
}

} // namespace th
