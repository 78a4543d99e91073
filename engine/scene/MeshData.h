#pragma once
// Geometry on the CPU, before upload: what the glTF importer and the procedural generators
// produce and what tangent generation and bounds work on. Attribute arrays are either empty
// or as long as `positions`.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/type_precision.hpp>

#include "material/EngineInterface.h"
#include "material/PrimitiveTopology.h"
#include "scene/Bounds.h"

namespace th {

/// A range of `MeshData::indices` drawn with one material.
struct Submesh {
    uint32_t firstIndex = 0;
    uint32_t indexCount = 0;
    int material = -1; ///< index into the owner's material list; -1 = the default material
    PrimitiveTopology topology = PrimitiveTopology::Triangles;
    /// False when the primitive came without normals: points and lines then draw unlit (as
    /// the Khronos Sample Viewer does) instead of lit with a made-up normal.
    bool hasNormals = true;
    /// KHR_materials_variants: {variant, material} pairs (indices into the owner's variant
    /// and material lists); a variant not listed draws `material`.
    std::vector<std::pair<int, int>> variantMaterials;
};

/// One morph target: per-vertex displacements added, scaled by the target's weight, to the
/// base attributes (glTF 2.0 "Morph Targets"). Each array is empty or as long as the mesh's
/// positions.
struct MorphTarget {
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals;
    std::vector<glm::vec3> tangents; ///< xyz only: the handedness is not morphed
    std::vector<glm::vec2> uv0;
    std::vector<glm::vec2> uv1;
    std::vector<glm::vec4> colors;
    bool empty() const {
        return positions.empty() && normals.empty() && tangents.empty() && uv0.empty() && uv1.empty() && colors.empty();
    }
};

struct MeshData {
    std::string name;
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals;
    std::vector<glm::vec4> tangents; ///< xyz tangent, w = bitangent sign (MikkTSpace convention)
    std::vector<glm::vec2> uv0;
    std::vector<glm::vec2> uv1;
    std::vector<glm::vec4> colors;   ///< linear RGBA vertex colours
    /// TEXCOORD_2 and up: extraUvs[k] is set k + 2, empty where the mesh has no such set (the
    /// importer reads only the sets a material samples with). At most kMaxUvSets - 2.
    std::vector<std::vector<glm::vec2>> extraUvs;
    /// Skinning: up to eight influences, JOINTS_0/WEIGHTS_0 then JOINTS_1/WEIGHTS_1. Joint
    /// indices index the skin's joint list; the weights of a vertex sum to one.
    std::vector<glm::u16vec4> joints0, joints1;
    std::vector<glm::vec4> weights0, weights1;
    std::vector<MorphTarget> targets;
    std::vector<float> defaultWeights; ///< the mesh's `weights`, one per target (0 when absent)
    std::vector<uint32_t> indices;   ///< per submesh, in its topology (a triangle list by default)
    std::vector<Submesh> submeshes;  ///< empty means one submesh over all indices, material -1

    size_t vertexCount() const { return positions.size(); }
    /// The sets of extraUvs that are present (bit k = TEXCOORD_(k + 2)).
    uint32_t extraUvSets() const {
        uint32_t bits = 0;
        for (size_t k = 0; k < extraUvs.size() && k < 32; ++k)
            if (!extraUvs[k].empty()) bits |= 1u << k;
        return bits;
    }
    bool skinned() const { return !joints0.empty() && !weights0.empty(); }
    size_t influences() const { return skinned() ? (joints1.empty() || weights1.empty() ? 4 : 8) : 0; }
    Bounds bounds() const {
        Bounds b;
        for (auto& p : positions) b.add(p);
        return b;
    }
};

/// Calls `f(a's array, b's array, name, absent)` for each per-vertex array of two morph targets
/// (empty ones included); `absent` is what a vertex without the array has (no displacement).
template <class A, class B, class F> void forEachTargetArrayPair(A& a, B& b, F&& f) {
    static_assert(sizeof(MorphTarget) == 6 * sizeof(std::vector<int>), "MorphTarget has a new member: list it here");
    f(a.positions, b.positions, "target positions", glm::vec3(0.0f));
    f(a.normals, b.normals, "target normals", glm::vec3(0.0f));
    f(a.tangents, b.tangents, "target tangents", glm::vec3(0.0f));
    f(a.uv0, b.uv0, "target uv0", glm::vec2(0.0f));
    f(a.uv1, b.uv1, "target uv1", glm::vec2(0.0f));
    f(a.colors, b.colors, "target colors", glm::vec4(0.0f));
}

/// Calls `f(a's array, b's array, name, absent)` for every per-vertex array of two meshes
/// (empty ones included): the attributes, joints and weights, then each extra UV set of `a`
/// (paired with `b`'s set of that number, or an empty one); not the morph targets' (for those,
/// forEachTargetArrayPair). `absent` is the value a vertex has where its mesh lacks the array:
/// an up normal, an X tangent, white, all weight on joint 0, zero for the rest. Whatever
/// reorders, copies, appends or checks vertices goes through this list (or forEachVertexArray),
/// so a new per-vertex array cannot be forgotten in one of them.
template <class A, class B, class F> void forEachVertexArrayPair(A& a, B& b, F&& f) {
    static_assert(sizeof(MeshData) == sizeof(std::string) + 15 * sizeof(std::vector<int>),
                  "MeshData has a new member: list it here if it is per vertex, then update this count");
    f(a.positions, b.positions, "positions", glm::vec3(0.0f));
    f(a.normals, b.normals, "normals", glm::vec3(0.0f, 1.0f, 0.0f));
    f(a.tangents, b.tangents, "tangents", glm::vec4(1.0f, 0.0f, 0.0f, 1.0f));
    f(a.uv0, b.uv0, "uv0", glm::vec2(0.0f));
    f(a.uv1, b.uv1, "uv1", glm::vec2(0.0f));
    f(a.colors, b.colors, "colors", glm::vec4(1.0f));
    f(a.joints0, b.joints0, "joints0", glm::u16vec4(0));
    f(a.joints1, b.joints1, "joints1", glm::u16vec4(0));
    f(a.weights0, b.weights0, "weights0", glm::vec4(1.0f, 0.0f, 0.0f, 0.0f));
    f(a.weights1, b.weights1, "weights1", glm::vec4(0.0f));
    static const std::vector<glm::vec2> noSet;
    for (size_t k = 0; k < a.extraUvs.size(); ++k)
        f(a.extraUvs[k], k < b.extraUvs.size() ? b.extraUvs[k] : noSet, "extra UV coordinates", glm::vec2(0.0f));
}

/// Calls `f(array, name)` for each per-vertex array of a morph target (empty ones included).
template <class Target, class F> void forEachTargetArray(Target& target, F&& f) {
    forEachTargetArrayPair(target, target, [&](auto& array, const auto&, const char* name, const auto&) { f(array, name); });
}

/// Calls `f(array, name)` for every per-vertex array of `mesh` (forEachVertexArrayPair's list).
template <class Mesh, class F> void forEachVertexArray(Mesh& mesh, F&& f) {
    forEachVertexArrayPair(mesh, mesh, [&](auto& array, const auto&, const char* name, const auto&) { f(array, name); });
}

} // namespace th
