// glTF skins, skinning attributes, morph targets, default weights and animations, from small
// models built here: what a valid file turns into, and what each broken part does (a warning
// naming the file, the skin or animation and the index; the model loads without that part).
#include <doctest/doctest.h>

#include <cstring>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "assets/GltfImporter.h"
#include "core/Log.h"
#include "core/Str.h"
#include "support/GltfModelBuilder.h"

using namespace th;
using namespace th::test;

namespace {

/// Imports with the log captured: every importer warning is also in ImportedModel::warnings.
ImportedModel import(const std::string& json, const GltfImportOptions& options = {}) {
    size_t logged = 0;
    // The document checks' grouped line (empty nodes, unused accessors of these small
    // fixtures) is not an importer warning.
    ScopedLogSink sink([&](LogLevel level, std::string_view text) {
        logged += level >= LogLevel::Warning && text.find("warnings from the document checks") == text.npos;
    });
    ImportedModel m = importGltfFromMemory(json, std::filesystem::temp_directory_path(), "arm.gltf", options);
    CHECK(logged == m.warnings.size());
    return m;
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

/// The warnings that contain every one of `parts`.
size_t warningsWith(const ImportedModel& m, std::initializer_list<std::string> parts) {
    size_t n = 0;
    for (const ImportWarning& w : m.warnings) {
        std::string text = w.toString();
        bool all = true;
        for (auto& p : parts) all = all && contains(text, p);
        n += all;
    }
    return n;
}

// A quad of two triangles along +x, skinned to two joints (node 1 at the origin, node 2 at
// x = 1, its child), with one morph target that lifts the far edge. The mesh lives on node 0.
struct Arm {
    GltfModelBuilder b; ///< the accessors; json() adds the mesh, nodes, skin and animations
    int position, indices, joints, weights, target, ibm, times, translations;
    std::vector<int> skinJoints = {1, 2};
    int inverseBindMatrices;                     ///< the skin's accessor: ibm unless a test says
    std::vector<float> bodyWeights;              ///< the mesh node's own morph weights; empty: none
    GltfModelBuilder::Attributes moreAttributes; ///< beside POSITION, JOINTS_0 and WEIGHTS_0

    explicit Arm(std::vector<float> weightValues = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}) {
        position = b.addPositions({{0, 0, 0}, {0, 1, 0}, {2, 0, 0}, {2, 1, 0}});
        indices = b.addAccessor(std::vector<uint16_t>{0, 2, 1, 1, 2, 3});
        joints = b.addAccessor(std::vector<uint8_t>{0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, {.type = "VEC4"});
        weights = b.addAccessor(weightValues, {.type = "VEC4"});
        target = b.addAccessor(std::vector<float>{0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1}, {.type = "VEC3"});
        ibm = b.addAccessor(std::vector<float>{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0,  0, 0, 1, //
                                               1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -1, 0, 0, 1},
                            {.type = "MAT4"});
        times = b.addAccessor(std::vector<float>{0, 1, 2});
        translations = b.addAccessor(std::vector<float>{1, 0, 0, 1, 1, 0, 1, 0, 0}, {.type = "VEC3"});
        inverseBindMatrices = ibm;
    }

    /// An identity matrix for one joint, for a skin whose matrices do not match its joints.
    int oneMatrix() {
        return b.addAccessor(std::vector<float>{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, {.type = "MAT4"});
    }

    static GltfModelBuilder::Animation animation(const std::string& name, int input, int output,
                                                 const std::string& interpolation = "LINEAR", int node = 2,
                                                 const std::string& path = "translation") {
        return {.name = name, .samplers = {{input, output, interpolation}}, .channels = {{0, node, path}}};
    }

    std::string json(const std::vector<GltfModelBuilder::Animation>& animations = {}) const {
        GltfModelBuilder d = b;
        GltfModelBuilder::Attributes attributes = {
            {"POSITION", position}, {"JOINTS_0", joints}, {"WEIGHTS_0", weights}};
        attributes.insert(moreAttributes.begin(), moreAttributes.end());
        d.addMesh({.name = "arm",
                   .primitives = {{.attributes = attributes, .indices = indices, .targets = {{{"POSITION", target}}}}},
                   .weights = {0.25f}});
        d.addNode({.name = "body", .mesh = 0, .skin = 0, .weights = bodyWeights});
        d.addNode({.name = "shoulder", .children = {2}});
        d.addNode({.name = "elbow", .translation = glm::vec3(1, 0, 0)});
        d.addSkin({.name = "armature", .joints = skinJoints, .inverseBindMatrices = inverseBindMatrices});
        for (const GltfModelBuilder::Animation& a : animations) d.addAnimation(a);
        d.addScene({0, 1});
        return d.json();
    }
};

} // namespace

TEST_CASE("a skinned, morphed, animated glTF imports its skin, influences, targets, weights and clip") {
    Arm arm;
    ImportedModel m = import(arm.json({arm.animation("lift", arm.times, arm.translations)}));
    CHECK(m.warnings.empty());
    REQUIRE(m.skins.size() == 1);
    CHECK(m.skins[0].name == "armature");
    CHECK(m.skins[0].joints == std::vector<int>{1, 2});
    CHECK(m.skins[0].inverseBindMatrices[1][3].x == -1.0f);
    CHECK(m.nodes[0].skin == 0);
    REQUIRE(m.meshes.size() == 1);
    const MeshData& mesh = m.meshes[0];
    REQUIRE(mesh.joints0.size() == mesh.vertexCount());
    CHECK(mesh.influences() == 4);
    REQUIRE(mesh.targets.size() == 1);
    CHECK(mesh.targets[0].positions.size() == mesh.vertexCount());
    CHECK(mesh.defaultWeights == std::vector<float>{0.25f});
    CHECK(m.nodes[0].weights == std::vector<float>{0.25f});
    REQUIRE(m.animations.size() == 1);
    CHECK(m.animations[0].name == "lift");
    CHECK(m.animations[0].duration() == 2.0f);
    REQUIRE(m.animations[0].channels.size() == 1);
    CHECK(m.animations[0].channels[0].node == 2);
    CHECK(m.animations[0].channels[0].path == AnimationPath::Translation);

    AnimationRig rig = m.animationRig();
    REQUIRE(rig.skinnedNodes.size() == 1);
    CHECK(rig.nodes[2].parent == 1);
    CHECK(rig.nodes[2].rest.translation.x == 1.0f);
}

TEST_CASE("a node's own weights override its mesh's defaults") {
    Arm arm;
    arm.bodyWeights = {0.75f};
    ImportedModel m = import(arm.json());
    CHECK(m.nodes[0].weights == std::vector<float>{0.75f});
    CHECK(m.meshes[0].defaultWeights == std::vector<float>{0.25f});
}

TEST_CASE("eight influences: JOINTS_1 and WEIGHTS_1, unsigned short joints, normalized byte weights") {
    Arm arm;
    int joints1 = arm.b.addAccessor(std::vector<uint16_t>(16, 1), {.type = "VEC4"});
    // 255 of 255 on the first set and 0 on the second for two vertices; half and half for two.
    std::vector<uint8_t> w1 = {0, 0, 0, 0, 0, 0, 0, 0, 128, 0, 0, 0, 128, 0, 0, 0};
    int weights1 = arm.b.addAccessor(w1, {.type = "VEC4", .normalized = true});
    arm.moreAttributes = {{"JOINTS_1", joints1}, {"WEIGHTS_1", weights1}};
    ImportedModel m = import(arm.json());
    const MeshData& mesh = m.meshes[0];
    CHECK(mesh.influences() == 8);
    REQUIRE(mesh.joints1.size() == mesh.vertexCount());
    CHECK(mesh.joints1[0].x == 1);
    // Vertex 2's weights were 1 + 128/255: normalized to sum to one, with one warning.
    size_t v = 0;
    for (; v < mesh.vertexCount(); ++v)
        if (mesh.weights1[v].x > 0.0f) break;
    REQUIRE(v < mesh.vertexCount());
    CHECK(glm::dot(mesh.weights0[v], glm::vec4(1.0f)) + glm::dot(mesh.weights1[v], glm::vec4(1.0f)) ==
          doctest::Approx(1.0f));
    CHECK(mesh.weights1[v].x == doctest::Approx((128.0f / 255.0f) / (1.0f + 128.0f / 255.0f)));
    CHECK(warningsWith(m, {"arm.gltf", "mesh 0 'arm' primitive 0", "do not sum to one; normalized"}) == 1);
    CHECK(m.nodes[0].skin == 0);
}

TEST_CASE("weights that do not sum to one are normalized, with one warning for the primitive") {
    Arm arm({0.5f, 0, 0, 0, 0.5f, 0, 0, 0, 2, 0, 0, 0, 0, 0.25f, 0.75f, 0});
    ImportedModel m = import(arm.json());
    CHECK(warningsWith(m, {"arm.gltf", "primitive 0", "3 of 4 vertices do not sum to one; normalized"}) == 1);
    for (const glm::vec4& w : m.meshes[0].weights0) CHECK(w.x + w.y + w.z + w.w == doctest::Approx(1.0f));
    CHECK(m.nodes[0].skin == 0);
}

TEST_CASE("a joint index past the skin's joints drops the skin from that node, naming skin, node and joint") {
    Arm arm;
    arm.skinJoints = {1}; // the mesh uses joints 0 and 1
    arm.inverseBindMatrices = arm.oneMatrix();
    ImportedModel m = import(arm.json());
    CHECK(warningsWith(m, {"arm.gltf", "node 0 'body'", "uses joint 1", "skin 0 'armature'", "without this skin"}) ==
          1);
    CHECK(m.nodes[0].skin == -1);
    CHECK(m.meshes.size() == 1); // the model still loads, unskinned
    CHECK(m.animationRig().skinnedNodes.empty());
}

TEST_CASE("an inverseBindMatrices count that disagrees with joints drops the skin") {
    Arm arm;
    arm.inverseBindMatrices = arm.oneMatrix();
    ImportedModel m = import(arm.json());
    CHECK(warningsWith(m, {"arm.gltf", "skin 0 'armature'", "has 1 matrices for 2 joints", "without this skin"}) == 1);
    CHECK(m.skins.empty());
    CHECK(m.nodes[0].skin == -1);
}

TEST_CASE("a skin over the joint-texture limit is dropped and says so") {
    Arm arm;
    GltfImportOptions options;
    options.maxJoints = 1;
    ImportedModel m = import(arm.json(), options);
    CHECK(warningsWith(m, {"arm.gltf", "skin 0 'armature'", "over the joint-texture limit of 1"}) == 1);
    CHECK(m.skins.empty());
}

TEST_CASE("a sampler whose times do not increase drops its clip and keeps the others") {
    Arm arm;
    int backwards = arm.b.addAccessor(std::vector<float>{0, 2, 1});
    ImportedModel m = import(arm.json(
        {arm.animation("broken", backwards, arm.translations), arm.animation("good", arm.times, arm.translations)}));
    CHECK(warningsWith(m, {"arm.gltf", "animation 0 'broken'", "sampler 0", "do not increase", "without this clip"}) ==
          1);
    REQUIRE(m.animations.size() == 1);
    CHECK(m.animations[0].name == "good");
}

TEST_CASE("an output count that does not match the interpolation drops the clip") {
    Arm arm;
    ImportedModel m = import(arm.json({arm.animation("cubic", arm.times, arm.translations, "CUBICSPLINE")}));
    CHECK(warningsWith(m, {"arm.gltf", "animation 0 'cubic'", "sampler 0", "CUBICSPLINE", "needs 9"}) == 1);
    CHECK(m.animations.empty());
}

TEST_CASE("a channel on a node that does not exist drops the clip") {
    Arm arm;
    ImportedModel m = import(arm.json({arm.animation("ghost", arm.times, arm.translations, "LINEAR", 7)}));
    CHECK(warningsWith(m, {"arm.gltf", "animation 0 'ghost'", "channel 0 targets node 7, which does not exist"}) == 1);
    CHECK(m.animations.empty());
}

TEST_CASE("weight channels animate the targets of the node's mesh") {
    Arm arm;
    int w = arm.b.addAccessor(std::vector<float>{0, 1, 0});
    ImportedModel m = import(arm.json({arm.animation("breathe", arm.times, w, "LINEAR", 0, "weights")}));
    CHECK(m.warnings.empty());
    REQUIRE(m.animations.size() == 1);
    CHECK(m.animations[0].samplers[0].width == 1);
    // Weights on a node without targets cannot play.
    ImportedModel bad = import(arm.json({arm.animation("nothing", arm.times, w, "LINEAR", 1, "weights")}));
    CHECK(warningsWith(bad, {"animation 0 'nothing'", "no morph targets"}) == 1);
}
