// The Khronos sample models in ../shared/gltf import with the counts and values a viewer
// would show. Each case skips with a message when its model is absent.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

#include "assets/GltfImporter.h"
#include "core/Log.h"

using namespace th;
namespace fs = std::filesystem;

namespace {

fs::path sharedGltf() {
    const char* shared = std::getenv("TRAILHEAD_SHARED_DIR");
    return (shared ? fs::path(shared) : fs::path(TRAILHEAD_SOURCE_DIR) / ".." / "shared") / "gltf";
}

/// <name>/glTF/<name>.gltf, else <name>/glTF-Binary/<name>.glb; empty (and a MESSAGE) when
/// neither is there.
std::optional<ImportedModel> importSample(const std::string& name, bool decodeImages = true) {
    fs::path folder = sharedGltf() / name;
    for (fs::path file : {folder / "glTF" / (name + ".gltf"), folder / "glTF-Binary" / (name + ".glb")}) {
        if (!fs::exists(file)) continue;
        ScopedLogSink quiet([](LogLevel, std::string_view) {});
        GltfImportOptions options;
        options.decodeImages = decodeImages;
        return importGltf(file, options);
    }
    MESSAGE("skipping: sample model " << (folder / "glTF" / (name + ".gltf")).string() << " not found");
    return std::nullopt;
}

bool hasWarning(const ImportedModel& m, const std::string& part) {
    for (const ImportWarning& w : m.warnings)
        if (w.message.find(part) != std::string::npos) return true;
    return false;
}

/// Every mesh is complete: each attribute empty or as long as the positions, tangents present,
/// indices in range and covered by the submeshes.
void checkMeshes(const ImportedModel& m) {
    for (const MeshData& mesh : m.meshes) {
        CAPTURE(mesh.name);
        const size_t n = mesh.vertexCount();
        CHECK(mesh.normals.size() == n);
        CHECK(mesh.tangents.size() == n);
        CHECK((mesh.uv0.empty() || mesh.uv0.size() == n));
        CHECK((mesh.colors.empty() || mesh.colors.size() == n));
        uint32_t covered = 0;
        for (const Submesh& s : mesh.submeshes) {
            CHECK(s.firstIndex == covered);
            covered += s.indexCount;
            CHECK(s.material < int(m.materials.size()));
        }
        CHECK(covered == mesh.indices.size());
        bool inRange = true;
        for (uint32_t i : mesh.indices) inRange = inRange && i < n;
        CHECK(inRange);
    }
    for (const ImportedTexture& t : m.textures) CHECK((t.image >= 0 && size_t(t.image) < m.images.size()));
}

} // namespace

TEST_CASE("Box") {
    auto m = importSample("Box");
    if (!m) return;
    checkMeshes(*m);
    CHECK(m->meshes.size() == 1);
    CHECK(m->meshes[0].vertexCount() == 24);
    CHECK(m->meshes[0].indices.size() == 36);
    CHECK(m->materials.size() == 1);
    CHECK(m->nodes.size() == 2);
    CHECK(m->rootNodes.size() == 1);
    CHECK(m->warnings.empty());
    // The root's matrix turns glTF's Z-up source into Y-up: the unit box stays a unit box.
    CHECK(m->worldBounds().extent().y == doctest::Approx(1.0f));
}

TEST_CASE("BoxTextured") {
    auto m = importSample("BoxTextured");
    if (!m) return;
    checkMeshes(*m);
    REQUIRE(m->textures.size() == 1);
    REQUIRE(m->images.size() == 1);
    CHECK(m->images[0].colorSpace == ImageColorSpace::Srgb);
    CHECK(m->images[0].pixels.width > 0);
    CHECK_FALSE(m->images[0].fallback);
    CHECK(m->materials.at(0).params.baseColorTexture.texture == 0);
}

TEST_CASE("DamagedHelmet") {
    auto m = importSample("DamagedHelmet");
    if (!m) return;
    checkMeshes(*m);
    CHECK(m->meshes.size() == 1);
    CHECK(m->meshes[0].vertexCount() >= 14556);
    CHECK(m->materials.size() == 1);
    CHECK(m->textures.size() == 5);
    CHECK(m->images.size() == 5);
    const PbrParams& p = m->materials[0].params;
    for (const TextureSlot* s :
         {&p.baseColorTexture, &p.metallicRoughnessTexture, &p.normalTexture, &p.occlusionTexture, &p.emissiveTexture})
        CHECK(s->present());
    CHECK(m->images[size_t(m->textures[size_t(p.baseColorTexture.texture)].image)].colorSpace == ImageColorSpace::Srgb);
    CHECK(m->images[size_t(m->textures[size_t(p.emissiveTexture.texture)].image)].colorSpace == ImageColorSpace::Srgb);
    CHECK(m->images[size_t(m->textures[size_t(p.normalTexture.texture)].image)].colorSpace == ImageColorSpace::Linear);
    CHECK(m->images[0].pixels.width == 2048);
    CHECK_FALSE(hasWarning(*m, "not supported"));
    CHECK(m->warnings.empty());
}

TEST_CASE("OrientationTest") {
    auto m = importSample("OrientationTest", false);
    if (!m) return;
    checkMeshes(*m);
    CHECK(m->meshes.size() == 13);
    CHECK(m->nodes.size() == 13);
    CHECK(m->materials.size() == 7);
    CHECK(m->rootNodes.size() == 13);
}

TEST_CASE("TextureCoordinateTest") {
    auto m = importSample("TextureCoordinateTest");
    if (!m) return;
    checkMeshes(*m);
    CHECK(m->meshes.size() == 5);
    CHECK(m->textures.size() == 1);
    size_t textured = 0;
    for (const MeshData& mesh : m->meshes) textured += mesh.uv0.size() == mesh.vertexCount();
    CHECK(textured >= 4);
    CHECK_FALSE(m->images.at(0).fallback);
}

TEST_CASE("AlphaBlendModeTest") {
    auto m = importSample("AlphaBlendModeTest", false);
    if (!m) return;
    checkMeshes(*m);
    REQUIRE(m->materials.size() == 6);
    int opaque = 0, mask = 0, blend = 0;
    for (const ImportedMaterial& mat : m->materials) {
        switch (mat.params.alphaMode) {
        case AlphaMode::Opaque: ++opaque; break;
        case AlphaMode::Mask: ++mask; break;
        case AlphaMode::Blend: ++blend; break;
        }
        if (mat.name == "MatCutoff25") CHECK(mat.params.alphaCutoff == doctest::Approx(0.25f));
        if (mat.name == "MatCutoff75") CHECK(mat.params.alphaCutoff == doctest::Approx(0.75f));
        if (mat.name == "MatCutoffDefault") CHECK(mat.params.alphaCutoff == doctest::Approx(0.5f));
    }
    CHECK(opaque == 2);
    CHECK(mask == 3);
    CHECK(blend == 1);
}

TEST_CASE("NormalTangentMirrorTest keeps its supplied tangents, including mirrored ones") {
    auto m = importSample("NormalTangentMirrorTest", false);
    if (!m) return;
    checkMeshes(*m);
    const MeshData& mesh = m->meshes.at(0);
    size_t negative = 0;
    for (const glm::vec4& t : mesh.tangents) negative += t.w < 0.0f;
    CHECK(negative > 0);
    CHECK(negative < mesh.vertexCount());
}

TEST_CASE("NormalTangentTest gets generated tangents for its normal map") {
    auto m = importSample("NormalTangentTest", false);
    if (!m) return;
    checkMeshes(*m);
    CHECK(m->materials.at(0).params.normalTexture.present());
}

TEST_CASE("MetalRoughSpheresNoTextures") {
    auto m = importSample("MetalRoughSpheresNoTextures", false);
    if (!m) return;
    checkMeshes(*m);
    CHECK(m->meshes.size() == 102);
    CHECK(m->materials.size() == 98);
    CHECK(m->textures.empty());
    // The grid spans the factor range in both directions.
    float minRoughness = 1, maxRoughness = 0, minMetal = 1, maxMetal = 0;
    for (const ImportedMaterial& mat : m->materials) {
        minRoughness = std::min(minRoughness, mat.params.roughnessFactor);
        maxRoughness = std::max(maxRoughness, mat.params.roughnessFactor);
        minMetal = std::min(minMetal, mat.params.metallicFactor);
        maxMetal = std::max(maxMetal, mat.params.metallicFactor);
    }
    CHECK(minRoughness < 0.1f);
    CHECK(maxRoughness > 0.9f);
    CHECK(minMetal < 0.1f);
    CHECK(maxMetal > 0.9f);
}

TEST_CASE("SimpleInstancing: 125 instances of one box") {
    auto m = importSample("SimpleInstancing");
    if (!m) return;
    checkMeshes(*m);
    REQUIRE(m->nodes.size() == 1);
    CHECK(m->nodes[0].instances.size() == 125);
    CHECK(m->meshInstanceCount() == 125);
    // Instances are spread out, not stacked at the origin.
    Bounds one = m->meshes[0].bounds();
    CHECK(m->worldBounds().extent().x > 3.0f * one.extent().x);
}

TEST_CASE("TextureTransformTest") {
    auto m = importSample("TextureTransformTest", false);
    if (!m) return;
    checkMeshes(*m);
    CHECK(m->materials.size() == 9);
    int checked = 0;
    for (const ImportedMaterial& mat : m->materials) {
        const TextureTransform& t = mat.params.baseColorTexture.transform;
        if (mat.name == "Offset UV") {
            CHECK(t.offset.x == doctest::Approx(0.5f));
            CHECK(t.offset.y == doctest::Approx(0.5f));
            ++checked;
        } else if (mat.name == "Rotation") {
            CHECK(t.rotation == doctest::Approx(0.39269908f));
            ++checked;
        } else if (mat.name == "Scale") {
            CHECK(t.scale.x == doctest::Approx(1.5f));
            ++checked;
        } else if (mat.name == "All") {
            CHECK(t.offset.x == doctest::Approx(-0.2f));
            CHECK(t.rotation == doctest::Approx(0.3f));
            CHECK(t.scale.y == doctest::Approx(1.5f));
            ++checked;
        } else if (mat.name == "Correct") {
            CHECK(t.isIdentity());
            ++checked;
        }
    }
    CHECK(checked == 5);
}

TEST_CASE("EmissiveStrengthTest") {
    auto m = importSample("EmissiveStrengthTest", false);
    if (!m) return;
    checkMeshes(*m);
    int checked = 0;
    for (const ImportedMaterial& mat : m->materials) {
        if (mat.name.rfind("Emit", 0) != 0) continue;
        float expected = std::stof(mat.name.substr(4));
        CHECK(mat.params.emissiveStrength == doctest::Approx(expected));
        CHECK(mat.params.emissiveFactor.z == doctest::Approx(0.9f));
        ++checked;
    }
    CHECK(checked == 5);
}

TEST_CASE("VertexColorTest") {
    auto m = importSample("VertexColorTest", false);
    if (!m) return;
    checkMeshes(*m);
    REQUIRE(m->materials.size() == 2);
    for (const ImportedMaterial& mat : m->materials) CHECK(mat.params.vertexColors == (mat.name == "VC_Checks_Mat"));
    bool sawColors = false;
    for (const MeshData& mesh : m->meshes)
        if (!mesh.colors.empty()) sawColors = true;
    CHECK(sawColors);
}

TEST_CASE("BoxVertexColors: COLOR_0 without a material still shows") {
    auto m = importSample("BoxVertexColors");
    if (!m) return;
    checkMeshes(*m);
    REQUIRE(m->materials.size() == 1);
    CHECK(m->materials[0].params.vertexColors);
    CHECK(m->meshes.at(0).colors.size() == m->meshes[0].vertexCount());
}

TEST_CASE("TextureSettingsTest: samplers and sidedness") {
    auto m = importSample("TextureSettingsTest", false);
    if (!m) return;
    checkMeshes(*m);
    CHECK(m->textures.size() >= 9);
    int clampT = 0, mirrorS = 0, doubleSided = 0;
    for (const ImportedTexture& t : m->textures) {
        clampT += t.sampler.wrapT == TextureWrap::ClampToEdge;
        mirrorS += t.sampler.wrapS == TextureWrap::MirroredRepeat;
        CHECK(t.sampler.minFilter == TextureFilter::NearestMipmapLinear);
    }
    for (const ImportedMaterial& mat : m->materials) doubleSided += mat.params.doubleSided;
    CHECK(clampT >= 2);
    CHECK(mirrorS >= 1);
    CHECK(doubleSided == 1);
}

TEST_CASE("Fox: flat normals before skinning, one skin of 24 joints, three clips, no warnings") {
    auto m = importSample("Fox", false);
    if (!m) return;
    checkMeshes(*m);
    REQUIRE(m->meshes.size() == 1);
    const MeshData& mesh = m->meshes[0];
    // No NORMAL: flat shading copies the corners whose triangles disagree...
    CHECK(mesh.vertexCount() <= 576 * 3);
    for (size_t t = 0; t < mesh.indices.size(); t += 3) {
        const uint32_t* c = &mesh.indices[t];
        glm::vec3 n = glm::cross(mesh.positions[c[1]] - mesh.positions[c[0]], mesh.positions[c[2]] - mesh.positions[c[0]]);
        if (glm::length(n) < 1e-12f) continue;
        for (int k = 0; k < 3; ++k) CHECK(glm::dot(mesh.normals[c[k]], glm::normalize(n)) > 0.9999f);
    }
    CHECK(mesh.joints0.size() == mesh.vertexCount()); // ...and carries each copy's joints along
    CHECK(mesh.weights0.size() == mesh.vertexCount());
    CHECK(mesh.influences() == 4);
    for (size_t v = 0; v < mesh.vertexCount(); ++v) {
        CHECK(glm::dot(mesh.weights0[v], glm::vec4(1.0f)) == doctest::Approx(1.0f).epsilon(1e-5));
        for (int k = 0; k < 4; ++k) CHECK(mesh.joints0[v][k] < 24);
    }
    CHECK(m->nodes.size() == 26);
    REQUIRE(m->skins.size() == 1);
    CHECK(m->skins[0].joints.size() == 24);
    CHECK(m->skins[0].inverseBindMatrices.size() == 24);
    REQUIRE(m->animations.size() == 3);
    CHECK(m->animations[0].name == "Survey");
    CHECK(m->animations[1].name == "Walk");
    CHECK(m->animations[2].name == "Run");
    for (const AnimationClip& clip : m->animations) {
        CHECK(clip.duration() > 0.5f);
        for (const AnimationSampler& s : clip.samplers) CHECK(s.validate().empty());
    }
    AnimationRig rig = m->animationRig();
    REQUIRE(rig.skinnedNodes.size() == 1);
    CHECK(rig.findClip("Walk") == 1);
    for (const ImportWarning& w : m->warnings) MESSAGE(w.toString());
    CHECK_FALSE(hasWarning(*m, "not supported"));
    CHECK(m->warnings.empty());
}
