#include "assets/GltfNodes.h"

#include <algorithm>
#include <cmath>
#include <set>

#include <glm/gtc/type_ptr.hpp>

#include "assets/GltfImportContext.h"
#include "core/Str.h"
#include "scene/Transform.h"

namespace th {

namespace {

glm::mat4 localMatrix(GltfImportContext& ctx, const tinygltf::Node& n, int index) {
    const std::string node = str("/nodes/", index);
    if (!n.matrix.empty()) {
        if (n.matrix.size() != 16)
            throw ctx.error("ARRAY_LENGTH_NOT_IN_LIST", node + "/matrix",
                            str("node ", index, ": matrix must have 16 numbers, has ", n.matrix.size()));
        glm::mat4 m;
        for (int k = 0; k < 16; ++k) glm::value_ptr(m)[k] = float(n.matrix[size_t(k)]); // column-major, as glTF
        return m;
    }
    glm::vec3 t(0.0f), s(1.0f);
    glm::quat r(1.0f, 0.0f, 0.0f, 0.0f);
    if (!n.translation.empty()) {
        if (n.translation.size() != 3)
            throw ctx.error("ARRAY_LENGTH_NOT_IN_LIST", node + "/translation",
                            str("node ", index, ": translation must have 3 numbers"));
        t = glm::vec3(float(n.translation[0]), float(n.translation[1]), float(n.translation[2]));
    }
    if (!n.rotation.empty()) {
        if (n.rotation.size() != 4)
            throw ctx.error("ARRAY_LENGTH_NOT_IN_LIST", node + "/rotation",
                            str("node ", index, ": rotation must have 4 numbers (x, y, z, w)"));
        r = glm::quat(float(n.rotation[3]), float(n.rotation[0]), float(n.rotation[1]), float(n.rotation[2]));
        float len = glm::length(r);
        if (!(len > 1e-6f) || !std::isfinite(len)) {
            ctx.warn("NODE_ROTATION_NON_UNIT", node + "/rotation",
                     str("node ", index, ": rotation has no direction (length 0 or not finite); using identity"));
            r = glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
        } else {
            r /= len;
        }
    }
    if (!n.scale.empty()) {
        if (n.scale.size() != 3)
            throw ctx.error("ARRAY_LENGTH_NOT_IN_LIST", node + "/scale",
                            str("node ", index, ": scale must have 3 numbers"));
        s = glm::vec3(float(n.scale[0]), float(n.scale[1]), float(n.scale[2]));
    }
    return Transform{t, r, s}.matrix();
}

std::vector<glm::mat4> instancesOf(GltfImportContext& ctx, const tinygltf::Node& n, int index) {
    const tinygltf::Value* ext = gltfExtension(n.extensions, "EXT_mesh_gpu_instancing");
    if (!ext) return {};
    const std::string pointer = str("/nodes/", index, "/extensions/EXT_mesh_gpu_instancing");
    const tinygltf::Value& attributes = ext->Get("attributes");
    if (!attributes.IsObject()) {
        ctx.warn("UNDEFINED_PROPERTY", pointer,
                 str("node ", index, ": EXT_mesh_gpu_instancing has no attributes; ignored"));
        return {};
    }
    const std::string label = str("node ", index, " EXT_mesh_gpu_instancing ");
    std::optional<size_t> count;
    auto read = [&](const char* name, std::initializer_list<int> components) -> AccessorFloats {
        if (!attributes.Has(name)) return {};
        std::optional<int> accessor = gltfIndex(attributes.Get(name));
        const std::string at = str(pointer, "/attributes/", name);
        if (!accessor) throw ctx.error("INVALID_INDEX", at, str(label, name, " must be an accessor index"));
        AccessorFloats values = ctx.reader->readFloats(*accessor, components, label + name);
        if (count && *count != values.count)
            throw ctx.error("MESH_PRIMITIVE_UNEQUAL_ACCESSOR_COUNT", at,
                            str(label, name, " has ", values.count, " elements, the other attributes ", *count));
        count = values.count;
        return values;
    };
    AccessorFloats translation = read("TRANSLATION", {3}), rotation = read("ROTATION", {4}), scale = read("SCALE", {3});
    if (!count) {
        ctx.warn("EMPTY_ENTITY", pointer + "/attributes",
                 str("node ", index, ": EXT_mesh_gpu_instancing names no TRANSLATION, ROTATION or SCALE; ignored"));
        return {};
    }
    std::vector<glm::mat4> out(*count);
    for (size_t i = 0; i < *count; ++i) {
        glm::vec3 t(0.0f), s(1.0f);
        glm::quat r(1.0f, 0.0f, 0.0f, 0.0f);
        if (translation.count) t = glm::make_vec3(&translation.values[3 * i]);
        if (scale.count) s = glm::make_vec3(&scale.values[3 * i]);
        if (rotation.count) {
            const float* q = &rotation.values[4 * i];
            r = glm::quat(q[3], q[0], q[1], q[2]);
            float len = glm::length(r);
            r = len > 1e-6f ? r / len : glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
        }
        out[i] = Transform{t, r, s}.matrix();
    }
    return out;
}

} // namespace

void readGltfCameras(GltfImportContext& ctx) {
    for (size_t i = 0; i < ctx.model.cameras.size(); ++i) {
        const tinygltf::Camera& src = ctx.model.cameras[i];
        const std::string camera = str("/cameras/", i);
        ImportedCamera c;
        c.name = src.name;
        if (src.type == "orthographic") {
            const auto& o = src.orthographic;
            c.type = ImportedCamera::Type::Orthographic;
            c.xmag = float(o.xmag);
            c.ymag = float(o.ymag);
            c.znear = float(o.znear);
            c.zfar = float(o.zfar);
            // What is wrong, named, and the value that stands in; the camera still works.
            const std::string label = str("camera ", i, src.name.empty() ? "" : str(" '", src.name, "'"), " (orthographic)");
            if (!(std::isfinite(c.xmag) && c.xmag != 0.0f) || !(std::isfinite(c.ymag) && c.ymag != 0.0f)) {
                ctx.warn("CAMERA_XMAG_YMAG_ZERO", camera + "/orthographic",
                         str(label, ": xmag ", o.xmag, " and ymag ", o.ymag,
                             " must be finite and non-zero; the view box 2 × 2 (xmag = ymag = 1) is used"));
                c.xmag = c.ymag = 1.0f;
            }
            if (!(o.znear >= 0.0) || !std::isfinite(o.znear)) {
                ctx.warn("VALUE_NOT_IN_RANGE", camera + "/orthographic/znear",
                         str(label, ": znear ", o.znear, " must be 0 or more; 0 is used"));
                c.znear = 0.0f;
            }
            if (!(double(*c.zfar) > double(c.znear)) || !std::isfinite(*c.zfar)) {
                ctx.warn(
                    "CAMERA_ZFAR_LEQUAL_ZNEAR", camera + "/orthographic/zfar",
                    str(label, ": zfar ", o.zfar, " must be greater than znear ", c.znear, "; znear + 100 is used"));
                c.zfar = c.znear + 100.0f;
            }
        } else {
            const auto& p = src.perspective;
            if (src.type != "perspective")
                ctx.warn("VALUE_NOT_IN_LIST", camera + "/type",
                         str("camera ", i, ": type '", src.type, "' is not known; treated as perspective"));
            c.type = ImportedCamera::Type::Perspective;
            c.yfov = p.yfov > 0.0 && p.yfov < 3.14159 ? float(p.yfov) : 0.8f;
            c.znear = p.znear > 0.0 ? float(p.znear) : 0.1f;
            if (p.aspectRatio > 0.0) c.aspectRatio = float(p.aspectRatio);
            if (p.zfar > 0.0) c.zfar = float(p.zfar);
            if (!(p.yfov > 0.0 && p.yfov < 3.14159) || !(p.znear > 0.0) || (c.zfar && *c.zfar <= c.znear)) {
                ctx.warn(p.zfar > 0.0 && p.zfar <= p.znear ? "CAMERA_ZFAR_LEQUAL_ZNEAR" : "VALUE_NOT_IN_RANGE",
                         camera + "/perspective",
                         str("camera ", i, ": needs 0 < yfov < pi and 0 < znear < zfar; invalid values replaced"));
                if (c.zfar && *c.zfar <= c.znear) c.zfar.reset();
            }
        }
        ctx.out.cameras.push_back(std::move(c));
    }
}

void readGltfLights(GltfImportContext& ctx) {
    for (size_t i = 0; i < ctx.model.lights.size(); ++i) {
        const tinygltf::Light& src = ctx.model.lights[i];
        const std::string light = str("/extensions/KHR_lights_punctual/lights/", i);
        ImportedLight l;
        l.name = src.name;
        if (src.type == "directional")
            l.type = ImportedLight::Type::Directional;
        else if (src.type == "point")
            l.type = ImportedLight::Type::Point;
        else if (src.type == "spot")
            l.type = ImportedLight::Type::Spot;
        else
            ctx.warn("VALUE_NOT_IN_LIST", light + "/type",
                     str("light ", i, ": type '", src.type, "' is not directional, point or spot; treated as point"));
        if (src.color.size() == 3)
            l.color = glm::vec3(float(src.color[0]), float(src.color[1]), float(src.color[2]));
        else if (!src.color.empty())
            ctx.warn("ARRAY_LENGTH_NOT_IN_LIST", light + "/color",
                     str("light ", i, ": color must have 3 numbers; using white"));
        l.intensity = float(src.intensity);
        if (src.range > 0.0) l.range = float(src.range);
        if (l.type == ImportedLight::Type::Spot) {
            float outer = float(src.spot.outerConeAngle), inner = float(src.spot.innerConeAngle);
            const float halfPi = 1.5707964f;
            if (!(outer > 0.0f && outer <= halfPi) || !(inner >= 0.0f && inner < outer)) {
                ctx.warn("VALUE_NOT_IN_RANGE", light + "/spot",
                         str("light ", i, ": spot cones need 0 <= inner < outer <= pi/2; clamped"));
                outer = std::clamp(std::isfinite(outer) ? outer : halfPi, 1e-3f, halfPi);
                inner = std::clamp(std::isfinite(inner) ? inner : 0.0f, 0.0f, outer * 0.999f);
            }
            l.outerConeAngle = outer;
            l.innerConeAngle = inner;
        }
        ctx.out.lights.push_back(std::move(l));
    }
}

// --- nodes and scene --------------------------------------------------------------------
void readGltfNodes(GltfImportContext& ctx) {
    const int count = int(ctx.model.nodes.size());
    ctx.parent.assign(size_t(count), -1);
    for (int i = 0; i < count; ++i) {
        const tinygltf::Node& src = ctx.model.nodes[size_t(i)];
        const std::string pointer = str("/nodes/", i);
        ImportedNode node;
        node.name = src.name;
        node.local = localMatrix(ctx, src, i);
        if (src.mesh >= 0 && size_t(src.mesh) >= ctx.out.meshes.size())
            throw ctx.error(
                "UNRESOLVED_REFERENCE", pointer + "/mesh",
                str("node ", i, ": mesh ", src.mesh, " does not exist (the file has ", ctx.out.meshes.size(), ")"));
        node.mesh = src.mesh < 0 ? -1 : src.mesh;
        if (src.camera >= 0 && size_t(src.camera) >= ctx.out.cameras.size())
            throw ctx.error("UNRESOLVED_REFERENCE", pointer + "/camera",
                            str("node ", i, ": camera ", src.camera, " does not exist"));
        node.camera = src.camera < 0 ? -1 : src.camera;
        if (const tinygltf::Value* light = gltfExtension(src.extensions, "KHR_lights_punctual")) {
            std::optional<int> l = gltfIndex(light->Get("light"));
            if (!l || size_t(*l) >= ctx.out.lights.size())
                throw ctx.error("UNRESOLVED_REFERENCE", pointer + "/extensions/KHR_lights_punctual/light",
                                str("node ", i, ": KHR_lights_punctual light does not name one of the ",
                                    ctx.out.lights.size(), " lights"));
            node.light = *l;
        }
        if (src.skin >= 0) ctx.skins = true;
        node.instances = instancesOf(ctx, src, i);
        for (size_t k = 0; k < src.children.size(); ++k) {
            const int child = src.children[k];
            const std::string at = str(pointer, "/children/", k);
            if (child < 0 || child >= count)
                throw ctx.error("UNRESOLVED_REFERENCE", at, str("node ", i, ": child ", child, " does not exist"));
            if (child == i) throw ctx.error("NODE_LOOP", at, str("node ", i, " lists itself as a child"));
            if (ctx.parent[size_t(child)] >= 0)
                throw ctx.error("NODE_PARENT_OVERRIDE", at,
                                str("node ", child, " is a child of both node ", ctx.parent[size_t(child)],
                                    " and node ", i, "; glTF nodes have at most one parent"));
            ctx.parent[size_t(child)] = i;
        }
        node.children = src.children;
        ctx.out.nodes.push_back(std::move(node));
    }
    // With one parent each, a node that no parentless node reaches lies on a cycle.
    std::vector<char> reached(size_t(count), 0);
    std::vector<int> stack;
    for (int i = 0; i < count; ++i)
        if (ctx.parent[size_t(i)] < 0) stack.push_back(i);
    while (!stack.empty()) {
        int n = stack.back();
        stack.pop_back();
        reached[size_t(n)] = 1;
        for (int c : ctx.out.nodes[size_t(n)].children) stack.push_back(c);
    }
    for (int i = 0; i < count; ++i)
        if (!reached[size_t(i)])
            throw ctx.error("NODE_LOOP", str("/nodes/", i),
                            str("node ", i, " is part of a cycle in the node hierarchy"));
}

void readGltfScene(GltfImportContext& ctx) {
    int scene = ctx.model.defaultScene;
    if (scene >= 0 && size_t(scene) >= ctx.model.scenes.size())
        throw ctx.error(
            "UNRESOLVED_REFERENCE", "/scene",
            str("the default scene ", scene, " does not exist (the file has ", ctx.model.scenes.size(), ")"));
    if (scene < 0 && !ctx.model.scenes.empty()) scene = 0;
    if (scene < 0) {
        for (size_t i = 0; i < ctx.out.nodes.size(); ++i)
            if (ctx.parent[i] < 0) ctx.out.rootNodes.push_back(int(i));
        return;
    }
    std::set<int> seen;
    const std::vector<int>& roots = ctx.model.scenes[size_t(scene)].nodes;
    for (size_t k = 0; k < roots.size(); ++k) {
        const int n = roots[k];
        const std::string at = str("/scenes/", scene, "/nodes/", k);
        if (n < 0 || size_t(n) >= ctx.out.nodes.size())
            throw ctx.error("UNRESOLVED_REFERENCE", at, str("scene ", scene, ": node ", n, " does not exist"));
        if (ctx.parent[size_t(n)] >= 0)
            throw ctx.error("NODE_PARENT_OVERRIDE", at,
                            str("scene ", scene, " lists node ", n, " as a root, but it is a child of node ",
                                ctx.parent[size_t(n)]));
        if (seen.insert(n).second) ctx.out.rootNodes.push_back(n);
    }
}

} // namespace th
