// Skins and the skinning attributes of primitives (glTF 2.0 "Skins", "Skinned Mesh Attributes").
#include <algorithm>
#include <cmath>

#include <glm/gtc/type_ptr.hpp>

#include "assets/GltfAnimationImport.h"
#include "core/Str.h"

namespace th {

namespace {

std::string skinLabel(const tinygltf::Model& model, int skin) {
    const std::string& name = model.skins[size_t(skin)].name;
    return name.empty() ? str("skin ", skin) : str("skin ", skin, " '", name, "'");
}

int attributeAccessor(const tinygltf::Primitive& prim, const std::string& name) {
    auto it = prim.attributes.find(name);
    return it == prim.attributes.end() ? -1 : it->second;
}

} // namespace

void readGltfSkinAttributes(GltfImportContext& ctx, const tinygltf::Primitive& prim, const std::string& label, int mesh,
                            size_t vertices, MeshData& out) {
    (void)mesh;
    const std::string primitive = ctx.primitivePointer(prim);
    size_t unnormalized = 0, empty = 0;
    for (int set = 0; set < 2; ++set) {
        const std::string jointsName = str("JOINTS_", set), weightsName = str("WEIGHTS_", set);
        const int jointsAccessor = attributeAccessor(prim, jointsName);
        const int weightsAccessor = attributeAccessor(prim, weightsName);
        if (jointsAccessor < 0 && weightsAccessor < 0) continue;
        if (jointsAccessor < 0 || weightsAccessor < 0) {
            ctx.warn("MESH_PRIMITIVE_JOINTS_WEIGHTS_MISMATCH",
                     str(primitive, "/attributes/", jointsAccessor < 0 ? weightsName : jointsName),
                     str(label, ": ", jointsAccessor < 0 ? weightsName : jointsName, " without ",
                         jointsAccessor < 0 ? jointsName : weightsName, "; both ignored"));
            continue;
        }
        if (set == 1 && out.joints0.empty()) {
            ctx.warn("MESH_PRIMITIVE_JOINTS_WEIGHTS_MISMATCH", primitive + "/attributes/JOINTS_1",
                     str(label, ": JOINTS_1 without JOINTS_0; ignored"));
            continue;
        }
        const tinygltf::Accessor& ja = ctx.model.accessors[size_t(jointsAccessor)];
        if (ja.componentType != TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE &&
            ja.componentType != TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT)
            throw ctx.error("MESH_PRIMITIVE_ATTRIBUTES_ACCESSOR_INVALID_FORMAT",
                            str("/accessors/", jointsAccessor, "/componentType"),
                            str(label, ": ", jointsName, " must be unsigned bytes or unsigned shorts"));
        AccessorFloats joints = ctx.reader->readFloats(jointsAccessor, {4}, label + " " + jointsName);
        AccessorFloats weights = ctx.reader->readFloats(weightsAccessor, {4}, label + " " + weightsName);
        for (auto [count, name, accessor] : {std::tuple{joints.count, &jointsName, jointsAccessor},
                                             std::tuple{weights.count, &weightsName, weightsAccessor}})
            if (count != vertices)
                throw ctx.error("MESH_PRIMITIVE_UNEQUAL_ACCESSOR_COUNT", str(primitive, "/attributes/", *name),
                                str(label, ": ", *name, " (accessor ", accessor, ") has ", count,
                                    " elements but POSITION has ", vertices));
        auto& j = set == 0 ? out.joints0 : out.joints1;
        auto& w = set == 0 ? out.weights0 : out.weights1;
        j.resize(vertices);
        w.resize(vertices);
        for (size_t v = 0; v < vertices; ++v) {
            const float* jv = &joints.values[4 * v];
            j[v] = glm::u16vec4(uint16_t(jv[0]), uint16_t(jv[1]), uint16_t(jv[2]), uint16_t(jv[3]));
            w[v] = glm::max(glm::make_vec4(&weights.values[4 * v]), glm::vec4(0.0f));
        }
    }
    if (out.joints0.empty()) return;
    if (out.joints1.empty() != out.weights1.empty()) out.joints1.clear(), out.weights1.clear();
    // The specification asks for weights summing to one; exporters round (normalized bytes
    // rarely sum to exactly 255), so only a visible difference is reported.
    for (size_t v = 0; v < vertices; ++v) {
        float sum = glm::dot(out.weights0[v], glm::vec4(1.0f));
        if (!out.weights1.empty()) sum += glm::dot(out.weights1[v], glm::vec4(1.0f));
        if (!(sum > 0.0f) || !std::isfinite(sum)) {
            ++empty;
            out.weights0[v] = glm::vec4(1, 0, 0, 0);
            if (!out.weights1.empty()) out.weights1[v] = glm::vec4(0.0f);
            continue;
        }
        if (std::abs(sum - 1.0f) > 2e-2f) ++unnormalized;
        out.weights0[v] /= sum;
        if (!out.weights1.empty()) out.weights1[v] /= sum;
    }
    if (unnormalized)
        ctx.warn("ACCESSOR_WEIGHTS_NON_NORMALIZED", primitive + "/attributes/WEIGHTS_0",
                 str(label, ": the joint weights of ", unnormalized, " of ", vertices,
                     " vertices do not sum to one; normalized"));
    if (empty)
        ctx.warn("ACCESSOR_WEIGHTS_NON_NORMALIZED", primitive + "/attributes/WEIGHTS_0",
                 str(label, ": ", empty, " vertices have no joint weight; they follow their first joint"));
}

void readGltfSkins(GltfImportContext& ctx) {
    ImportedModel& out = ctx.out;
    const tinygltf::Model& model = ctx.model;
    std::vector<int> kept(model.skins.size(), -1);
    for (size_t s = 0; s < model.skins.size(); ++s) {
        const tinygltf::Skin& src = model.skins[s];
        const std::string label = skinLabel(model, int(s));
        const std::string pointer = str("/skins/", s);
        auto drop = [&](const char* code, const std::string& at, const std::string& why) {
            ctx.warn(code, at, str(label, ": ", why, "; the model loads without this skin (its meshes in bind pose)"));
        };
        Skin skin;
        skin.name = src.name.empty() ? str("skin ", s) : src.name;
        skin.skeleton = src.skeleton >= 0 && size_t(src.skeleton) < out.nodes.size() ? src.skeleton : -1;
        if (src.joints.empty()) {
            drop("EMPTY_ENTITY", pointer + "/joints", "it has no joints");
            continue;
        }
        if (src.joints.size() > ctx.options.maxJoints) {
            drop("SKIN_TOO_MANY_JOINTS", pointer + "/joints",
                 str("its ", src.joints.size(), " joints are over the joint-texture limit of ", ctx.options.maxJoints));
            continue;
        }
        bool ok = true;
        for (size_t j = 0; j < src.joints.size() && ok; ++j)
            if (src.joints[j] < 0 || size_t(src.joints[j]) >= out.nodes.size()) {
                drop("UNRESOLVED_REFERENCE", str(pointer, "/joints/", j),
                     str("joint ", j, " is node ", src.joints[j], ", which does not exist (the file has ",
                         out.nodes.size(), " nodes)"));
                ok = false;
            }
        if (!ok) continue;
        skin.joints = src.joints;
        if (src.inverseBindMatrices >= 0) {
            AccessorFloats ibm;
            try {
                ibm = ctx.reader->readFloats(src.inverseBindMatrices, {16}, label + " inverseBindMatrices");
            } catch (const Error& e) {
                const auto* coded = dynamic_cast<const GltfError*>(&e);
                drop(coded ? coded->code().c_str() : "INVALID_IBM_ACCESSOR",
                     coded ? coded->pointer() : pointer + "/inverseBindMatrices", e.message());
                continue;
            }
            if (ibm.count != src.joints.size()) {
                drop("INVALID_IBM_ACCESSOR_COUNT", pointer + "/inverseBindMatrices",
                     str("inverseBindMatrices (accessor ", src.inverseBindMatrices, ") has ", ibm.count,
                         " matrices for ", src.joints.size(), " joints"));
                continue;
            }
            skin.inverseBindMatrices.resize(ibm.count);
            for (size_t j = 0; j < ibm.count; ++j) skin.inverseBindMatrices[j] = glm::make_mat4(&ibm.values[16 * j]);
        } else {
            skin.inverseBindMatrices.assign(src.joints.size(), glm::mat4(1.0f));
        }
        kept[s] = int(out.skins.size());
        out.skins.push_back(std::move(skin));
    }

    for (size_t n = 0; n < model.nodes.size() && n < out.nodes.size(); ++n) {
        const tinygltf::Node& src = model.nodes[n];
        ImportedNode& node = out.nodes[n];
        if (src.skin < 0) continue;
        const std::string pointer = str("/nodes/", n);
        const std::string nodeLabel = src.name.empty() ? str("node ", n) : str("node ", n, " '", src.name, "'");
        if (size_t(src.skin) >= model.skins.size()) {
            ctx.warn("UNRESOLVED_REFERENCE", pointer + "/skin",
                     str(nodeLabel, ": skin ", src.skin, " does not exist (the file has ", model.skins.size(),
                         "); drawn unskinned"));
            continue;
        }
        if (kept[size_t(src.skin)] < 0) continue; // already reported with the skin
        if (node.mesh < 0) continue;              // a skin without a mesh does nothing
        const MeshData& mesh = out.meshes[size_t(node.mesh)];
        const Skin& skin = out.skins[size_t(kept[size_t(src.skin)])];
        if (!mesh.skinned()) {
            ctx.warn("NODE_SKINNED_MESH_WITHOUT_JOINTS", pointer + "/skin",
                     str(nodeLabel, ": mesh '", mesh.name, "' has no JOINTS_0/WEIGHTS_0 for ",
                         skinLabel(model, src.skin), "; drawn unskinned"));
            continue;
        }
        // A joint index past the skin's joints would read another instance's (or no) matrix.
        size_t bad = 0, firstBad = 0;
        uint32_t worst = 0;
        auto check = [&](const std::vector<glm::u16vec4>& joints, const std::vector<glm::vec4>& weights) {
            for (size_t v = 0; v < joints.size(); ++v)
                for (int k = 0; k < 4; ++k)
                    if (weights[v][k] > 0.0f && joints[v][k] >= skin.joints.size()) {
                        if (bad++ == 0) firstBad = v;
                        worst = std::max<uint32_t>(worst, joints[v][k]);
                    }
        };
        check(mesh.joints0, mesh.weights0);
        if (!mesh.joints1.empty()) check(mesh.joints1, mesh.weights1);
        if (bad) {
            ctx.warn("ACCESSOR_JOINTS_INDEX_OOB", pointer + "/skin",
                     str(nodeLabel, ": mesh '", mesh.name, "' uses joint ", worst, " (vertex ", firstBad, " and ",
                         bad - 1, " more influences), past the ", skin.joints.size(), " joints of ",
                         skinLabel(model, src.skin), "; the model loads without this skin on this node"));
            continue;
        }
        node.skin = kept[size_t(src.skin)];
    }
}

} // namespace th
