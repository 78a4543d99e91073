// The glTF material extensions the plugins shade, as the importer reads them: every value into
// PbrParams (with texture slots, UV sets and transforms), spec-gloss converted to its base, and
// bad extension JSON (wrong types, values out of range, textures that do not exist) a warning
// naming the file, material and key with what is used instead; an extension the engine does
// not shade is a warning saying what is lost.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "assets/GltfImporter.h"
#include "core/Log.h"
#include "core/Str.h"

using namespace th;

namespace {

struct QuietLog {
    std::vector<std::string> lines;
    ScopedLogSink sink{[this](LogLevel level, std::string_view m) {
        if (level >= LogLevel::Warning) lines.emplace_back(m);
    }};
};

/// A one-triangle document whose materials are `materials` (JSON), with `textures` textures of
/// one 1×1 PNG image.
std::string document(const std::string& materials, const std::string& used, int textures = 2) {
    std::string textureList;
    for (int i = 0; i < textures; ++i) textureList += str(i ? ", " : "", R"({"source": 0})");
    return str(R"({"asset": {"version": "2.0"}, "extensionsUsed": [)", used, R"(],
        "buffers": [{"byteLength": 42, "uri": "data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAAAAABAAIA"}],
        "bufferViews": [{"buffer": 0, "byteLength": 36}, {"buffer": 0, "byteOffset": 36, "byteLength": 6}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]},
                      {"bufferView": 1, "componentType": 5123, "count": 3, "type": "SCALAR"}],
        "images": [{"uri": "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="}],
        "textures": [)", textureList, R"(],
        "materials": [)", materials, R"(],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1, "material": 0}]}],
        "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0})");
}

ImportedModel import(const std::string& json) { return importGltfFromMemory(json, ".", "ext.gltf"); }

bool warned(const ImportedModel& m, const std::string& part) {
    for (const ImportWarning& w : m.warnings)
        if (w.toString().find(part) != std::string::npos) return true;
    return false;
}

/// The warning at JSON pointer `pointer`, with its validator code (empty when none is there).
std::string codeAt(const ImportedModel& m, const std::string& pointer) {
    for (const ImportWarning& w : m.warnings)
        if (w.pointer == pointer) return w.code;
    return {};
}

std::string allWarnings(const ImportedModel& m) {
    std::string out;
    for (const ImportWarning& w : m.warnings) out += w.toString() + "\n";
    return out;
}

} // namespace

TEST_CASE("clear coat, sheen and specular import with their factors, textures, UV sets and transforms") {
    QuietLog quiet;
    ImportedModel m = import(document(R"({"name": "paint", "extensions": {
        "KHR_materials_clearcoat": {"clearcoatFactor": 0.8, "clearcoatRoughnessFactor": 0.1,
            "clearcoatTexture": {"index": 0},
            "clearcoatRoughnessTexture": {"index": 1, "texCoord": 1},
            "clearcoatNormalTexture": {"index": 0, "scale": 0.5, "extensions": {"KHR_texture_transform": {"scale": [2, 3], "texCoord": 1}}}},
        "KHR_materials_sheen": {"sheenColorFactor": [0.5, 0.4, 0.3], "sheenRoughnessFactor": 0.7, "sheenColorTexture": {"index": 1}},
        "KHR_materials_specular": {"specularFactor": 0.5, "specularColorFactor": [2, 1, 1], "specularTexture": {"index": 0}}}})",
                                      R"("KHR_materials_clearcoat", "KHR_materials_sheen", "KHR_materials_specular", "KHR_texture_transform")"));
    INFO(allWarnings(m));
    CHECK(m.warnings.empty());
    REQUIRE(m.materials.size() == 1);
    const PbrParams& p = m.materials[0].params;
    REQUIRE(p.clearcoat.has_value());
    CHECK(p.clearcoat->factor == doctest::Approx(0.8f));
    CHECK(p.clearcoat->roughness == doctest::Approx(0.1f));
    CHECK(p.clearcoat->texture.texture == 0);
    CHECK(p.clearcoat->roughnessTexture.texture == 1);
    CHECK(p.clearcoat->roughnessTexture.texCoord == 1);
    CHECK(p.clearcoat->normalScale == doctest::Approx(0.5f));
    CHECK(p.clearcoat->normalTexture.texCoord == 1); // the transform's set overrides
    CHECK(p.clearcoat->normalTexture.transform.scale.y == doctest::Approx(3.0f));
    REQUIRE(p.sheen.has_value());
    CHECK(p.sheen->color.g == doctest::Approx(0.4f));
    CHECK(p.sheen->roughness == doctest::Approx(0.7f));
    CHECK(p.sheen->colorTexture.texture == 1);
    REQUIRE(p.specular.has_value());
    CHECK(p.specular->factor == doctest::Approx(0.5f));
    CHECK(p.specular->color.r == doctest::Approx(2.0f)); // above 1 is allowed
    // The loader uploads each filled slot under its plugin's sampler name, colour ones as sRGB.
    std::vector<ExtensionTextureSlot> slots = p.extensionTextures();
    REQUIRE(slots.size() == 5);
    CHECK(std::string(slots[0].sampler) == "clearcoatMap");
    CHECK(std::string(slots[3].sampler) == "sheenColorMap");
    CHECK(slots[3].srgb);
    CHECK_FALSE(slots[0].srgb);
}

TEST_CASE("specular-glossiness becomes its base: diffuse as base colour, metallic 0, roughness 1 - glossiness") {
    QuietLog quiet;
    ImportedModel m = import(document(R"({"pbrMetallicRoughness": {"baseColorFactor": [1, 0, 1, 1], "metallicFactor": 1, "metallicRoughnessTexture": {"index": 0}},
        "extensions": {"KHR_materials_pbrSpecularGlossiness": {"diffuseFactor": [0.5, 0.25, 0.125, 1], "diffuseTexture": {"index": 1},
            "specularFactor": [0.9, 0.8, 0.7], "glossinessFactor": 0.75, "specularGlossinessTexture": {"index": 0}}}})",
                                      R"("KHR_materials_pbrSpecularGlossiness")"));
    CHECK(m.warnings.empty());
    const PbrParams& p = m.materials[0].params;
    REQUIRE(p.specularGlossiness.has_value());
    CHECK(p.baseColorFactor.g == doctest::Approx(0.25f));
    CHECK(p.baseColorTexture.texture == 1);
    CHECK(p.metallicFactor == 0.0f);
    CHECK(p.roughnessFactor == doctest::Approx(0.25f));
    CHECK_FALSE(p.metallicRoughnessTexture.present());
    CHECK(p.specularGlossiness->specular.b == doctest::Approx(0.7f));
    CHECK(p.specularGlossiness->texture.texture == 0);
}

TEST_CASE("bad extension values: a warning with file, material and key, and what is used instead") {
    QuietLog quiet;
    ImportedModel m = import(document(R"({"name": "bad", "extensions": {
        "KHR_materials_clearcoat": {"clearcoatFactor": -0.5, "clearcoatRoughnessFactor": 1.5, "clearcoatTexture": {"index": 9}},
        "KHR_materials_sheen": {"sheenColorFactor": "white", "sheenRoughnessFactor": true},
        "KHR_materials_specular": {"specularColorFactor": [1, 1], "specularFactor": 2}}})",
                                      R"("KHR_materials_clearcoat", "KHR_materials_sheen", "KHR_materials_specular")"));
    INFO(allWarnings(m));
    const PbrParams& p = m.materials[0].params;
    REQUIRE(p.clearcoat.has_value());
    CHECK(warned(m, "ext.gltf:"));
    CHECK(warned(m, "material 0 'bad': KHR_materials_clearcoat.clearcoatFactor -0.5 is below 0; using 0"));
    CHECK(p.clearcoat->factor == 0.0f);
    CHECK(warned(m, "KHR_materials_clearcoat.clearcoatRoughnessFactor 1.5 is over 1; using 1"));
    CHECK(p.clearcoat->roughness == 1.0f);
    CHECK(warned(m, "KHR_materials_clearcoat.clearcoatTexture uses texture 9, which does not exist (the file has 2); "
                    "the coat factor is not textured"));
    CHECK_FALSE(p.clearcoat->texture.present());
    CHECK(warned(m, "KHR_materials_sheen.sheenColorFactor must be an array of 3 numbers (it is a string); using the default [0, 0, 0]"));
    CHECK(warned(m, "KHR_materials_sheen.sheenRoughnessFactor is a boolean, not a number; using the default 0"));
    CHECK(warned(m, "KHR_materials_specular.specularColorFactor must be an array of 3 numbers (it is an array of 2)"));
    CHECK(warned(m, "KHR_materials_specular.specularFactor 2 is over 1; using 1"));
    CHECK(p.specular->factor == 1.0f);
    // Each carries the validator's code and the JSON pointer of the value at fault.
    CHECK(codeAt(m, "/materials/0/extensions/KHR_materials_clearcoat/clearcoatRoughnessFactor") == "VALUE_NOT_IN_RANGE");
    CHECK(codeAt(m, "/materials/0/extensions/KHR_materials_clearcoat/clearcoatTexture/index") == "UNRESOLVED_REFERENCE");
    CHECK(codeAt(m, "/materials/0/extensions/KHR_materials_sheen/sheenRoughnessFactor") == "TYPE_MISMATCH");
}

TEST_CASE("an extension the engine does not shade is a warning saying what is lost - a required one fails listing the supported") {
    QuietLog quiet;
    ImportedModel m = import(document(R"({"extensions": {"KHR_materials_diffuse_transmission": {"diffuseTransmissionFactor": 1}}})",
                                      R"("KHR_materials_diffuse_transmission")"));
    CHECK(warned(m, "extension KHR_materials_diffuse_transmission is not supported: thin surfaces let no diffuse light through"));
    CHECK(quiet.lines.size() >= 1); // logged as a warning, not an info line
    CHECK(codeAt(m, "/extensionsUsed/0") == "UNSUPPORTED_EXTENSION");
    std::string required = document("{}", R"("KHR_materials_diffuse_transmission")");
    required.insert(1, R"("extensionsRequired": ["KHR_materials_diffuse_transmission"], )");
    try {
        import(required);
        FAIL("a required extension that is not supported must fail the import");
    } catch (const Error& e) {
        std::string text = e.what();
        CHECK(text.find("requires extension 'KHR_materials_diffuse_transmission', which is not supported") != std::string::npos);
        CHECK(text.find("KHR_materials_clearcoat") != std::string::npos); // the supported list
    }
    // Required and shaded: the import goes ahead.
    std::string coat = document(R"({"extensions": {"KHR_materials_clearcoat": {"clearcoatFactor": 1}}})", R"("KHR_materials_clearcoat")");
    coat.insert(1, R"("extensionsRequired": ["KHR_materials_clearcoat"], )");
    CHECK(import(coat).materials[0].params.clearcoat.has_value());
}

TEST_CASE("anisotropy and iridescence are read with their textures, transforms and UV sets, and checked") {
    QuietLog quiet;
    ImportedModel m = import(document(
        R"({"extensions": {"KHR_materials_anisotropy": {"anisotropyStrength": 0.6, "anisotropyRotation": 1.25,
              "anisotropyTexture": {"index": 1, "texCoord": 1, "extensions": {"KHR_texture_transform": {"rotation": 0.5}}}},
            "KHR_materials_iridescence": {"iridescenceFactor": 0.8, "iridescenceIor": 1.45, "iridescenceThicknessMinimum": 120,
              "iridescenceThicknessMaximum": 520, "iridescenceTexture": {"index": 0},
              "iridescenceThicknessTexture": {"index": 1, "extensions": {"KHR_texture_transform": {"offset": [0.5, 0], "texCoord": 1}}}}}})",
        R"("KHR_materials_anisotropy", "KHR_materials_iridescence", "KHR_texture_transform")"));
    const PbrParams& p = m.materials.at(0).params;
    REQUIRE(p.anisotropy.has_value());
    CHECK(p.anisotropy->strength == doctest::Approx(0.6f));
    CHECK(p.anisotropy->rotation == doctest::Approx(1.25f));
    CHECK(p.anisotropy->texture.texture == 1);
    CHECK(p.anisotropy->texture.texCoord == 1);
    CHECK(p.anisotropy->texture.transform.rotation == doctest::Approx(0.5f));
    REQUIRE(p.iridescence.has_value());
    CHECK(p.iridescence->factor == doctest::Approx(0.8f));
    CHECK(p.iridescence->ior == doctest::Approx(1.45f));
    CHECK(p.iridescence->thicknessMinimum == doctest::Approx(120.0f));
    CHECK(p.iridescence->thicknessMaximum == doctest::Approx(520.0f));
    CHECK(p.iridescence->texture.texture == 0);
    CHECK(p.iridescence->thicknessTexture.texture == 1);
    CHECK(p.iridescence->thicknessTexture.texCoord == 1); // the transform's set wins
    CHECK(p.iridescence->thicknessTexture.transform.offset.x == doctest::Approx(0.5f));
    std::vector<std::string> samplers;
    for (const ExtensionTextureSlot& s : p.extensionTextures()) samplers.emplace_back(s.sampler);
    CHECK(samplers == std::vector<std::string>{"anisotropyMap", "iridescenceMap", "iridescenceThicknessMap"});
    // Shaded now: no "not supported" warning, and nothing else to say about good values.
    CHECK_MESSAGE(m.warnings.empty(), allWarnings(m));

    // Out of range and wrong types: a coded warning at the value's JSON pointer, and what is used.
    ImportedModel bad = import(document(
        R"({"name": "Film", "extensions": {"KHR_materials_anisotropy": {"anisotropyStrength": 1.5, "anisotropyRotation": "up",
              "anisotropyTexture": {"index": 7}},
            "KHR_materials_iridescence": {"iridescenceFactor": -1, "iridescenceIor": 0.5, "iridescenceThicknessMinimum": -10,
              "iridescenceThicknessMaximum": true}}})",
        R"("KHR_materials_anisotropy", "KHR_materials_iridescence")"));
    const PbrParams& q = bad.materials.at(0).params;
    CHECK(q.anisotropy->strength == 1.0f);
    CHECK(q.anisotropy->rotation == 0.0f);
    CHECK_FALSE(q.anisotropy->texture.present());
    CHECK(q.iridescence->factor == 0.0f);
    CHECK(q.iridescence->ior == 1.0f);
    CHECK(q.iridescence->thicknessMinimum == 0.0f);
    CHECK(q.iridescence->thicknessMaximum == 400.0f);
    CHECK(warned(bad, "material 0 'Film': KHR_materials_anisotropy.anisotropyStrength 1.5 is over 1; using 1"));
    CHECK(warned(bad, "KHR_materials_anisotropy.anisotropyRotation is a string, not a number; using the default 0"));
    CHECK(warned(bad, "KHR_materials_anisotropy.anisotropyTexture uses texture 7, which does not exist"));
    CHECK(warned(bad, "KHR_materials_iridescence.iridescenceIor 0.5 is below 1; using 1"));
    CHECK(warned(bad, "KHR_materials_iridescence.iridescenceThicknessMaximum is a boolean, not a number; using the default 400"));
    CHECK(codeAt(bad, "/materials/0/extensions/KHR_materials_anisotropy/anisotropyStrength") == "VALUE_NOT_IN_RANGE");
    CHECK(codeAt(bad, "/materials/0/extensions/KHR_materials_anisotropy/anisotropyTexture/index") == "UNRESOLVED_REFERENCE");
    CHECK(codeAt(bad, "/materials/0/extensions/KHR_materials_iridescence/iridescenceFactor") == "VALUE_NOT_IN_RANGE");
    CHECK(codeAt(bad, "/materials/0/extensions/KHR_materials_iridescence/iridescenceThicknessMinimum") == "VALUE_NOT_IN_RANGE");
    CHECK(codeAt(bad, "/materials/0/extensions/KHR_materials_iridescence/iridescenceThicknessMaximum") == "TYPE_MISMATCH");
}

TEST_CASE("transmission, volume and dispersion import with their factors, textures, UV sets and transforms") {
    QuietLog quiet;
    ImportedModel m = import(document(R"({"name": "glass", "extensions": {
        "KHR_materials_ior": {"ior": 1.7},
        "KHR_materials_transmission": {"transmissionFactor": 0.9, "transmissionTexture": {"index": 1, "texCoord": 1}},
        "KHR_materials_volume": {"thicknessFactor": 2.5, "attenuationDistance": 0.25, "attenuationColor": [1, 0.5, 0.25],
            "thicknessTexture": {"index": 0, "extensions": {"KHR_texture_transform": {"offset": [0.5, 0], "scale": [2, 2]}}}},
        "KHR_materials_dispersion": {"dispersion": 0.33}}})",
                                      R"("KHR_materials_transmission", "KHR_materials_volume", "KHR_materials_dispersion", "KHR_materials_ior", "KHR_texture_transform")"));
    INFO(allWarnings(m));
    CHECK(m.warnings.empty()); // all three are shaded: none is "not supported"
    const PbrParams& p = m.materials[0].params;
    CHECK(p.ior == doctest::Approx(1.7f));
    REQUIRE(p.transmission.has_value());
    CHECK(p.transmission->factor == doctest::Approx(0.9f));
    CHECK(p.transmission->texture.texture == 1);
    CHECK(p.transmission->texture.texCoord == 1);
    REQUIRE(p.volume.has_value());
    CHECK(p.volume->thicknessFactor == doctest::Approx(2.5f));
    CHECK(p.volume->attenuationDistance == doctest::Approx(0.25f));
    CHECK(p.volume->attenuationColor.b == doctest::Approx(0.25f));
    CHECK(p.volume->thicknessTexture.texture == 0);
    CHECK(p.volume->thicknessTexture.transform.offset.x == doctest::Approx(0.5f));
    CHECK(p.volume->thicknessTexture.transform.scale.y == doctest::Approx(2.0f));
    REQUIRE(p.dispersion.has_value());
    CHECK(p.dispersion->dispersion == doctest::Approx(0.33f));
    std::vector<ExtensionTextureSlot> slots = p.extensionTextures();
    REQUIRE(slots.size() == 2);
    CHECK(std::string(slots[0].sampler) == "transmissionMap");
    CHECK(std::string(slots[1].sampler) == "thicknessMap");
    CHECK_FALSE(slots[1].srgb);
    // Defaults: no distance is an infinite one (nothing absorbed), white attenuation, thin walls.
    ImportedModel d = import(document(R"({"extensions": {"KHR_materials_transmission": {}, "KHR_materials_volume": {}}})",
                                      R"("KHR_materials_transmission", "KHR_materials_volume")"));
    CHECK(d.warnings.empty());
    const PbrParams& q = d.materials[0].params;
    CHECK(q.transmission->factor == 0.0f);
    CHECK(std::isinf(q.volume->attenuationDistance));
    CHECK(q.volume->attenuationColor == glm::vec3(1.0f));
    CHECK(q.volume->thicknessFactor == 0.0f);
}

TEST_CASE("bad transmission, volume and dispersion values: a coded warning at the value's JSON pointer") {
    QuietLog quiet;
    ImportedModel m = import(document(R"({"name": "bad glass", "extensions": {
        "KHR_materials_transmission": {"transmissionFactor": 1.5, "transmissionTexture": {"index": 7}},
        "KHR_materials_volume": {"thicknessFactor": -1, "attenuationDistance": -2, "attenuationColor": [2, 0.5, -1]},
        "KHR_materials_dispersion": {"dispersion": "lots"}}})",
                                      R"("KHR_materials_transmission", "KHR_materials_volume", "KHR_materials_dispersion")"));
    INFO(allWarnings(m));
    const PbrParams& p = m.materials[0].params;
    const std::string at = "/materials/0/extensions/";
    CHECK(warned(m, "material 0 'bad glass': KHR_materials_transmission.transmissionFactor 1.5 is over 1; using 1"));
    CHECK(codeAt(m, at + "KHR_materials_transmission/transmissionFactor") == "VALUE_NOT_IN_RANGE");
    CHECK(p.transmission->factor == 1.0f);
    CHECK(codeAt(m, at + "KHR_materials_transmission/transmissionTexture/index") == "UNRESOLVED_REFERENCE");
    CHECK_FALSE(p.transmission->texture.present());
    CHECK(warned(m, "KHR_materials_volume.thicknessFactor -1 is below 0; using 0"));
    CHECK(codeAt(m, at + "KHR_materials_volume/thicknessFactor") == "VALUE_NOT_IN_RANGE");
    CHECK(p.volume->thicknessFactor == 0.0f);
    CHECK(warned(m, "KHR_materials_volume.attenuationDistance -2 is not above 0; nothing is absorbed"));
    CHECK(codeAt(m, at + "KHR_materials_volume/attenuationDistance") == "VALUE_NOT_IN_RANGE");
    CHECK(std::isinf(p.volume->attenuationDistance));
    CHECK(codeAt(m, at + "KHR_materials_volume/attenuationColor") == "VALUE_NOT_IN_RANGE");
    CHECK(p.volume->attenuationColor == glm::vec3(1.0f, 0.5f, 0.0f));
    CHECK(warned(m, "KHR_materials_dispersion.dispersion is a string, not a number; using the default 0"));
    CHECK(codeAt(m, at + "KHR_materials_dispersion/dispersion") == "TYPE_MISMATCH");
    // A volume without transmission acts on nothing: said, and dropped.
    ImportedModel v = import(document(R"({"extensions": {"KHR_materials_volume": {"thicknessFactor": 1}, "KHR_materials_dispersion": {"dispersion": 1}}})",
                                      R"("KHR_materials_volume", "KHR_materials_dispersion")"));
    CHECK(codeAt(v, at + "KHR_materials_volume") == "UNSATISFIED_DEPENDENCY");
    CHECK(codeAt(v, at + "KHR_materials_dispersion") == "UNSATISFIED_DEPENDENCY");
    CHECK_FALSE(v.materials[0].params.volume.has_value());
    CHECK_FALSE(v.materials[0].params.dispersion.has_value());
}
