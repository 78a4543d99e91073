#include "assets/GltfMaterials.h"

#include "assets/GltfImages.h"
#include "assets/GltfImportContext.h"
#include "assets/GltfMaterialExtensions.h"
#include "assets/GltfTextureSources.h"
#include "core/Str.h"

namespace th {

namespace {

TextureFilter filterOf(int value, bool minification) {
    switch (value) {
    case 9728: return TextureFilter::Nearest;
    case 9729: return TextureFilter::Linear;
    case 9984: return minification ? TextureFilter::NearestMipmapNearest : TextureFilter::Unset;
    case 9985: return minification ? TextureFilter::LinearMipmapNearest : TextureFilter::Unset;
    case 9986: return minification ? TextureFilter::NearestMipmapLinear : TextureFilter::Unset;
    case 9987: return minification ? TextureFilter::LinearMipmapLinear : TextureFilter::Unset;
    default: return TextureFilter::Unset;
    }
}

TextureWrap wrapOf(GltfImportContext& ctx, int value, int sampler) {
    switch (value) {
    case 10497: return TextureWrap::Repeat;
    case 33071: return TextureWrap::ClampToEdge;
    case 33648: return TextureWrap::MirroredRepeat;
    default:
        ctx.warn("VALUE_NOT_IN_LIST", str("/samplers/", sampler),
                 str("sampler ", sampler, ": wrap mode ", value, " is not a glTF wrap mode; using REPEAT"));
        return TextureWrap::Repeat;
    }
}

TextureSlot slotOf(GltfImportContext& ctx, const tinygltf::ExtensionMap& extensions, int index, int texCoord,
                   int material, const char* slotName) {
    TextureSlot slot;
    if (index < 0) return slot;
    const std::string_view name(slotName);
    const std::string pointer = str("/materials/", material,
                                    name == "baseColorTexture" || name == "metallicRoughnessTexture" ? "/pbrMetallicRoughness/" : "/",
                                    name);
    if (size_t(index) >= ctx.model.textures.size())
        throw ctx.error("UNRESOLVED_REFERENCE", pointer + "/index",
                        str("material ", material, ": ", slotName, " uses texture ", index,
                            ", which does not exist (the file has ", ctx.model.textures.size(), ")"));
    slot.texture = index;
    slot.texCoord = texCoord;
    readGltfTextureTransform(gltfExtension(extensions, "KHR_texture_transform"), slot);
    // Sets from 2 up are read with the meshes that use the material (GltfMeshes), which
    // also reports a set past what the renderer draws.
    if (slot.texCoord < 0) {
        ctx.warn("VALUE_NOT_IN_RANGE", pointer + "/texCoord",
                 str("material ", material, ": ", slotName, " reads TEXCOORD_", slot.texCoord,
                     ", which cannot exist; TEXCOORD_0 is used"));
        slot.texCoord = 0;
    }
    return slot;
}

bool vectorOf(const std::vector<double>& v, size_t n) { return v.size() == n; }

} // namespace

void readGltfTextures(GltfImportContext& ctx) {
    const tinygltf::Model& model = ctx.model;
    for (size_t i = 0; i < model.textures.size(); ++i) {
        const tinygltf::Texture& src = model.textures[i];
        ImportedTexture texture;
        texture.name = src.name;
        if (src.sampler >= 0) {
            if (size_t(src.sampler) >= model.samplers.size())
                throw ctx.error("UNRESOLVED_REFERENCE", str("/textures/", i, "/sampler"),
                                str("texture ", i, ": sampler ", src.sampler, " does not exist"));
            const tinygltf::Sampler& s = model.samplers[size_t(src.sampler)];
            texture.sampler.minFilter = filterOf(s.minFilter, true);
            texture.sampler.magFilter = filterOf(s.magFilter, false);
            if ((s.minFilter != -1 && texture.sampler.minFilter == TextureFilter::Unset) ||
                (s.magFilter != -1 && texture.sampler.magFilter == TextureFilter::Unset))
                ctx.warn("VALUE_NOT_IN_LIST", str("/samplers/", src.sampler),
                         str("sampler ", src.sampler, ": unknown filter; the renderer's default is used"));
            texture.sampler.wrapS = wrapOf(ctx, s.wrapS, src.sampler);
            texture.sampler.wrapT = wrapOf(ctx, s.wrapT, src.sampler);
        }
        texture.image = gltfTextureSource(ctx, int(i));
        ctx.out.textures.push_back(std::move(texture));
    }
    ctx.textureImage.resize(ctx.out.textures.size());
    for (size_t t = 0; t < ctx.out.textures.size(); ++t) ctx.textureImage[t] = ctx.out.textures[t].image;
}

void readGltfMaterials(GltfImportContext& ctx) {
    for (size_t i = 0; i < ctx.model.materials.size(); ++i) {
        const tinygltf::Material& src = ctx.model.materials[i];
        const int m = int(i);
        ImportedMaterial out;
        out.name = src.name.empty() ? str("material ", i) : src.name;
        PbrParams& p = out.params;
        const auto& pbr = src.pbrMetallicRoughness;
        if (!vectorOf(pbr.baseColorFactor, 4))
            throw ctx.error("ARRAY_LENGTH_NOT_IN_LIST", str("/materials/", m, "/pbrMetallicRoughness/baseColorFactor"),
                            str("material ", m, ": baseColorFactor must have 4 numbers"));
        p.baseColorFactor = glm::vec4(float(pbr.baseColorFactor[0]), float(pbr.baseColorFactor[1]),
                                      float(pbr.baseColorFactor[2]), float(pbr.baseColorFactor[3]));
        p.metallicFactor = float(pbr.metallicFactor);
        p.roughnessFactor = float(pbr.roughnessFactor);
        p.baseColorTexture = slotOf(ctx, pbr.baseColorTexture.extensions, pbr.baseColorTexture.index,
                                    pbr.baseColorTexture.texCoord, m, "baseColorTexture");
        p.metallicRoughnessTexture =
            slotOf(ctx, pbr.metallicRoughnessTexture.extensions, pbr.metallicRoughnessTexture.index,
                   pbr.metallicRoughnessTexture.texCoord, m, "metallicRoughnessTexture");
        p.normalTexture = slotOf(ctx, src.normalTexture.extensions, src.normalTexture.index, src.normalTexture.texCoord,
                                 m, "normalTexture");
        p.normalScale = float(src.normalTexture.scale);
        p.occlusionTexture = slotOf(ctx, src.occlusionTexture.extensions, src.occlusionTexture.index,
                                    src.occlusionTexture.texCoord, m, "occlusionTexture");
        p.occlusionStrength = float(src.occlusionTexture.strength);
        p.emissiveTexture = slotOf(ctx, src.emissiveTexture.extensions, src.emissiveTexture.index,
                                   src.emissiveTexture.texCoord, m, "emissiveTexture");
        if (src.emissiveFactor.empty()) {
            p.emissiveFactor = glm::vec3(0.0f);
        } else if (vectorOf(src.emissiveFactor, 3)) {
            p.emissiveFactor =
                glm::vec3(float(src.emissiveFactor[0]), float(src.emissiveFactor[1]), float(src.emissiveFactor[2]));
        } else {
            throw ctx.error("ARRAY_LENGTH_NOT_IN_LIST", str("/materials/", m, "/emissiveFactor"),
                            str("material ", m, ": emissiveFactor must have 3 numbers"));
        }
        if (src.alphaMode == "OPAQUE")
            p.alphaMode = AlphaMode::Opaque;
        else if (src.alphaMode == "MASK")
            p.alphaMode = AlphaMode::Mask;
        else if (src.alphaMode == "BLEND")
            p.alphaMode = AlphaMode::Blend;
        else
            ctx.warn("VALUE_NOT_IN_LIST", str("/materials/", m, "/alphaMode"),
                     str("material ", m, ": alphaMode '", src.alphaMode, "' is not OPAQUE, MASK or BLEND; using OPAQUE"));
        p.alphaCutoff = float(src.alphaCutoff);
        p.doubleSided = src.doubleSided;
        if (const tinygltf::Value* e = gltfExtension(src.extensions, "KHR_materials_emissive_strength"))
            if (auto strength = gltfFloat(e->Get("emissiveStrength")); strength && *strength >= 0.0f)
                p.emissiveStrength = *strength;
        if (const tinygltf::Value* e = gltfExtension(src.extensions, "KHR_materials_ior"))
            if (auto ior = gltfFloat(e->Get("ior"))) {
                if (*ior >= 1.0f || *ior == 0.0f)
                    p.ior = *ior;
                else
                    ctx.warn("VALUE_NOT_IN_RANGE", str("/materials/", m, "/extensions/KHR_materials_ior/ior"),
                             str("material ", m, ": ior ", *ior, " is below 1; using 1.5"));
            }
        p.unlit = gltfExtension(src.extensions, "KHR_materials_unlit") != nullptr;
        if (src.extras.IsObject() && src.extras.Has("pointSize")) {
            if (auto size = gltfFloat(src.extras.Get("pointSize")))
                out.pointSize = *size; // a size that is not positive is warned about where points use it
            else
                ctx.warn("TYPE_MISMATCH", str("/materials/", m, "/extras/pointSize"),
                         str("material ", m, ": extras.pointSize is not a number; points draw at 1 px"));
        }
        readGltfMaterialExtensions(ctx, src, m, p);
        ctx.out.materials.push_back(std::move(out));
    }
    readGltfVariantNames(ctx);
}

int gltfVertexColorDefaultMaterial(GltfImportContext& ctx) {
    if (ctx.vertexColorDefault < 0) {
        ImportedMaterial m;
        m.name = "default (vertex colours)";
        m.params.vertexColors = true;
        ctx.out.materials.push_back(std::move(m));
        ctx.vertexColorDefault = int(ctx.out.materials.size() - 1);
    }
    return ctx.vertexColorDefault;
}

} // namespace th
