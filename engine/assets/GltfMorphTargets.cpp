// Morph targets of primitives and the default weights of meshes and nodes (glTF 2.0 "Morph
// Targets").
#include <glm/gtc/type_ptr.hpp>

#include "assets/GltfAnimationImport.h"
#include "core/Str.h"

namespace th {

void readGltfMorphTargets(GltfImportContext& ctx, const tinygltf::Primitive& prim, const std::string& label,
                          size_t vertices, MeshData& out) {
    out.targets.resize(prim.targets.size());
    const std::string primitive = ctx.primitivePointer(prim);
    for (size_t t = 0; t < prim.targets.size(); ++t) {
        MorphTarget& target = out.targets[t];
        for (const auto& entry : prim.targets[t]) {
            // Named copies: lambdas cannot capture structured bindings before C++20 (clang 14).
            const std::string& name = entry.first;
            const int accessor = entry.second;
            const std::string what = str(label, " target ", t, " ", name);
            auto read = [&](std::initializer_list<int> components, auto& dst) {
                AccessorFloats values = ctx.reader->readFloats(accessor, components, what);
                if (values.count != vertices)
                    throw ctx.error("MESH_PRIMITIVE_MORPH_TARGET_INVALID_ATTRIBUTE_COUNT",
                                    str(primitive, "/targets/", t, "/", jsonPointerToken(name)),
                                    str(what, " (accessor ", accessor, ") has ", values.count,
                                        " elements but POSITION has ", vertices));
                using Element = typename std::decay_t<decltype(dst)>::value_type;
                dst.assign(vertices, Element(0.0f));
                const size_t c = size_t(values.components);
                for (size_t v = 0; v < vertices; ++v)
                    for (size_t k = 0; k < c && k < size_t(Element::length()); ++k)
                        dst[v][int(k)] = values.values[v * c + k];
            };
            if (name == "POSITION")
                read({3}, target.positions);
            else if (name == "NORMAL")
                read({3}, target.normals);
            else if (name == "TANGENT")
                read({3}, target.tangents);
            else if (name == "TEXCOORD_0")
                read({2}, target.uv0);
            else if (name == "TEXCOORD_1")
                read({2}, target.uv1);
            else if (name == "COLOR_0")
                read({3, 4}, target.colors);
            else
                ctx.warn("MESH_PRIMITIVE_MORPH_TARGET_INVALID_ATTRIBUTE",
                         str(primitive, "/targets/", t, "/", jsonPointerToken(name)),
                         str(what, ": not an attribute a target can displace here; ignored"));
        }
    }
}

void readGltfDefaultWeights(GltfImportContext& ctx, int mesh, MeshData& out) {
    const tinygltf::Mesh& src = ctx.model.meshes[size_t(mesh)];
    size_t targets = 0;
    for (size_t p = 0; p < src.primitives.size(); ++p) targets = std::max(targets, src.primitives[p].targets.size());
    for (size_t p = 0; p < src.primitives.size(); ++p)
        if (src.primitives[p].targets.size() != targets && !src.primitives[p].targets.empty())
            ctx.warn("MESH_PRIMITIVES_UNEQUAL_TARGETS_COUNT", str("/meshes/", mesh, "/primitives/", p, "/targets"),
                     str("mesh '", out.name, "' primitive ", p, " has ", src.primitives[p].targets.size(),
                         " morph targets where another has ", targets, "; the missing ones do not move it"));
    out.defaultWeights.assign(out.targets.size(), 0.0f);
    if (src.weights.empty()) return;
    if (src.weights.size() != out.targets.size()) {
        ctx.warn("MESH_INVALID_WEIGHTS_COUNT", str("/meshes/", mesh, "/weights"),
                 str("mesh '", out.name, "' has ", src.weights.size(), " weights for ", out.targets.size(),
                     " morph targets; the extra are ignored, the missing are 0"));
    }
    for (size_t t = 0; t < out.defaultWeights.size() && t < src.weights.size(); ++t)
        out.defaultWeights[t] = float(src.weights[t]);
}

void readGltfNodeWeights(GltfImportContext& ctx) {
    ImportedModel& out = ctx.out;
    for (size_t n = 0; n < out.nodes.size() && n < ctx.model.nodes.size(); ++n) {
        ImportedNode& node = out.nodes[n];
        if (node.mesh < 0) continue;
        const MeshData& mesh = out.meshes[size_t(node.mesh)];
        node.weights = mesh.defaultWeights;
        const std::vector<double>& own = ctx.model.nodes[n].weights;
        if (own.empty()) continue;
        if (own.size() != mesh.targets.size())
            ctx.warn("NODE_WEIGHTS_INVALID", str("/nodes/", n, "/weights"),
                     str("node ", n, " has ", own.size(), " weights for the ", mesh.targets.size(),
                         " morph targets of mesh '", mesh.name, "'"));
        for (size_t t = 0; t < node.weights.size() && t < own.size(); ++t) node.weights[t] = float(own[t]);
    }
}

} // namespace th
