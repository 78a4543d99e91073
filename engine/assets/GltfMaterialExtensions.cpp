#include "assets/GltfMaterialExtensions.h"

#include <cmath>
#include <limits>

#include "assets/GltfImportContext.h"
#include "core/Str.h"

namespace th {

namespace {

const char* typeName(const tinygltf::Value& v) {
    if (v.IsNumber()) return "a number";
    if (v.IsString()) return "a string";
    if (v.IsBool()) return "a boolean";
    if (v.IsArray()) return "an array";
    if (v.IsObject()) return "an object";
    return "null";
}

/// Reads one extension object of one material, warning in the file's terms about every value
/// it cannot take as written: "material 2 'Paint': KHR_materials_clearcoat.clearcoatRoughnessFactor ...".
class ExtensionReader {
public:
    ExtensionReader(GltfImportContext& ctx, const tinygltf::Material& material, int index, const char* extension,
                    const tinygltf::Value& object)
        : mCtx(ctx), mIndex(index), mExtension(extension), mObject(object),
          mLabel(material.name.empty() ? str("material ", index) : str("material ", index, " '", material.name, "'")) {}

    /// A number in [lo, hi]: a value of another type takes `fallback`, one outside is clamped.
    float number(const char* key, float fallback, float lo, float hi) {
        const tinygltf::Value& v = mObject.Get(key);
        if (!mObject.Has(key)) return fallback;
        if (!v.IsNumber()) {
            warn("TYPE_MISMATCH", key, str("is ", typeName(v), ", not a number; using the default ", fallback));
            return fallback;
        }
        double d = v.GetNumberAsDouble();
        if (!std::isfinite(d)) {
            warn("VALUE_NOT_IN_RANGE", key, str("is not finite; using the default ", fallback));
            return fallback;
        }
        if (d < lo || d > hi) {
            float clamped = float(d < lo ? lo : hi);
            warn("VALUE_NOT_IN_RANGE", key, str(d, " is ", d < lo ? "below " : "over ", d < lo ? lo : hi, "; using ", clamped));
            return clamped;
        }
        return float(d);
    }

    /// A number > 0: another type, or zero or less, takes `fallback` (what that means: `means`).
    float positive(const char* key, float fallback, const char* means) {
        if (!mObject.Has(key)) return fallback;
        const tinygltf::Value& v = mObject.Get(key);
        if (!v.IsNumber()) {
            warn("TYPE_MISMATCH", key, str("is ", typeName(v), ", not a number; ", means));
            return fallback;
        }
        double d = v.GetNumberAsDouble();
        if (!std::isfinite(d) || d <= 0.0) {
            warn("VALUE_NOT_IN_RANGE", key, str(d, " is not above 0; ", means));
            return fallback;
        }
        return float(d);
    }

    /// Three numbers, each in [lo, hi] (clamped); a value of another shape takes `fallback`.
    glm::vec3 color(const char* key, glm::vec3 fallback, float lo, float hi) {
        if (!mObject.Has(key)) return fallback;
        const tinygltf::Value& v = mObject.Get(key);
        if (!v.IsArray() || v.ArrayLen() != 3 || !v.Get(0).IsNumber() || !v.Get(1).IsNumber() || !v.Get(2).IsNumber()) {
            warn("TYPE_MISMATCH", key, str("must be an array of 3 numbers (it is ", typeName(v),
                          v.IsArray() ? str(" of ", v.ArrayLen()) : std::string(), "); using the default [", fallback.r,
                          ", ", fallback.g, ", ", fallback.b, "]"));
            return fallback;
        }
        glm::vec3 c;
        bool clamped = false;
        for (int i = 0; i < 3; ++i) {
            double d = v.Get(i).GetNumberAsDouble();
            if (!std::isfinite(d)) d = fallback[i], clamped = true;
            if (d < lo || d > hi) d = d < lo ? lo : hi, clamped = true;
            c[i] = float(d);
        }
        if (clamped)
            warn("VALUE_NOT_IN_RANGE", key, str("has components outside [", lo, ", ", hi == std::numeric_limits<float>::max() ? std::string("∞") : str(hi),
                          "]; using [", c.r, ", ", c.g, ", ", c.b, "]"));
        return c;
    }

    /// A texture info object {index, texCoord, scale, extensions: {KHR_texture_transform}};
    /// `lost` says what the material does without it.
    TextureSlot texture(const char* key, const char* lost, float* scale = nullptr) {
        TextureSlot slot;
        if (!mObject.Has(key)) return slot;
        const tinygltf::Value& t = mObject.Get(key);
        if (!t.IsObject()) {
            warn("TYPE_MISMATCH", key, str("is ", typeName(t), ", not a texture info object; ", lost));
            return slot;
        }
        std::optional<int> index = gltfIndex(t.Get("index"));
        if (!index) {
            warn("TYPE_MISMATCH", str(key, "/index"), str("has no valid texture index; ", lost), key);
            return slot;
        }
        if (size_t(*index) >= mCtx.model.textures.size()) {
            warn("UNRESOLVED_REFERENCE", str(key, "/index"),
                 str("uses texture ", *index, ", which does not exist (the file has ", mCtx.model.textures.size(), "); ", lost), key);
            return slot;
        }
        slot.texture = *index;
        if (t.Has("texCoord")) {
            std::optional<int> set = gltfIndex(t.Get("texCoord"));
            if (!set) warn("TYPE_MISMATCH", str(key, "/texCoord"), "texCoord is not a non-negative integer; TEXCOORD_0 is used", key);
            slot.texCoord = set.value_or(0);
        }
        if (scale && t.Has("scale")) {
            if (auto s = gltfFloat(t.Get("scale"))) *scale = *s;
            else warn("TYPE_MISMATCH", str(key, "/scale"), "scale is not a number; using 1", key);
        }
        const tinygltf::Value& extensions = t.Get("extensions");
        if (extensions.IsObject() && extensions.Has("KHR_texture_transform") && extensions.Get("KHR_texture_transform").IsObject())
            readGltfTextureTransform(&extensions.Get("KHR_texture_transform"), slot);
        if (slot.texCoord > 1) {
            warn("VALUE_NOT_IN_RANGE", str(key, "/texCoord"),
                 str("reads TEXCOORD_", slot.texCoord, "; only TEXCOORD_0 and TEXCOORD_1 are imported, so TEXCOORD_0 is used"), key);
            slot.texCoord = 0;
        }
        return slot;
    }

    /// The whole extension is ignored because another it needs is absent: a warning at the
    /// extension object saying `why`.
    void ignoredWithout(const std::string& why) {
        mCtx.warn("UNSATISFIED_DEPENDENCY", str("/materials/", mIndex, "/extensions/", mExtension),
                  str(mLabel, ": ", mExtension, " ", why));
    }

private:
    /// `path` is the JSON pointer's tail under the extension object ("clearcoatTexture/index");
    /// the message names `key` (the path by default).
    void warn(const char* code, const std::string& path, const std::string& what, const std::string& key = {}) {
        mCtx.warn(code, str("/materials/", mIndex, "/extensions/", mExtension, "/", path),
                  str(mLabel, ": ", mExtension, ".", key.empty() ? path : key, " ", what));
    }
    GltfImportContext& mCtx;
    int mIndex;
    const char* mExtension;
    const tinygltf::Value& mObject;
    std::string mLabel;
};

constexpr float kUnbounded = std::numeric_limits<float>::max();

} // namespace

void readGltfTextureTransform(const tinygltf::Value* t, TextureSlot& slot) {
    if (!t) return;
    const tinygltf::Value& offset = t->Get("offset");
    if (offset.IsArray() && offset.ArrayLen() == 2 && offset.Get(0).IsNumber() && offset.Get(1).IsNumber())
        slot.transform.offset = {float(offset.Get(0).GetNumberAsDouble()), float(offset.Get(1).GetNumberAsDouble())};
    const tinygltf::Value& scale = t->Get("scale");
    if (scale.IsArray() && scale.ArrayLen() == 2 && scale.Get(0).IsNumber() && scale.Get(1).IsNumber())
        slot.transform.scale = {float(scale.Get(0).GetNumberAsDouble()), float(scale.Get(1).GetNumberAsDouble())};
    if (auto rotation = gltfFloat(t->Get("rotation"))) slot.transform.rotation = *rotation;
    if (auto set = gltfIndex(t->Get("texCoord"))) slot.texCoord = *set; // the extension overrides the set
}

void readGltfVariantNames(GltfImportContext& ctx) {
    auto it = ctx.model.extensions.find("KHR_materials_variants");
    if (it == ctx.model.extensions.end()) return;
    const tinygltf::Value& variants = it->second.Get("variants");
    if (!variants.IsArray()) {
        ctx.warn("TYPE_MISMATCH", "/extensions/KHR_materials_variants/variants",
                 "KHR_materials_variants.variants is not an array; the model has no variants");
        return;
    }
    for (size_t i = 0; i < variants.ArrayLen(); ++i) {
        const tinygltf::Value& name = variants.Get(int(i)).Get("name");
        std::string n = name.IsString() ? name.Get<std::string>() : str("variant ", i);
        if (!name.IsString())
            ctx.warn("UNDEFINED_PROPERTY", str("/extensions/KHR_materials_variants/variants/", i),
                     str("KHR_materials_variants.variants[", i, "] has no name string; it is called '", n, "'"));
        ctx.out.variants.push_back(n);
    }
}

std::vector<std::pair<int, int>> gltfVariantMappings(GltfImportContext& ctx, const tinygltf::Primitive& prim,
                                                     const std::string& label) {
    std::vector<std::pair<int, int>> out;
    const tinygltf::Value* e = gltfExtension(prim.extensions, "KHR_materials_variants");
    if (!e) return out;
    const std::string at = str(ctx.primitivePointer(prim), "/extensions/KHR_materials_variants/mappings");
    const tinygltf::Value& mappings = e->Get("mappings");
    if (!mappings.IsArray()) {
        ctx.warn("TYPE_MISMATCH", at,
                 str(label, ": KHR_materials_variants.mappings is not an array; the primitive keeps its material in every variant"));
        return out;
    }
    for (size_t i = 0; i < mappings.ArrayLen(); ++i) {
        const tinygltf::Value& m = mappings.Get(int(i));
        std::optional<int> material = gltfIndex(m.Get("material"));
        if (!material || size_t(*material) >= ctx.model.materials.size()) {
            ctx.warn("UNRESOLVED_REFERENCE", str(at, "/", i, "/material"),
                     str(label, ": KHR_materials_variants.mappings[", i, "].material is not a material of the file (it has ",
                                ctx.model.materials.size(), "); that mapping is dropped"));
            continue;
        }
        const tinygltf::Value& variants = m.Get("variants");
        for (size_t v = 0; variants.IsArray() && v < variants.ArrayLen(); ++v) {
            std::optional<int> variant = gltfIndex(variants.Get(int(v)));
            if (!variant || size_t(*variant) >= ctx.out.variants.size()) {
                ctx.warn("UNRESOLVED_REFERENCE", str(at, "/", i, "/variants/", v),
                         str(label, ": KHR_materials_variants.mappings[", i, "] names variant ",
                                    variant ? str(*variant) : std::string("(not an index)"), ", which the file does not define (",
                                    ctx.out.variants.size(), " variants); ignored"));
                continue;
            }
            out.emplace_back(*variant, *material);
        }
    }
    return out;
}

void readGltfMaterialExtensions(GltfImportContext& ctx, const tinygltf::Material& src, int m, PbrParams& p) {
    if (const tinygltf::Value* e = gltfExtension(src.extensions, "KHR_materials_clearcoat")) {
        ExtensionReader r(ctx, src, m, "KHR_materials_clearcoat", *e);
        ClearcoatParams c;
        c.factor = r.number("clearcoatFactor", 0.0f, 0.0f, 1.0f);
        c.texture = r.texture("clearcoatTexture", "the coat factor is not textured");
        c.roughness = r.number("clearcoatRoughnessFactor", 0.0f, 0.0f, 1.0f);
        c.roughnessTexture = r.texture("clearcoatRoughnessTexture", "the coat roughness is not textured");
        c.normalTexture = r.texture("clearcoatNormalTexture", "the coat follows the geometry's normal", &c.normalScale);
        p.clearcoat = c;
    }
    if (const tinygltf::Value* e = gltfExtension(src.extensions, "KHR_materials_sheen")) {
        ExtensionReader r(ctx, src, m, "KHR_materials_sheen", *e);
        SheenParams s;
        s.color = r.color("sheenColorFactor", glm::vec3(0.0f), 0.0f, 1.0f);
        s.colorTexture = r.texture("sheenColorTexture", "the sheen colour is not textured");
        s.roughness = r.number("sheenRoughnessFactor", 0.0f, 0.0f, 1.0f);
        s.roughnessTexture = r.texture("sheenRoughnessTexture", "the sheen roughness is not textured");
        p.sheen = s;
    }
    if (const tinygltf::Value* e = gltfExtension(src.extensions, "KHR_materials_specular")) {
        ExtensionReader r(ctx, src, m, "KHR_materials_specular", *e);
        SpecularParams s;
        s.factor = r.number("specularFactor", 1.0f, 0.0f, 1.0f);
        s.texture = r.texture("specularTexture", "the specular factor is not textured");
        // Colours above 1 are allowed: F0 = min(F0(ior) × colour, 1) reaches past 0.04.
        s.color = r.color("specularColorFactor", glm::vec3(1.0f), 0.0f, kUnbounded);
        s.colorTexture = r.texture("specularColorTexture", "the specular colour is not textured");
        p.specular = s;
    }
    if (const tinygltf::Value* e = gltfExtension(src.extensions, "KHR_materials_anisotropy")) {
        ExtensionReader r(ctx, src, m, "KHR_materials_anisotropy", *e);
        AnisotropyParams a;
        a.strength = r.number("anisotropyStrength", 0.0f, 0.0f, 1.0f);
        // Any angle is an angle: no range to check beyond being a finite number.
        a.rotation = r.number("anisotropyRotation", 0.0f, -kUnbounded, kUnbounded);
        a.texture = r.texture("anisotropyTexture", "the anisotropy direction is the tangent's and the strength is not textured");
        p.anisotropy = a;
    }
    if (const tinygltf::Value* e = gltfExtension(src.extensions, "KHR_materials_iridescence")) {
        ExtensionReader r(ctx, src, m, "KHR_materials_iridescence", *e);
        IridescenceParams i;
        i.factor = r.number("iridescenceFactor", 0.0f, 0.0f, 1.0f);
        i.texture = r.texture("iridescenceTexture", "the iridescence factor is not textured");
        // A film IOR below 1 has no physical meaning here (air is 1).
        i.ior = r.number("iridescenceIor", 1.3f, 1.0f, kUnbounded);
        i.thicknessMinimum = r.number("iridescenceThicknessMinimum", 100.0f, 0.0f, kUnbounded);
        i.thicknessMaximum = r.number("iridescenceThicknessMaximum", 400.0f, 0.0f, kUnbounded);
        i.thicknessTexture = r.texture("iridescenceThicknessTexture", "the film is iridescenceThicknessMaximum thick everywhere");
        p.iridescence = i;
    }
    if (const tinygltf::Value* e = gltfExtension(src.extensions, "KHR_materials_transmission")) {
        ExtensionReader r(ctx, src, m, "KHR_materials_transmission", *e);
        TransmissionParams t;
        t.factor = r.number("transmissionFactor", 0.0f, 0.0f, 1.0f);
        t.texture = r.texture("transmissionTexture", "the transmission factor is not textured");
        p.transmission = t;
    }
    if (const tinygltf::Value* e = gltfExtension(src.extensions, "KHR_materials_volume")) {
        ExtensionReader r(ctx, src, m, "KHR_materials_volume", *e);
        VolumeParams v;
        v.thicknessFactor = r.number("thicknessFactor", 0.0f, 0.0f, kUnbounded);
        v.thicknessTexture = r.texture("thicknessTexture", "the thickness is not textured");
        // The distance is > 0 by the schema; 0 or less cannot be clamped to anything meaningful,
        // so it means what an absent one does: nothing is absorbed.
        v.attenuationDistance = r.positive("attenuationDistance", std::numeric_limits<float>::infinity(),
                                           "nothing is absorbed (as with no distance)");
        v.attenuationColor = r.color("attenuationColor", glm::vec3(1.0f), 0.0f, 1.0f);
        if (!gltfExtension(src.extensions, "KHR_materials_transmission"))
            r.ignoredWithout("without KHR_materials_transmission has nothing to act on (diffuse transmission is not "
                             "shaded); the volume is ignored");
        else
            p.volume = v;
    }
    if (const tinygltf::Value* e = gltfExtension(src.extensions, "KHR_materials_dispersion")) {
        ExtensionReader r(ctx, src, m, "KHR_materials_dispersion", *e);
        DispersionParams d;
        d.dispersion = r.number("dispersion", 0.0f, 0.0f, kUnbounded);
        if (!p.volume)
            r.ignoredWithout("applies to a transmissive volume (KHR_materials_transmission and KHR_materials_volume); "
                             "without one it is ignored");
        else
            p.dispersion = d;
    }
    if (const tinygltf::Value* e = gltfExtension(src.extensions, "KHR_materials_pbrSpecularGlossiness")) {
        ExtensionReader r(ctx, src, m, "KHR_materials_pbrSpecularGlossiness", *e);
        SpecularGlossinessParams sg;
        // The diffuse colour is the base colour: metallic 0, roughness 1 − glossiness. The
        // file's metallic-roughness values, if any, are its fallback for other viewers.
        glm::vec4 diffuse(1.0f);
        if (e->Has("diffuseFactor")) {
            const tinygltf::Value& v = e->Get("diffuseFactor");
            bool ok = v.IsArray() && v.ArrayLen() == 4;
            for (int i = 0; ok && i < 4; ++i) ok = v.Get(i).IsNumber();
            if (ok)
                for (int i = 0; i < 4; ++i) diffuse[i] = std::clamp(float(v.Get(i).GetNumberAsDouble()), 0.0f, 1.0f);
            else
                ctx.warn("TYPE_MISMATCH", str("/materials/", m, "/extensions/KHR_materials_pbrSpecularGlossiness/diffuseFactor"),
                         str("material ", m, ": KHR_materials_pbrSpecularGlossiness.diffuseFactor must be an array of 4 numbers; "
                             "using [1, 1, 1, 1]"));
        }
        sg.specular = r.color("specularFactor", glm::vec3(1.0f), 0.0f, 1.0f);
        sg.glossiness = r.number("glossinessFactor", 1.0f, 0.0f, 1.0f);
        sg.texture = r.texture("specularGlossinessTexture", "specular and glossiness are not textured");
        p.baseColorFactor = diffuse;
        p.baseColorTexture = r.texture("diffuseTexture", "the diffuse colour is not textured");
        p.metallicFactor = 0.0f;
        p.roughnessFactor = 1.0f - sg.glossiness;
        p.metallicRoughnessTexture = TextureSlot{};
        p.specularGlossiness = sg;
    }
}

} // namespace th
