#pragma once
// The glTF 2.0 metallic-roughness material. Surface inputs (albedo, normal, roughness, F0)
// are computed in the shader up to the CUSTOM_FRAGMENT_BEFORE_LIGHTS point, where they are
// final and writable: F0 comes from the index of refraction, separate from roughness, so a
// plugin can scale either (wet ground, per-layer terrain tables).
#include <array>
#include <map>
#include <memory>
#include <string>

#include "gl/Sampler.h"
#include "gl/Texture.h"
#include "material/Material.h"
#include "material/PbrParams.h"

namespace th {

enum class PbrTextureSlot { BaseColor, MetallicRoughness, Normal, Occlusion, Emissive };
inline constexpr int kPbrTextureSlots = 5;
/// Sampler name in the shader for a slot ("baseColorMap", ...).
const char* samplerName(PbrTextureSlot slot);

struct PbrTexture {
    std::shared_ptr<const Texture> texture;
    std::shared_ptr<const Sampler> sampler;
};

class PbrMaterial : public Material {
public:
    explicit PbrMaterial(std::string name, PbrParams params = {});

    std::string_view kind() const override { return "pbr"; }
    std::string vertexShader() const override { return "pbr/pbr.vert.glsl"; }
    std::string fragmentShader() const override { return "pbr/pbr.frag.glsl"; }
    std::vector<std::string> declaredDefines() const override;
    void collectDefines(ShaderDefines& defines, const DrawInfo& draw) const override;
    Std140Layout uniformLayout() const override;
    void writeUniforms(UniformBuffer& block) const override;
    std::vector<MaterialSampler> samplers() const override;
    TextureBinding texture(std::string_view sampler) const override;
    std::string texCoordReaders(int set) const override;

    const PbrParams& params() const { return mParams; }
    /// Replaces every parameter (defines re-selected when texture presence or modes change).
    void setParams(const PbrParams& params);
    void setBaseColorFactor(const glm::vec4& c);
    void setMetallicRoughness(float metallic, float roughness);
    void setEmissive(const glm::vec3& color, float strength = 1.0f);
    void setIor(float ior);
    /// Binds a texture to a slot; the slot's TextureSlot in params() says which UV set and
    /// transform it is read with (its `texture` index is the importer's business).
    void setTexture(PbrTextureSlot slot, PbrTexture texture);
    const PbrTexture& textureIn(PbrTextureSlot slot) const { return mTextures[size_t(slot)]; }
    /// A material extension's texture, by the sampler name its plugin reads it under
    /// (PbrParams::extensionTextures); the plugin that shades the extension binds it.
    void setExtensionTexture(const std::string& sampler, PbrTexture texture);
    /// The extension texture under `sampler`, or an empty one.
    const PbrTexture& extensionTexture(std::string_view sampler) const;

private:
    const TextureSlot& slotParams(PbrTextureSlot slot) const;
    PbrParams mParams;
    std::array<PbrTexture, kPbrTextureSlots> mTextures;
    std::map<std::string, PbrTexture, std::less<>> mExtensionTextures;
};

} // namespace th
