#include "assets/GltfDracoDecoder.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <string_view>

#include <draco/compression/decode.h>

#include "assets/DracoStreamClaim.h"
#include "assets/GltfImportContext.h"
#include "assets/GltfJsonPatch.h"
#include "core/Str.h"

namespace th {

namespace {

constexpr const char* kExtension = "KHR_draco_mesh_compression";

/// Writes one decoded attribute as `count` elements of `components` values of type T.
template <typename T>
bool writeAttribute(const draco::PointAttribute& att, size_t count, int components, std::vector<unsigned char>& out) {
    out.resize(count * size_t(components) * sizeof(T));
    T* values = reinterpret_cast<T*>(out.data());
    for (size_t p = 0; p < count; ++p) {
        const draco::AttributeValueIndex index = att.mapped_index(draco::PointIndex(uint32_t(p)));
        if (!att.ConvertValue<T>(index, int8_t(components), values + p * size_t(components))) return false;
    }
    return true;
}

bool writeAttribute(const draco::PointAttribute& att, size_t count, int componentType, int components,
                    std::vector<unsigned char>& out) {
    switch (componentType) {
    case TINYGLTF_COMPONENT_TYPE_FLOAT: return writeAttribute<float>(att, count, components, out);
    case TINYGLTF_COMPONENT_TYPE_BYTE: return writeAttribute<int8_t>(att, count, components, out);
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: return writeAttribute<uint8_t>(att, count, components, out);
    case TINYGLTF_COMPONENT_TYPE_SHORT: return writeAttribute<int16_t>(att, count, components, out);
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: return writeAttribute<uint16_t>(att, count, components, out);
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: return writeAttribute<uint32_t>(att, count, components, out);
    default: return false;
    }
}

/// What a decoded primitive replaces: accessor → its decoded bytes.
struct DecodedPrimitive {
    std::map<int, std::vector<unsigned char>> accessors;
};

/// Checks what the stream claims (its faces and vertices) against the accessors it must fill,
/// before libdraco allocates for the claim: a stream of a few bytes may claim a billion faces.
/// The accessors' counts are bounded by the import's limits, so this bounds Draco's memory.
std::string checkClaim(const GltfImportContext& ctx, const tinygltf::Primitive& prim, const DracoMeshClaim& claim) {
    if (!claim.problem.empty()) return str("the Draco stream does not decode (", claim.problem, ")");
    const tinygltf::Model& model = ctx.model;
    const uint64_t maxElements = ctx.options.maxAccessorElements;
    if (claim.faces > maxElements / 3)
        return str("the Draco stream claims ", claim.faces, " triangles (", claim.faces * 3,
                   " indices), more than the limit of ", maxElements,
                   " elements per accessor (GltfImportOptions::maxAccessorElements); nothing was decoded");
    if (prim.indices >= 0 && size_t(prim.indices) < model.accessors.size()) {
        const size_t indices = model.accessors[size_t(prim.indices)].count;
        if (indices != claim.faces * 3)
            return str("indices: accessor ", prim.indices, " says ", indices, " indices, the Draco stream claims ",
                       claim.faces, " triangles (", claim.faces * 3, " indices); nothing was decoded");
    }
    auto position = prim.attributes.find("POSITION");
    if (position != prim.attributes.end() && position->second >= 0 &&
        size_t(position->second) < model.accessors.size()) {
        const size_t points = model.accessors[size_t(position->second)].count;
        if (claim.edgebreaker ? claim.vertices > points : claim.vertices != points)
            return str("attribute POSITION: accessor ", position->second, " says ", points,
                       " elements, the Draco stream claims ", claim.vertices,
                       claim.edgebreaker ? " encoded vertices" : " points", "; nothing was decoded");
    }
    return {};
}

/// Decodes one primitive's stream, or says why it cannot.
std::string decodePrimitive(GltfImportContext& ctx, const tinygltf::Primitive& prim, const tinygltf::Value& ext,
                            DecodedPrimitive& result) {
    const tinygltf::Model& model = ctx.model;
    std::optional<int> viewIndex = gltfIndex(ext.Get("bufferView"));
    if (!viewIndex || size_t(*viewIndex) >= model.bufferViews.size())
        return str("its bufferView must name one of the ", model.bufferViews.size(), " buffer views");
    const tinygltf::BufferView& view = model.bufferViews[size_t(*viewIndex)];
    if (view.buffer < 0 || size_t(view.buffer) >= model.buffers.size())
        return str("bufferView ", *viewIndex, " names a buffer that does not exist");
    const std::vector<unsigned char>& data = model.buffers[size_t(view.buffer)].data;
    if (view.byteOffset > data.size() || view.byteLength > data.size() - view.byteOffset)
        return str("bufferView ", *viewIndex, " lies outside its buffer (", data.size(), " bytes)");
    const tinygltf::Value& attributes = ext.Get("attributes");
    if (!attributes.IsObject()) return "it has no 'attributes' object";

    const std::string_view stream(reinterpret_cast<const char*>(data.data() + view.byteOffset), view.byteLength);
    if (std::string problem = checkClaim(ctx, prim, readDracoMeshClaim(stream)); !problem.empty()) return problem;

    draco::DecoderBuffer buffer;
    buffer.Init(stream.data(), stream.size());
    draco::Decoder decoder;
    auto decoded = decoder.DecodeMeshFromBuffer(&buffer);
    if (!decoded.ok()) return str("the Draco stream does not decode (", decoded.status().error_msg_string(), ")");
    const std::unique_ptr<draco::Mesh> mesh = std::move(decoded).value();
    const size_t points = mesh->num_points();

    for (const std::string& name : attributes.Keys()) {
        std::optional<int> id = gltfIndex(attributes.Get(name));
        if (!id) return str("attribute ", name, " must be a Draco attribute id");
        auto it = prim.attributes.find(name);
        if (it == prim.attributes.end()) continue; // the stream may carry what glTF does not name
        const int accessorIndex = it->second;
        if (accessorIndex < 0 || size_t(accessorIndex) >= model.accessors.size())
            return str("attribute ", name, " names accessor ", accessorIndex, ", which does not exist");
        const tinygltf::Accessor& accessor = model.accessors[size_t(accessorIndex)];
        const draco::PointAttribute* att = mesh->GetAttributeByUniqueId(uint32_t(*id));
        if (!att) return str("attribute ", name, ": the stream has no attribute with id ", *id);
        if (accessor.count != points)
            return str("attribute ", name, ": accessor ", accessorIndex, " says ", accessor.count,
                       " elements, the stream decodes ", points, " points");
        const int components = tinygltf::GetNumComponentsInType(uint32_t(accessor.type));
        if (components <= 0 || components > 4) return str("attribute ", name, ": accessor type is not SCALAR or VECn");
        if (!writeAttribute(*att, points, accessor.componentType, components, result.accessors[accessorIndex]))
            return str("attribute ", name, ": its values do not convert to the accessor's component type");
    }
    if (prim.indices >= 0) {
        if (size_t(prim.indices) >= model.accessors.size()) return "its indices accessor does not exist";
        const tinygltf::Accessor& accessor = model.accessors[size_t(prim.indices)];
        const size_t indexCount = size_t(mesh->num_faces()) * 3;
        if (accessor.count != indexCount)
            return str("indices: accessor ", prim.indices, " says ", accessor.count, " indices, the stream decodes ",
                       indexCount, " (", mesh->num_faces(), " triangles)");
        const int size = tinygltf::GetComponentSizeInBytes(uint32_t(accessor.componentType));
        if (size != 1 && size != 2 && size != 4) return "indices: the accessor's component type is not an integer";
        std::vector<unsigned char>& out = result.accessors[prim.indices];
        out.resize(indexCount * size_t(size));
        for (draco::FaceIndex f(0); f < mesh->num_faces(); ++f)
            for (int k = 0; k < 3; ++k) {
                const uint32_t v = mesh->face(f)[k].value();
                if (size < 4 && v >= (1u << (8 * size)))
                    return str("indices: index ", v, " does not fit the accessor's ", size, "-byte type");
                std::memcpy(out.data() + (size_t(f.value()) * 3 + size_t(k)) * size_t(size), &v, size_t(size));
            }
    }
    return {};
}

/// Whether every accessor the primitive names has data of its own (the uncompressed twin).
bool hasUncompressedFallback(const GltfImportContext& ctx, const tinygltf::Model& model,
                             const tinygltf::Primitive& prim) {
    auto hasView = [&](int accessor) {
        return accessor >= 0 && !ctx.dracoPlaceholderAccessors.count(accessor) && size_t(accessor) < model.accessors.size() &&
               model.accessors[size_t(accessor)].bufferView >= 0;
    };
    if (prim.indices >= 0 && !hasView(prim.indices)) return false;
    return std::all_of(prim.attributes.begin(), prim.attributes.end(), [&](auto& a) { return hasView(a.second); });
}

} // namespace

void prepareGltfDracoIndices(GltfImportContext& ctx) {
    const json::Value* meshes = ctx.doc.find("meshes");
    const json::Value* accessors = ctx.doc.find("accessors");
    if (!meshes || !meshes->isArray() || !accessors || !accessors->isArray()) return;
    for (const json::Value& mesh : meshes->asArray()) {
        const json::Value* primitives = mesh.isObject() ? mesh.find("primitives") : nullptr;
        if (!primitives || !primitives->isArray()) continue;
        for (const json::Value& prim : primitives->asArray()) {
            if (!prim.isObject()) continue;
            const json::Value* ext = prim.find("extensions");
            const json::Value* draco = ext && ext->isObject() ? ext->find(kExtension) : nullptr;
            const json::Value* view = draco && draco->isObject() ? draco->find("bufferView") : nullptr;
            const json::Value* indices = prim.find("indices");
            if (!view || !view->isNumber() || !indices || !indices->isNumber()) continue;
            const double i = indices->asNumber();
            if (!(i >= 0 && i < double(accessors->asArray().size())) || i != double(size_t(i))) continue;
            const json::Value& accessor = accessors->asArray()[size_t(i)];
            if (!accessor.isObject() || accessor.find("bufferView")) continue;
            if (insertIntoGltfObject(ctx, accessor, str("\"bufferView\": ", view->asNumber(), ", ")))
                ctx.dracoPlaceholderAccessors.insert(int(i));
        }
    }
}

void decodeGltfDracoPrimitives(GltfImportContext& ctx) {
    tinygltf::Model& model = ctx.model;
    const bool required = std::count(model.extensionsRequired.begin(), model.extensionsRequired.end(), kExtension) > 0;
    std::map<int, int> decodedBy; // accessor → the view now holding its decoded bytes
    for (size_t m = 0; m < model.meshes.size(); ++m)
        for (size_t p = 0; p < model.meshes[m].primitives.size(); ++p) {
            const tinygltf::Primitive& prim = model.meshes[m].primitives[p];
            const tinygltf::Value* ext = gltfExtension(prim.extensions, kExtension);
            if (!ext) continue;
            const std::string label = str(ctx.meshLabel(int(m)), " primitive ", p);
            const std::string pointer = str("/meshes/", m, "/primitives/", p, "/extensions/", kExtension);
            DecodedPrimitive result;
            const std::string problem = decodePrimitive(ctx, prim, *ext, result);
            if (!problem.empty()) {
                const bool fallback = hasUncompressedFallback(ctx, model, prim);
                if (required || !fallback)
                    throw ctx.error("DRACO_DECODE_FAILED", pointer,
                                    str(label, ": ", kExtension, ": ", problem,
                                        fallback ? "" : "; the file gives no uncompressed fallback"));
                ctx.warn(
                    "DRACO_DECODE_FAILED", pointer,
                    str(label, ": ", kExtension, ": ", problem, "; the primitive's uncompressed accessors are used"));
                continue;
            }
            for (auto& [accessorIndex, bytes] : result.accessors) {
                if (decodedBy.count(accessorIndex)) continue; // shared by two primitives of one stream
                tinygltf::Buffer buffer;
                buffer.name = str("accessor ", accessorIndex, " decoded");
                buffer.data = std::move(bytes);
                model.buffers.push_back(std::move(buffer));
                tinygltf::BufferView view;
                view.buffer = int(model.buffers.size() - 1);
                view.byteLength = model.buffers.back().data.size();
                model.bufferViews.push_back(view);
                tinygltf::Accessor& accessor = model.accessors[size_t(accessorIndex)];
                accessor.bufferView = int(model.bufferViews.size() - 1);
                accessor.byteOffset = 0;
                decodedBy[accessorIndex] = accessor.bufferView;
            }
        }
}

} // namespace th
