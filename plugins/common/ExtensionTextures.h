#pragma once
// The textures of one glTF material extension as its plugin declares and binds them: a
// sampler only for a slot the material fills (an absent texture costs no unit), a define
// HAS_<SLOT> when the draw can read it, and the slot's KHR_texture_transform rows and UV set in
// a vec4[2] uniform "<sampler>Uv" (rows as the PBR block's; the set in rows[0].w). A snippet
// reads a slot as
//
//   #ifdef HAS_CLEARCOAT_MAP
//   factor *= texture(clearcoatMap, extensionUv(clearcoatMapUv)).r;
//   #endif
//
// with extensionUv from the "gltf_extension_uv" shader module. Each sampler is declared under its
// define, so the texture-unit budget can drop it (the snippet then uses its factor alone), and
// a slot on the same image and sampler as another shares that one's unit (Material).
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "material/MaterialPlugin.h"
#include "material/PbrMaterial.h"

namespace th {

class PluginUniforms;

/// One texture of an extension, as its plugin's table lists it once: the sampler (also the name
/// PbrParams::extensionTextures and the model loader give it), the define that gates it, and
/// what the texture-unit budget drops first (the lowest; see PluginSampler::importance): a
/// slot whose loss leaves the extension's look mostly intact (a roughness or thickness detail)
/// ranks below one that carries it (a factor or colour).
struct ExtensionTexture {
    const char* sampler;
    const char* define;
    int importance = 30;
};
using ExtensionTextureTable = std::span<const ExtensionTexture>;

class ExtensionTextures {
public:
    /// The table's slots, none bound: an extension of factors only.
    explicit ExtensionTextures(ExtensionTextureTable table) : mTable(table) {}
    /// The slots `material` fills with a texture.
    static ExtensionTextures of(ExtensionTextureTable table, const PbrMaterial& material);
    /// Every slot, each with no texture of its own: the engine binds a neutral placeholder
    /// (tools that report a plugin's worst-case texture units).
    static ExtensionTextures placeholders(ExtensionTextureTable table);

    /// Adds the samplers, their transform uniforms, every slot's define (bound or not, so the
    /// snippets' gates are declared) and the module to a declaration.
    void declare(PluginDeclaration& declaration) const;
    /// Sets HAS_<SLOT> for each bound slot whose UV set the draw has (main pass only).
    void setDefines(ShaderDefines& defines, const DrawInfo& draw) const;
    void writeUniforms(PluginUniforms& uniforms) const;
    TextureBinding binding(std::string_view sampler) const;
    size_t size() const { return mSlots.size(); }

private:
    struct Slot {
        ExtensionTexture texture;
        TextureSlot slot;
        PbrTexture bound;
    };
    ExtensionTextureTable mTable;
    std::vector<Slot> mSlots;
};

} // namespace th
