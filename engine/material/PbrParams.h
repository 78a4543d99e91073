#pragma once
// The glTF 2.0 metallic-roughness material as plain data (with the extensions the renderer
// supports). The importer fills it, PbrMaterial uploads it, tests compare it.
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace th {

enum class AlphaMode { Opaque, Mask, Blend };
const char* toString(AlphaMode mode);

/// KHR_texture_transform: uv' = T · R · S · uv.
struct TextureTransform {
    glm::vec2 offset{0.0f};
    glm::vec2 scale{1.0f};
    float rotation = 0.0f; ///< radians, counter-clockwise in UV space
    bool isIdentity() const { return offset == glm::vec2(0) && scale == glm::vec2(1) && rotation == 0.0f; }
    /// The 3×3 matrix glTF specifies (translation · rotation · scale).
    glm::mat3 matrix() const {
        float c = std::cos(rotation), s = std::sin(rotation);
        glm::mat3 t(1, 0, 0, 0, 1, 0, offset.x, offset.y, 1);
        glm::mat3 r(c, -s, 0, s, c, 0, 0, 0, 1);
        glm::mat3 sc(scale.x, 0, 0, 0, scale.y, 0, 0, 0, 1);
        return t * r * sc;
    }
};

/// Which texture fills a slot, read through which UV set and transform. `texture` indexes
/// the owner's texture list; -1 = none.
struct TextureSlot {
    int texture = -1;
    int texCoord = 0;
    TextureTransform transform;
    bool present() const { return texture >= 0; }
};

/// KHR_materials_clearcoat: a dielectric coat (IOR 1.5) over the base.
struct ClearcoatParams {
    float factor = 0.0f;
    float roughness = 0.0f;
    float normalScale = 1.0f;
    TextureSlot texture;          ///< linear, R × factor
    TextureSlot roughnessTexture; ///< linear, G × roughness
    TextureSlot normalTexture;    ///< linear, tangent space
};

/// KHR_materials_sheen: a Charlie-distribution sheen over the base (cloth, velvet).
struct SheenParams {
    glm::vec3 color{0.0f};
    float roughness = 0.0f;
    TextureSlot colorTexture;     ///< sRGB, RGB × colour
    TextureSlot roughnessTexture; ///< linear, A × roughness
};

/// KHR_materials_specular: the dielectric F0 tinted (specular colour) and the specular lobe
/// weighted (specular factor, which scales F90 as well).
struct SpecularParams {
    float factor = 1.0f;
    glm::vec3 color{1.0f};
    TextureSlot texture;      ///< linear, A × factor
    TextureSlot colorTexture; ///< sRGB, RGB × colour
};

/// KHR_materials_pbrSpecularGlossiness (legacy). The diffuse factor and texture become the base
/// colour (PbrParams::baseColorFactor/Texture), metallic 0 and roughness 1 − glossiness; the
/// specular colour and the texture's glossiness are shaded by the plugin.
struct SpecularGlossinessParams {
    glm::vec3 specular{1.0f};
    float glossiness = 1.0f;
    TextureSlot texture; ///< sRGB: RGB specular, A glossiness
};

/// KHR_materials_anisotropy: the specular lobe stretched along a direction of the tangent frame
/// (strength 0 = isotropic).
struct AnisotropyParams {
    float strength = 0.0f;
    float rotation = 0.0f; ///< radians, counter-clockwise from the tangent towards the bitangent
    TextureSlot texture;   ///< linear: RG direction in [-1, 1] (tangent space), B × strength
};

/// KHR_materials_iridescence: a thin dielectric film over the base whose interference tints
/// the specular Fresnel by film thickness and view angle.
struct IridescenceParams {
    float factor = 0.0f;
    float ior = 1.3f;                  ///< the film's
    float thicknessMinimum = 100.0f;   ///< nm, where the thickness texture's G is 0
    float thicknessMaximum = 400.0f;   ///< nm, where it is 1 (and without a texture)
    TextureSlot texture;               ///< linear, R × factor
    TextureSlot thicknessTexture;      ///< linear, G: mix(minimum, maximum, G)
};

/// KHR_materials_transmission: the share of light that passes through the surface, read from
/// the opaque scene behind it (refracted by the IOR, and blurred by roughness).
struct TransmissionParams {
    float factor = 0.0f;
    TextureSlot texture; ///< linear, R × factor
};

/// KHR_materials_volume: the thickness of the medium under a transmissive surface (in its
/// mesh's units, scaled by the node's transform) and Beer's-law absorption inside it.
struct VolumeParams {
    float thicknessFactor = 0.0f; ///< 0: thin-walled (no refraction offset, no absorption)
    TextureSlot thicknessTexture; ///< linear, G × thickness
    /// The distance light travels before only attenuationColor of it is left; +∞: none absorbed.
    float attenuationDistance = std::numeric_limits<float>::infinity();
    glm::vec3 attenuationColor{1.0f};
};

/// KHR_materials_dispersion: the spread of the IOR over the spectrum (20 / Abbe number), so a
/// refracted edge separates into colours. Applies with a volume only.
struct DispersionParams {
    float dispersion = 0.0f;
};

/// One texture slot of an extension, by the name its plugin samples it under.
struct ExtensionTextureSlot {
    const char* sampler; ///< "clearcoatMap", ...
    const TextureSlot* slot;
    bool srgb;
};

struct PbrParams {
    glm::vec4 baseColorFactor{1.0f};
    float metallicFactor = 1.0f;
    float roughnessFactor = 1.0f;
    glm::vec3 emissiveFactor{0.0f};
    float emissiveStrength = 1.0f;  ///< KHR_materials_emissive_strength
    float ior = 1.5f;               ///< KHR_materials_ior; F0 = ((ior − 1)/(ior + 1))² = 0.04 at 1.5
    float normalScale = 1.0f;
    float occlusionStrength = 1.0f;
    float alphaCutoff = 0.5f;
    AlphaMode alphaMode = AlphaMode::Opaque;
    bool doubleSided = false;
    bool unlit = false;             ///< KHR_materials_unlit
    bool vertexColors = false;      ///< the mesh has COLOR_0 and it multiplies base colour

    TextureSlot baseColorTexture;         ///< sRGB
    TextureSlot metallicRoughnessTexture; ///< linear: G roughness, B metallic
    TextureSlot normalTexture;            ///< linear, tangent space
    TextureSlot occlusionTexture;         ///< linear, R
    TextureSlot emissiveTexture;          ///< sRGB

    // Material extensions, each shaded by its plugin (plugins/<name>); absent = no plugin,
    // no code, no cost.
    std::optional<ClearcoatParams> clearcoat;
    std::optional<SheenParams> sheen;
    std::optional<SpecularParams> specular;
    std::optional<SpecularGlossinessParams> specularGlossiness;
    std::optional<AnisotropyParams> anisotropy;
    std::optional<IridescenceParams> iridescence;
    std::optional<TransmissionParams> transmission;
    std::optional<VolumeParams> volume;         ///< shaded with transmission (the transmission plugin)
    std::optional<DispersionParams> dispersion; ///< likewise, with a volume

    /// The extensions' texture slots that hold a texture, with the sampler names their
    /// plugins read them under (the model loader uploads them by these names).
    std::vector<ExtensionTextureSlot> extensionTextures() const {
        std::vector<ExtensionTextureSlot> out;
        auto add = [&](const char* sampler, const TextureSlot& slot, bool srgb) {
            if (slot.present()) out.push_back({sampler, &slot, srgb});
        };
        if (clearcoat) {
            add("clearcoatMap", clearcoat->texture, false);
            add("clearcoatRoughnessMap", clearcoat->roughnessTexture, false);
            add("clearcoatNormalMap", clearcoat->normalTexture, false);
        }
        if (sheen) {
            add("sheenColorMap", sheen->colorTexture, true);
            add("sheenRoughnessMap", sheen->roughnessTexture, false);
        }
        if (specular) {
            add("specularMap", specular->texture, false);
            add("specularColorMap", specular->colorTexture, true);
        }
        if (specularGlossiness) add("specularGlossinessMap", specularGlossiness->texture, true);
        if (anisotropy) add("anisotropyMap", anisotropy->texture, false);
        if (iridescence) {
            add("iridescenceMap", iridescence->texture, false);
            add("iridescenceThicknessMap", iridescence->thicknessTexture, false);
        }
        if (transmission) add("transmissionMap", transmission->texture, false);
        if (volume) add("thicknessMap", volume->thicknessTexture, false);
        return out;
    }

    /// Dielectric F0 from the index of refraction.
    float f0() const {
        float r = (ior - 1.0f) / (ior + 1.0f);
        return r * r;
    }
};

} // namespace th
