#include "assets/GltfMeshes.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "assets/GltfAnimationImport.h"
#include "assets/GltfImportContext.h"
#include "assets/GltfMaterialExtensions.h"
#include "assets/GltfMaterials.h"
#include "assets/MeshAppend.h"
#include "assets/TangentGenerator.h"
#include "core/Str.h"

namespace th {

namespace {

PrimitiveTopology topologyOf(int mode) {
    switch (mode) {
    case TINYGLTF_MODE_POINTS: return PrimitiveTopology::Points;
    case TINYGLTF_MODE_LINE: return PrimitiveTopology::Lines;
    case TINYGLTF_MODE_LINE_LOOP: return PrimitiveTopology::LineLoop;
    case TINYGLTF_MODE_LINE_STRIP: return PrimitiveTopology::LineStrip;
    default: return PrimitiveTopology::Triangles;
    }
}

/// The indices of a points or lines primitive, as drawn (strips and loops stay strips and
/// loops); the incomplete tail of a line list is dropped with a warning.
std::vector<uint32_t> pointsOrLines(GltfImportContext& ctx, std::vector<uint32_t> in, PrimitiveTopology topology,
                                    const std::string& label, const std::string& primitive) {
    const size_t least = topology == PrimitiveTopology::Points ? 1 : 2;
    if (topology == PrimitiveTopology::Lines && in.size() % 2 != 0) {
        ctx.warn("MESH_PRIMITIVE_INVALID_INDEX_COUNT", primitive + "/indices",
                 str(label, ": ", in.size(), " indices is not a multiple of 2; the last is ignored"));
        in.pop_back();
    }
    if (in.size() < least) in.clear();
    return in;
}

std::vector<uint32_t> triangleList(GltfImportContext& ctx, std::vector<uint32_t> in, int mode,
                                   const std::string& label, const std::string& primitive) {
    if (mode == TINYGLTF_MODE_TRIANGLES) {
        if (in.size() % 3 != 0)
            ctx.warn("MESH_PRIMITIVE_INVALID_INDEX_COUNT", primitive + "/indices",
                     str(label, ": ", in.size(), " indices is not a multiple of 3; the last ", in.size() % 3, " are ignored"));
        in.resize(in.size() - in.size() % 3);
        return in; // already a list: no copy
    }
    std::vector<uint32_t> out;
    if (in.size() >= 3) {
        out.reserve((in.size() - 2) * 3);
        for (size_t i = 0; i + 2 < in.size(); ++i) {
            if (mode == TINYGLTF_MODE_TRIANGLE_STRIP) {
                // Every other triangle of a strip is flipped back to the strip's winding.
                if (i % 2 == 0)
                    out.insert(out.end(), {in[i], in[i + 1], in[i + 2]});
                else
                    out.insert(out.end(), {in[i], in[i + 2], in[i + 1]});
            } else {
                out.insert(out.end(), {in[i + 1], in[i + 2], in[0]});
            }
        }
    }
    return out;
}

/// TEXCOORD_2 and up, the sets the primitive's material samples with (only those: a file may
/// carry sets nothing reads). A set past what the renderer draws is an error naming the
/// material and slot; a set the primitive lacks leaves that texture unsampled, with a warning.
template <typename Read, typename Attribute>
void readExtraUvSets(GltfImportContext& ctx, const tinygltf::Primitive& prim, const std::string& label,
                     const std::string& primitive, Read read, Attribute attribute, MeshData& d) {
    if (prim.material < 0) return;
    const ImportedMaterial& material = ctx.out.materials[size_t(prim.material)];
    const PbrParams& p = material.params;
    const std::pair<const char*, const TextureSlot*> slots[] = {{"baseColorTexture", &p.baseColorTexture},
                                                                {"metallicRoughnessTexture", &p.metallicRoughnessTexture},
                                                                {"normalTexture", &p.normalTexture},
                                                                {"occlusionTexture", &p.occlusionTexture},
                                                                {"emissiveTexture", &p.emissiveTexture}};
    for (const auto& [slotName, slot] : slots) {
        if (!slot->present() || slot->texCoord < 2) continue;
        const int set = slot->texCoord;
        if (set >= attrib::kMaxUvSets)
            throw ctx.error("VALUE_NOT_IN_RANGE", str("/materials/", prim.material),
                            str("material '", material.name, "' ", slotName, " reads TEXCOORD_", set, " (", label,
                            "); the renderer draws TEXCOORD_0 to TEXCOORD_", attrib::kMaxUvSets - 1));
        const std::string name = str("TEXCOORD_", set);
        if (attribute(name.c_str()) < 0) {
            ctx.warn("MESH_PRIMITIVE_TOO_FEW_TEXCOORDS", primitive + "/attributes",
                     str("material '", material.name, "' ", slotName, " reads ", name, ", which ", label,
                         " does not have; that texture is not sampled there"));
            continue;
        }
        if (d.extraUvs.size() < size_t(set - 1)) d.extraUvs.resize(size_t(set - 1));
        if (d.extraUvs[size_t(set - 2)].empty()) read(name, d.extraUvs[size_t(set - 2)]);
    }
}

/// One primitive (triangle list, points or lines) as its own small mesh, or nothing when it is skipped.
std::optional<MeshData> convertPrimitive(GltfImportContext& ctx, int mesh, int index, const tinygltf::Primitive& prim) {
    const std::string label = str(ctx.meshLabel(mesh), " primitive ", index);
    const std::string primitive = str("/meshes/", mesh, "/primitives/", index);
    const int mode = prim.mode < 0 ? TINYGLTF_MODE_TRIANGLES : prim.mode;
    const PrimitiveTopology topology = topologyOf(mode);
    if (mode > TINYGLTF_MODE_TRIANGLE_FAN)
        throw ctx.error("VALUE_NOT_IN_LIST", primitive + "/mode", str(label, ": mode ", mode, " is not a glTF primitive mode"));
    if (prim.material >= 0 && size_t(prim.material) >= ctx.model.materials.size())
        throw ctx.error("UNRESOLVED_REFERENCE", primitive + "/material",
                        str(label, ": material ", prim.material, " does not exist (the file has ", ctx.model.materials.size(), ")"));

    auto attribute = [&](const char* name) -> int {
        auto it = prim.attributes.find(name);
        return it == prim.attributes.end() ? -1 : it->second;
    };
    const int positionAccessor = attribute("POSITION");
    if (positionAccessor < 0) {
        ctx.warn("MESH_PRIMITIVE_NO_POSITION", primitive + "/attributes", str(label, " has no POSITION attribute; skipped"));
        return std::nullopt;
    }

    MeshData d;
    d.name = label;
    size_t nonFinite = 0;
    AccessorFloats positions = ctx.reader->readFloats(positionAccessor, {3}, label + " POSITION", &nonFinite);
    if (nonFinite)
        ctx.warn("ACCESSOR_NON_FINITE", str("/accessors/", positionAccessor),
                 str(label, ": ", nonFinite, " non-finite POSITION values replaced by 0"));
    const size_t n = positions.count;
    if (n == 0) {
        ctx.warn("EMPTY_ENTITY", primitive + "/attributes/POSITION", str(label, " has no vertices; skipped"));
        return std::nullopt;
    }
    d.positions.resize(n);
    std::memcpy(d.positions.data(), positions.values.data(), n * sizeof(glm::vec3));
    positions = {}; // copied: not held through the rest of the primitive
    // The declared bounds against the data (the renderer computes its own, so a wrong
    // declaration is only a warning): ACCESSOR_MIN_MISMATCH / ACCESSOR_MAX_MISMATCH.
    // Without a buffer view or sparse values the data is zeros by rule, not by the file: the
    // glTF-Validator checks no bounds there, nor does this.
    const tinygltf::Accessor& pa = ctx.model.accessors[size_t(positionAccessor)];
    const bool hasData = pa.bufferView >= 0 || pa.sparse.isSparse;
    if (hasData && pa.minValues.size() == 3 && pa.maxValues.size() == 3) {
        glm::vec3 lo(std::numeric_limits<float>::max()), hi(std::numeric_limits<float>::lowest());
        for (const glm::vec3& p : d.positions) {
            lo = glm::min(lo, p);
            hi = glm::max(hi, p);
        }
        for (int c = 0; c < 3; ++c) {
            auto differs = [](double declared, float actual) {
                return std::fabs(declared - double(actual)) > 1e-6 + 1e-4 * std::fabs(double(actual));
            };
            if (differs(pa.minValues[size_t(c)], lo[c]))
                ctx.diagnose("ACCESSOR_MIN_MISMATCH", str("/accessors/", positionAccessor, "/min/", c), ctx.at("accessors", positionAccessor),
                             str("Declared minimum value for this component (", pa.minValues[size_t(c)],
                                 ") does not match actual minimum (", lo[c], ")."));
            if (differs(pa.maxValues[size_t(c)], hi[c]))
                ctx.diagnose("ACCESSOR_MAX_MISMATCH", str("/accessors/", positionAccessor, "/max/", c), ctx.at("accessors", positionAccessor),
                             str("Declared maximum value for this component (", pa.maxValues[size_t(c)],
                                 ") does not match actual maximum (", hi[c], ")."));
        }
    }

    auto readAttribute = [&](const char* name, std::initializer_list<int> components, auto& target) -> bool {
        const int accessor = attribute(name);
        if (accessor < 0) return false;
        AccessorFloats values = ctx.reader->readFloats(accessor, components, label + " " + name);
        if (values.count != n)
            throw ctx.error("MESH_PRIMITIVE_UNEQUAL_ACCESSOR_COUNT", str(primitive, "/attributes/", name),
                            str(label, ": ", name, " (accessor ", accessor, ") has ", values.count, " elements but POSITION has ", n));
        using Element = typename std::decay_t<decltype(target)>::value_type;
        target.resize(n);
        const size_t c = size_t(values.components);
        for (size_t v = 0; v < n; ++v) {
            Element e(0.0f);
            for (size_t k = 0; k < c && k < size_t(Element::length()); ++k) e[int(k)] = values.values[v * c + k];
            target[v] = e;
        }
        return true;
    };
    if (readAttribute("NORMAL", {3}, d.normals))
        for (glm::vec3& normal : d.normals) {
            float len = glm::length(normal);
            normal = len > 1e-20f ? normal / len : glm::vec3(0, 1, 0);
        }
    readAttribute("TANGENT", {4}, d.tangents);
    readAttribute("TEXCOORD_0", {2}, d.uv0);
    readAttribute("TEXCOORD_1", {2}, d.uv1);
    readExtraUvSets(ctx, prim, label, primitive, [&](const std::string& name, std::vector<glm::vec2>& set) {
        return readAttribute(name.c_str(), {2}, set);
    }, attribute, d);
    if (attribute("COLOR_0") >= 0) {
        const int accessor = attribute("COLOR_0");
        AccessorFloats colors = ctx.reader->readFloats(accessor, {3, 4}, label + " COLOR_0");
        if (colors.count != n)
            throw ctx.error("MESH_PRIMITIVE_UNEQUAL_ACCESSOR_COUNT", primitive + "/attributes/COLOR_0",
                            str(label, ": COLOR_0 (accessor ", accessor, ") has ", colors.count, " elements but POSITION has ", n));
        d.colors.resize(n);
        for (size_t v = 0; v < n; ++v) {
            const float* c = &colors.values[v * size_t(colors.components)];
            d.colors[v] = glm::vec4(c[0], c[1], c[2], colors.components == 4 ? c[3] : 1.0f);
        }
    }

    readGltfSkinAttributes(ctx, prim, label, mesh, n, d);
    readGltfMorphTargets(ctx, prim, label, n, d);

    std::vector<uint32_t> indices;
    if (prim.indices >= 0) {
        indices = ctx.reader->readIndices(prim.indices, label + " indices");
        for (size_t k = 0; k < indices.size(); ++k)
            if (indices[k] >= n)
                throw ctx.error("ACCESSOR_INDEX_OOB", primitive + "/indices",
                                str("accessor ", prim.indices, " (", label, " indices): index ", k, " is ", indices[k],
                                ", not below the vertex count ", n));
    } else {
        indices.resize(n);
        for (size_t k = 0; k < n; ++k) indices[k] = uint32_t(k);
    }
    if (!isTriangles(topology)) {
        d.indices = pointsOrLines(ctx, std::move(indices), topology, label, primitive);
        if (d.indices.empty()) {
            ctx.warn("MESH_PRIMITIVE_INVALID_INDEX_COUNT", primitive,
                     str(label, " has no complete ", topology == PrimitiveTopology::Points ? "point" : "line", "; skipped"));
            return std::nullopt;
        }
        if (topology == PrimitiveTopology::Points && prim.material >= 0) {
            ImportedMaterial& material = ctx.out.materials[size_t(prim.material)];
            if (!(material.pointSize > 0.0f)) {
                ctx.warn("VALUE_NOT_IN_RANGE", str("/materials/", prim.material, "/extras/pointSize"),
                         str(label, " draws points with material '", material.name, "' whose point size is ",
                             material.pointSize, "; 1 px is used instead"));
                material.pointSize = 1.0f;
            }
        }
        // No normals, no tangents made up: points and lines without normals draw unlit.
        d.submeshes = {Submesh{0, uint32_t(d.indices.size()), prim.material, topology, !d.normals.empty(),
                               gltfVariantMappings(ctx, prim, label)}};
        return d;
    }
    d.indices = triangleList(ctx, std::move(indices), mode, label, primitive);
    if (d.indices.empty()) {
        ctx.warn("MESH_PRIMITIVE_INVALID_INDEX_COUNT", primitive, str(label, " has no complete triangle; skipped"));
        return std::nullopt;
    }

    // glTF: without normals, flat shading; without tangents, MikkTSpace from the UV set
    // the normal map reads (always generated, so every imported mesh has the attribute).
    if (d.normals.empty()) generateNormals(d, false);
    if (d.tangents.empty()) {
        int uvSet = 0;
        if (prim.material >= 0) {
            const TextureSlot& normalMap = ctx.out.materials[size_t(prim.material)].params.normalTexture;
            if (normalMap.present()) uvSet = normalMap.texCoord;
        }
        generateTangents(d, uvSet);
    }
    d.submeshes = {Submesh{0, uint32_t(d.indices.size()), prim.material, PrimitiveTopology::Triangles, true,
                           gltfVariantMappings(ctx, prim, label)}};
    return d;
}

} // namespace

void readGltfMeshes(GltfImportContext& ctx) {
    ImportedModel& out = ctx.out;
    for (size_t m = 0; m < ctx.model.meshes.size(); ++m) {
        const tinygltf::Mesh& src = ctx.model.meshes[m];
        MeshData mesh;
        mesh.name = src.name.empty() ? str("mesh ", m) : src.name;
        for (size_t p = 0; p < src.primitives.size(); ++p) {
            std::optional<MeshData> prim;
            try {
                prim = convertPrimitive(ctx, int(m), int(p), src.primitives[p]);
            } catch (const GltfError& e) {
                // Valid glTF may leave a buffer's bytes to the application: draw the rest.
                if (e.code() != "BUFFER_DATA_ABSENT") throw;
                ctx.warn("BUFFER_DATA_ABSENT", ctx.primitivePointer(src.primitives[p]),
                         str(ctx.meshLabel(int(m)), " primitive ", p, " is skipped: ", e.message()));
            }
            if (!prim) continue;
            if (!prim->colors.empty()) {
                int material = prim->submeshes[0].material;
                if (material < 0) prim->submeshes[0].material = material = gltfVertexColorDefaultMaterial(ctx);
                out.materials[size_t(material)].params.vertexColors = true;
            }
            appendMesh(mesh, std::move(*prim));
        }
        readGltfDefaultWeights(ctx, int(m), mesh);
        out.meshes.push_back(std::move(mesh));
    }
    // A material that multiplies by vertex colours must find them on every mesh it is
    // drawn with; meshes without COLOR_0 get white.
    for (MeshData& mesh : out.meshes) {
        if (!mesh.colors.empty()) continue;
        for (const Submesh& s : mesh.submeshes)
            if (s.material >= 0 && out.materials[size_t(s.material)].params.vertexColors) {
                fillColor(mesh, glm::vec4(1.0f));
                break;
            }
    }
}

} // namespace th
