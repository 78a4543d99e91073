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

using namespace th;

namespace {

std::string base64(const std::string& bytes) {
    static const char* table = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        uint32_t v = uint32_t(uint8_t(bytes[i])) << 16 | uint32_t(uint8_t(bytes[i + 1])) << 8 | uint8_t(bytes[i + 2]);
        for (int k = 3; k >= 0; --k) out += table[(v >> (6 * k)) & 63];
    }
    if (size_t rest = bytes.size() - i) {
        uint32_t v = uint32_t(uint8_t(bytes[i])) << 16 | (rest == 2 ? uint32_t(uint8_t(bytes[i + 1])) << 8 : 0);
        out += table[(v >> 18) & 63];
        out += table[(v >> 12) & 63];
        out += rest == 2 ? table[(v >> 6) & 63] : '=';
        out += '=';
    }
    return out;
}

/// Accumulates one buffer and the accessors into it, then writes the glTF JSON around the
/// parts a test supplies.
struct GltfBuilder {
    std::string bin;
    std::vector<std::string> views, accessors;

    template <typename T>
    int add(const std::vector<T>& values, int componentType, const char* type, size_t count, bool normalized = false) {
        while (bin.size() % 4) bin += '\0';
        size_t offset = bin.size();
        bin.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
        views.push_back(
            str(R"({"buffer":0,"byteOffset":)", offset, R"(,"byteLength":)", values.size() * sizeof(T), "}"));
        accessors.push_back(str(R"({"bufferView":)", views.size() - 1, R"(,"componentType":)", componentType,
                                R"(,"count":)", count, R"(,"type":")", type, '"',
                                normalized ? R"(,"normalized":true)" : "", "}"));
        return int(accessors.size() - 1);
    }
    int floats(const std::vector<float>& v, const char* type, int components) {
        return add(v, 5126, type, v.size() / size_t(components));
    }
    int positions(const std::vector<float>& v) {
        // POSITION needs min and max.
        int a = floats(v, "VEC3", 3);
        glm::vec3 lo(1e30f), hi(-1e30f);
        for (size_t i = 0; i + 2 < v.size(); i += 3)
            for (int k = 0; k < 3; ++k)
                lo[k] = std::min(lo[k], v[i + size_t(k)]), hi[k] = std::max(hi[k], v[i + size_t(k)]);
        std::string& s = accessors.back();
        s.pop_back();
        s += str(R"(,"min":[)", lo.x, ",", lo.y, ",", lo.z, R"(],"max":[)", hi.x, ",", hi.y, ",", hi.z, "]}");
        return a;
    }

    static std::string join(const std::vector<std::string>& parts) {
        std::string out;
        for (auto& p : parts) out += (out.empty() ? "" : ",") + p;
        return out;
    }

    std::string json(const std::string& meshes, const std::string& nodes, const std::string& skins,
                     const std::string& animations, const std::string& sceneNodes = "[0]") const {
        return str(R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":)", sceneNodes, R"(}],)",
                   R"("buffers":[{"byteLength":)", bin.size(), R"(,"uri":"data:application/octet-stream;base64,)",
                   base64(bin), R"("}],"bufferViews":[)", join(views), R"(],"accessors":[)", join(accessors), "],",
                   R"("meshes":)", meshes, R"(,"nodes":)", nodes, skins.empty() ? "" : R"(,"skins":)" + skins,
                   animations.empty() ? "" : R"(,"animations":)" + animations, "}");
    }
};

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
    GltfBuilder b;
    int position, indices, joints, weights, target, ibm, times, translations;
    std::string skinJoints = "[1,2]";
    std::string weightsAttribute;

    explicit Arm(std::vector<float> weightValues = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}) {
        position = b.positions({0, 0, 0, 0, 1, 0, 2, 0, 0, 2, 1, 0});
        indices = b.add(std::vector<uint16_t>{0, 2, 1, 1, 2, 3}, 5123, "SCALAR", 6);
        joints = b.add(std::vector<uint8_t>{0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, 5121, "VEC4", 4);
        weights = b.floats(weightValues, "VEC4", 4);
        target = b.floats({0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1}, "VEC3", 3);
        ibm = b.floats({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0,  0, 0, 1, //
                        1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -1, 0, 0, 1},
                       "MAT4", 16);
        times = b.floats({0, 1, 2}, "SCALAR", 1);
        translations = b.floats({1, 0, 0, 1, 1, 0, 1, 0, 0}, "VEC3", 3);
    }

    std::string meshes(const std::string& extraAttributes = "") const {
        return str(R"([{"name":"arm","weights":[0.25],"primitives":[{"attributes":{"POSITION":)", position,
                   R"(,"JOINTS_0":)", joints, R"(,"WEIGHTS_0":)", weights, extraAttributes, R"(},"indices":)", indices,
                   R"(,"targets":[{"POSITION":)", target, R"(}]}]}])");
    }
    std::string nodes(const std::string& meshNodeExtra = "") const {
        return str(R"([{"name":"body","mesh":0,"skin":0)", meshNodeExtra,
                   R"(},{"name":"shoulder","children":[2]},{"name":"elbow","translation":[1,0,0]}])");
    }
    std::string skins(const std::string& ibmIndex = "") const {
        return str(R"([{"name":"armature","joints":)", skinJoints, R"(,"inverseBindMatrices":)",
                   ibmIndex.empty() ? std::to_string(ibm) : ibmIndex, "}]");
    }
    std::string animation(const std::string& name, int input, int output, const std::string& interpolation = "LINEAR",
                          int node = 2, const std::string& path = "translation") const {
        return str(R"({"name":")", name, R"(","samplers":[{"input":)", input, R"(,"output":)", output,
                   R"(,"interpolation":")", interpolation, R"("}],"channels":[{"sampler":0,"target":{"node":)", node,
                   R"(,"path":")", path, R"("}}]})");
    }
    std::string json(const std::string& animations) const {
        return b.json(meshes(), nodes(), skins(), animations, "[0,1]");
    }
};

} // namespace

TEST_CASE("a skinned, morphed, animated glTF imports its skin, influences, targets, weights and clip") {
    Arm arm;
    std::string walk = arm.animation("lift", arm.times, arm.translations);
    ImportedModel m = import(arm.json("[" + walk + "]"));
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
    ImportedModel m = import(arm.b.json(arm.meshes(), arm.nodes(R"(,"weights":[0.75])"), arm.skins(), "", "[0,1]"));
    CHECK(m.nodes[0].weights == std::vector<float>{0.75f});
    CHECK(m.meshes[0].defaultWeights == std::vector<float>{0.25f});
}

TEST_CASE("eight influences: JOINTS_1 and WEIGHTS_1, unsigned short joints, normalized byte weights") {
    Arm arm;
    int joints1 = arm.b.add(std::vector<uint16_t>(16, 1), 5123, "VEC4", 4);
    // 255 of 255 on the first set and 0 on the second for two vertices; half and half for two.
    std::vector<uint8_t> w1 = {0, 0, 0, 0, 0, 0, 0, 0, 128, 0, 0, 0, 128, 0, 0, 0};
    int weights1 = arm.b.add(w1, 5121, "VEC4", 4, true);
    ImportedModel m = import(arm.b.json(arm.meshes(str(R"(,"JOINTS_1":)", joints1, R"(,"WEIGHTS_1":)", weights1)),
                                        arm.nodes(), arm.skins(), "", "[0,1]"));
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
    ImportedModel m = import(arm.json(""));
    CHECK(warningsWith(m, {"arm.gltf", "primitive 0", "3 of 4 vertices do not sum to one; normalized"}) == 1);
    for (const glm::vec4& w : m.meshes[0].weights0) CHECK(w.x + w.y + w.z + w.w == doctest::Approx(1.0f));
    CHECK(m.nodes[0].skin == 0);
}

TEST_CASE("a joint index past the skin's joints drops the skin from that node, naming skin, node and joint") {
    Arm arm;
    arm.skinJoints = "[1]"; // the mesh uses joints 0 and 1
    int one = arm.b.floats({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, "MAT4", 16);
    ImportedModel m = import(arm.b.json(arm.meshes(), arm.nodes(), arm.skins(std::to_string(one)), "", "[0,1]"));
    CHECK(warningsWith(m, {"arm.gltf", "node 0 'body'", "uses joint 1", "skin 0 'armature'", "without this skin"}) ==
          1);
    CHECK(m.nodes[0].skin == -1);
    CHECK(m.meshes.size() == 1); // the model still loads, unskinned
    CHECK(m.animationRig().skinnedNodes.empty());
}

TEST_CASE("an inverseBindMatrices count that disagrees with joints drops the skin") {
    Arm arm;
    int one = arm.b.floats({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, "MAT4", 16);
    ImportedModel m = import(arm.b.json(arm.meshes(), arm.nodes(), arm.skins(std::to_string(one)), "", "[0,1]"));
    CHECK(warningsWith(m, {"arm.gltf", "skin 0 'armature'", "has 1 matrices for 2 joints", "without this skin"}) == 1);
    CHECK(m.skins.empty());
    CHECK(m.nodes[0].skin == -1);
}

TEST_CASE("a skin over the joint-texture limit is dropped and says so") {
    Arm arm;
    GltfImportOptions options;
    options.maxJoints = 1;
    ImportedModel m = import(arm.json(""), options);
    CHECK(warningsWith(m, {"arm.gltf", "skin 0 'armature'", "over the joint-texture limit of 1"}) == 1);
    CHECK(m.skins.empty());
}

TEST_CASE("a sampler whose times do not increase drops its clip and keeps the others") {
    Arm arm;
    int backwards = arm.b.floats({0, 2, 1}, "SCALAR", 1);
    ImportedModel m = import(arm.json("[" + arm.animation("broken", backwards, arm.translations) + "," +
                                      arm.animation("good", arm.times, arm.translations) + "]"));
    CHECK(warningsWith(m, {"arm.gltf", "animation 0 'broken'", "sampler 0", "do not increase", "without this clip"}) ==
          1);
    REQUIRE(m.animations.size() == 1);
    CHECK(m.animations[0].name == "good");
}

TEST_CASE("an output count that does not match the interpolation drops the clip") {
    Arm arm;
    ImportedModel m = import(arm.json("[" + arm.animation("cubic", arm.times, arm.translations, "CUBICSPLINE") + "]"));
    CHECK(warningsWith(m, {"arm.gltf", "animation 0 'cubic'", "sampler 0", "CUBICSPLINE", "needs 9"}) == 1);
    CHECK(m.animations.empty());
}

TEST_CASE("a channel on a node that does not exist drops the clip") {
    Arm arm;
    ImportedModel m = import(arm.json("[" + arm.animation("ghost", arm.times, arm.translations, "LINEAR", 7) + "]"));
    CHECK(warningsWith(m, {"arm.gltf", "animation 0 'ghost'", "channel 0 targets node 7, which does not exist"}) == 1);
    CHECK(m.animations.empty());
}

TEST_CASE("weight channels animate the targets of the node's mesh") {
    Arm arm;
    int w = arm.b.floats({0, 1, 0}, "SCALAR", 1);
    ImportedModel m = import(arm.json("[" + arm.animation("breathe", arm.times, w, "LINEAR", 0, "weights") + "]"));
    CHECK(m.warnings.empty());
    REQUIRE(m.animations.size() == 1);
    CHECK(m.animations[0].samplers[0].width == 1);
    // Weights on a node without targets cannot play.
    ImportedModel bad = import(arm.json("[" + arm.animation("nothing", arm.times, w, "LINEAR", 1, "weights") + "]"));
    CHECK(warningsWith(bad, {"animation 0 'nothing'", "no morph targets"}) == 1);
}
