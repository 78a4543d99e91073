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

const char* modeName(int mode) {
    switch (mode) {
    case TINYGLTF_MODE_POINTS: return "points";
    case TINYGLTF_MODE_LINE: return "lines";
    case TINYGLTF_MODE_LINE_LOOP: return "a line loop";
    case TINYGLTF_MODE_LINE_STRIP: return "a line strip";
    default: return "?";
    }
}

std::vector<uint32_t> triangleList(GltfImportContext& ctx, std::vector<uint32_t> in, int mode,
                                   const std::string& label, const SourceLocation& where) {
    if (mode == TINYGLTF_MODE_TRIANGLES) {
        if (in.size() % 3 != 0)
            ctx.warn(where, str(label, ": ", in.size(), " indices is not a multiple of 3; the last ", in.size() % 3,
                                " are ignored"));
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

/// One triangle-list primitive as its own small mesh, or nothing when it is skipped.
std::optional<MeshData> convertPrimitive(GltfImportContext& ctx, int mesh, int index, const tinygltf::Primitive& prim) {
    const std::string label = str(ctx.meshLabel(mesh), " primitive ", index);
    const SourceLocation where = ctx.at("meshes", mesh);
    const int mode = prim.mode < 0 ? TINYGLTF_MODE_TRIANGLES : prim.mode;
    if (mode >= TINYGLTF_MODE_POINTS && mode <= TINYGLTF_MODE_LINE_STRIP) {
        ctx.warn(where, str(label, " draws ", modeName(mode), ", which the renderer does not support; skipped"));
        return std::nullopt;
    }
    if (mode > TINYGLTF_MODE_TRIANGLE_FAN)
        throw Error(where, str(label, ": mode ", mode, " is not a glTF primitive mode"));
    if (prim.material >= 0 && size_t(prim.material) >= ctx.model.materials.size())
        throw Error(where, str(label, ": material ", prim.material, " does not exist (the file has ",
                               ctx.model.materials.size(), ")"));

    auto attribute = [&](const char* name) -> int {
        auto it = prim.attributes.find(name);
        return it == prim.attributes.end() ? -1 : it->second;
    };
    const int positionAccessor = attribute("POSITION");
    if (positionAccessor < 0) {
        ctx.warn(where, str(label, " has no POSITION attribute; skipped"));
        return std::nullopt;
    }

    MeshData d;
    d.name = label;
    size_t nonFinite = 0;
    AccessorFloats positions = ctx.reader->readFloats(positionAccessor, {3}, label + " POSITION", &nonFinite);
    if (nonFinite)
        ctx.warn(ctx.at("accessors", positionAccessor),
                 str(label, ": ", nonFinite, " non-finite POSITION values replaced by 0"));
    const size_t n = positions.count;
    if (n == 0) {
        ctx.warn(where, str(label, " has no vertices; skipped"));
        return std::nullopt;
    }
    d.positions.resize(n);
    std::memcpy(d.positions.data(), positions.values.data(), n * sizeof(glm::vec3));
    positions = {}; // copied: not held through the rest of the primitive
    // The declared bounds against the data (the renderer computes its own, so a wrong
    // declaration is only a warning): ACCESSOR_MIN_MISMATCH / ACCESSOR_MAX_MISMATCH.
    const tinygltf::Accessor& pa = ctx.model.accessors[size_t(positionAccessor)];
    if (pa.minValues.size() == 3 && pa.maxValues.size() == 3) {
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
            throw Error(ctx.at("accessors", accessor),
                        str(label, ": ", name, " has ", values.count, " elements but POSITION has ", n));
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
    if (attribute("COLOR_0") >= 0) {
        const int accessor = attribute("COLOR_0");
        AccessorFloats colors = ctx.reader->readFloats(accessor, {3, 4}, label + " COLOR_0");
        if (colors.count != n)
            throw Error(ctx.at("accessors", accessor),
                        str(label, ": COLOR_0 has ", colors.count, " elements but POSITION has ", n));
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
                throw Error(ctx.at("accessors", prim.indices),
                            str("accessor ", prim.indices, " (", label, " indices): index ", k, " is ", indices[k],
                                ", not below the vertex count ", n));
    } else {
        indices.resize(n);
        for (size_t k = 0; k < n; ++k) indices[k] = uint32_t(k);
    }
    d.indices = triangleList(ctx, std::move(indices), mode, label, where);
    if (d.indices.empty()) {
        ctx.warn(where, str(label, " has no complete triangle; skipped"));
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
    d.submeshes = {Submesh{0, uint32_t(d.indices.size()), prim.material, gltfVariantMappings(ctx, prim, label)}};
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
            std::optional<MeshData> prim = convertPrimitive(ctx, int(m), int(p), src.primitives[p]);
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
