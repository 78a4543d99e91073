#include "material/PbrMaterial.h"

#include "core/Error.h"
#include "core/Str.h"
#include "material/EngineInterface.h"

namespace th {

namespace {
struct SlotInfo {
    const char* sampler;
    const char* hasDefine;
    const char* uv1Define;
    const char* transform;
    const char* uvSetDefine; ///< the set's number, for TEXCOORD_2 and up
    const char* gltfName;
    const char* fromDefine; ///< names the more important slot's sampler this one reads through (or null)
    const char* transformDefine; ///< the slot has a KHR_texture_transform other than the identity
};
constexpr SlotInfo kSlots[kPbrTextureSlots] = {
    {"baseColorMap", "HAS_BASECOLOR_MAP", "BASECOLOR_UV1", "baseColorUv", "BASECOLOR_UV_SET", "baseColorTexture", nullptr,
     "BASECOLOR_UV_TRANSFORM"},
    {"metallicRoughnessMap", "HAS_METALLIC_ROUGHNESS_MAP", "METALLIC_ROUGHNESS_UV1", "metallicRoughnessUv",
     "METALLIC_ROUGHNESS_UV_SET", "metallicRoughnessTexture", "METALLIC_ROUGHNESS_MAP_FROM", "METALLIC_ROUGHNESS_UV_TRANSFORM"},
    {"normalMap", "HAS_NORMAL_MAP", "NORMAL_UV1", "normalUv", "NORMAL_UV_SET", "normalTexture", nullptr, "NORMAL_UV_TRANSFORM"},
    {"occlusionMap", "HAS_OCCLUSION_MAP", "OCCLUSION_UV1", "occlusionUv", "OCCLUSION_UV_SET", "occlusionTexture",
     "OCCLUSION_MAP_FROM", "OCCLUSION_UV_TRANSFORM"},
    {"emissiveMap", "HAS_EMISSIVE_MAP", "EMISSIVE_UV1", "emissiveUv", "EMISSIVE_UV_SET", "emissiveTexture", "EMISSIVE_MAP_FROM",
     "EMISSIVE_UV_TRANSFORM"},
};
// What the texture-unit budget keeps longest: the base colour, then the normal map, the metal
// and roughness, emission, occlusion (MaterialSampler::importance).
constexpr int kImportance[kPbrTextureSlots] = {100, 85, 90, 70, 80};
} // namespace

const char* samplerName(PbrTextureSlot slot) { return kSlots[int(slot)].sampler; }

PbrMaterial::PbrMaterial(std::string name, PbrParams params) : Material(std::move(name)) { setParams(params); }

void PbrMaterial::setParams(const PbrParams& params) {
    mParams = params;
    setAlphaMode(params.alphaMode);
    setDoubleSided(params.doubleSided);
    markDefinesDirty();
    markUniformsDirty();
}

void PbrMaterial::setBaseColorFactor(const glm::vec4& c) {
    mParams.baseColorFactor = c;
    markUniformsDirty();
}

void PbrMaterial::setMetallicRoughness(float metallic, float roughness) {
    mParams.metallicFactor = metallic;
    mParams.roughnessFactor = roughness;
    markUniformsDirty();
}

void PbrMaterial::setEmissive(const glm::vec3& color, float strength) {
    mParams.emissiveFactor = color;
    mParams.emissiveStrength = strength;
    markUniformsDirty();
}

void PbrMaterial::setIor(float ior) {
    if (!(ior >= 1.0f)) throw Error(str("material '", name(), "': index of refraction ", ior, " must be at least 1"));
    mParams.ior = ior;
    markUniformsDirty();
}

const TextureSlot& PbrMaterial::slotParams(PbrTextureSlot slot) const {
    switch (slot) {
    case PbrTextureSlot::BaseColor: return mParams.baseColorTexture;
    case PbrTextureSlot::MetallicRoughness: return mParams.metallicRoughnessTexture;
    case PbrTextureSlot::Normal: return mParams.normalTexture;
    case PbrTextureSlot::Occlusion: return mParams.occlusionTexture;
    case PbrTextureSlot::Emissive: return mParams.emissiveTexture;
    }
    return mParams.baseColorTexture;
}

void PbrMaterial::setTexture(PbrTextureSlot slot, PbrTexture texture) {
    mTextures[size_t(slot)] = std::move(texture);
    markDefinesDirty();
}

void PbrMaterial::setExtensionTexture(const std::string& sampler, PbrTexture texture) {
    mExtensionTextures[sampler] = std::move(texture);
    markDefinesDirty();
}

const PbrTexture& PbrMaterial::extensionTexture(std::string_view sampler) const {
    static const PbrTexture none;
    auto it = mExtensionTextures.find(sampler);
    return it == mExtensionTextures.end() ? none : it->second;
}

std::vector<std::string> PbrMaterial::declaredDefines() const {
    std::vector<std::string> d = {"ALPHA_MODE_MASK", "ALPHA_MODE_BLEND", "DOUBLE_SIDED", "UNLIT", "VERTEX_COLORS"};
    for (auto& s : kSlots) {
        d.emplace_back(s.hasDefine);
        d.emplace_back(s.uv1Define);
        d.emplace_back(s.uvSetDefine);
        d.emplace_back(s.transformDefine);
        if (s.fromDefine) d.emplace_back(s.fromDefine);
    }
    return d;
}

void PbrMaterial::collectDefines(ShaderDefines& defines, const DrawInfo& draw) const {
    if (mParams.alphaMode == AlphaMode::Mask) setDefine(defines, "ALPHA_MODE_MASK", "");
    if (mParams.alphaMode == AlphaMode::Blend) setDefine(defines, "ALPHA_MODE_BLEND", "");
    if (mParams.doubleSided) setDefine(defines, "DOUBLE_SIDED", "");
    // Points and lines that came without normals have nothing to light with: unlit, as the
    // Khronos Sample Viewer draws them.
    if (mParams.unlit || (!draw.hasNormals && !isTriangles(draw.topology))) setDefine(defines, "UNLIT", "");
    if (mParams.vertexColors && draw.hasColors) setDefine(defines, "VERTEX_COLORS", "");
    for (int i = 0; i < kPbrTextureSlots; ++i) {
        if (!mTextures[size_t(i)].texture) continue;
        const TextureSlot& slot = slotParams(PbrTextureSlot(i));
        bool uv1 = slot.texCoord == 1;
        bool extra = slot.texCoord >= 2;
        bool present = extra ? slot.texCoord < attrib::kMaxUvSets && (draw.extraUvSets & (1u << unsigned(slot.texCoord - 2)))
                             : (uv1 ? draw.hasUv1 : draw.hasUv0);
        if (!present) continue; // no coordinates to read it with
        // Depth and shadow passes read only what decides coverage: base colour alpha.
        if (draw.pass != RenderPass::Main && i != int(PbrTextureSlot::BaseColor)) continue;
        setDefine(defines, kSlots[i].hasDefine, "");
        if (uv1) setDefine(defines, kSlots[i].uv1Define, "");
        if (extra) setDefine(defines, kSlots[i].uvSetDefine, str(slot.texCoord));
        // Without a transform the slot samples its set's coordinates as they are: slots on one
        // set then share one set of derivatives (a CPU rasteriser computes them per fetch).
        if (!slot.transform.isIdentity()) setDefine(defines, kSlots[i].transformDefine, "");
    }
    // A slot on the image and sampler of a more important one reads through that one's sampler
    // (pbr.frag.glsl's <SLOT>_MAP_FROM): the texture-unit budget drops the less important
    // first, so the one read through is never dropped before its reader.
    for (int i = 0; i < kPbrTextureSlots; ++i) {
        if (!kSlots[i].fromDefine || !findDefine(defines, kSlots[i].hasDefine)) continue;
        const PbrTexture& t = mTextures[size_t(i)];
        int best = -1;
        for (int j = 0; j < kPbrTextureSlots; ++j)
            if (kImportance[j] > kImportance[i] && findDefine(defines, kSlots[j].hasDefine) && mTextures[size_t(j)].texture == t.texture &&
                mTextures[size_t(j)].sampler == t.sampler && (best < 0 || kImportance[j] > kImportance[best]))
                best = j;
        if (best >= 0) setDefine(defines, kSlots[i].fromDefine, kSlots[best].sampler);
    }
}

std::string PbrMaterial::texCoordReaders(int set) const {
    std::string out;
    for (int i = 0; i < kPbrTextureSlots; ++i)
        if (mTextures[size_t(i)].texture && slotParams(PbrTextureSlot(i)).texCoord == set)
            out += str(out.empty() ? "" : ", ", kSlots[i].gltfName);
    return out;
}

Std140Layout PbrMaterial::uniformLayout() const {
    Std140Layout l;
    l.add("baseColorFactor", UniformType::Vec4);
    l.add("emissiveFactor", UniformType::Vec4); // rgb × strength; w unused
    l.add("metallicFactor", UniformType::Float);
    l.add("roughnessFactor", UniformType::Float);
    l.add("normalScale", UniformType::Float);
    l.add("occlusionStrength", UniformType::Float);
    l.add("alphaCutoff", UniformType::Float);
    l.add("dielectricF0", UniformType::Float);
    for (auto& s : kSlots) l.add(s.transform, UniformType::Vec4, 2); // rows of the 2×3 UV transform
    return l;
}

void PbrMaterial::writeUniforms(UniformBuffer& b) const {
    b.set("baseColorFactor", mParams.baseColorFactor);
    b.set("emissiveFactor", glm::vec4(mParams.emissiveFactor * mParams.emissiveStrength, 0.0f));
    b.set("metallicFactor", mParams.metallicFactor);
    b.set("roughnessFactor", mParams.roughnessFactor);
    b.set("normalScale", mParams.normalScale);
    b.set("occlusionStrength", mParams.occlusionStrength);
    b.set("alphaCutoff", mParams.alphaCutoff);
    b.set("dielectricF0", mParams.f0());
    for (int i = 0; i < kPbrTextureSlots; ++i) {
        glm::mat3 m = slotParams(PbrTextureSlot(i)).transform.matrix();
        glm::vec4 rows[2] = {{m[0][0], m[1][0], m[2][0], 0.0f}, {m[0][1], m[1][1], m[2][1], 0.0f}};
        const Std140Member* member = b.layout().find(kSlots[i].transform);
        b.write(member->offset, &rows[0], 16);
        b.write(member->offset + member->stride, &rows[1], 16);
    }
}

std::vector<MaterialSampler> PbrMaterial::samplers() const {
    std::vector<MaterialSampler> out;
    for (int i = 0; i < kPbrTextureSlots; ++i) out.push_back({kSlots[i].sampler, "sampler2D", kSlots[i].hasDefine, kImportance[i]});
    return out;
}

TextureBinding PbrMaterial::texture(std::string_view sampler) const {
    for (int i = 0; i < kPbrTextureSlots; ++i)
        if (sampler == kSlots[i].sampler) return {mTextures[size_t(i)].texture.get(), mTextures[size_t(i)].sampler.get()};
    return {};
}

} // namespace th

namespace th {

const char* toString(AlphaMode mode) {
    switch (mode) {
    case AlphaMode::Opaque: return "opaque";
    case AlphaMode::Mask: return "mask";
    case AlphaMode::Blend: return "blend";
    }
    return "?";
}

} // namespace th
