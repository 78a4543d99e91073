#include "assets/TangentGenerator.h"

#include <algorithm>
#include <cmath>

#include "core/Error.h"
#include "core/Str.h"

namespace th {

namespace {

void ensureIndices(MeshData& mesh, const char* who) {
    if (mesh.indices.empty()) {
        mesh.indices.resize(mesh.positions.size() - mesh.positions.size() % 3);
        for (size_t i = 0; i < mesh.indices.size(); ++i) mesh.indices[i] = uint32_t(i);
    }
    const size_t n = mesh.positions.size();
    auto check = [&](const auto& array, const char* attribute) {
        if (!array.empty() && array.size() != n)
            throw Error(
                str(who, ": mesh '", mesh.name, "' has ", array.size(), " ", attribute, " for ", n, " positions"));
    };
    forEachVertexArray(mesh, check);
    for (const MorphTarget& target : mesh.targets) forEachTargetArray(target, check);
    for (uint32_t i : mesh.indices)
        if (i >= n) throw Error(str(who, ": mesh '", mesh.name, "' has index ", i, " but only ", n, " vertices"));
}

/// Appends a copy of vertex `v` (every array present: attributes, skin, morph targets) and
/// returns its index.
uint32_t duplicateVertex(MeshData& mesh, uint32_t v) {
    auto copy = [v](auto& array, const char*) {
        if (!array.empty()) array.push_back(array[v]);
    };
    forEachVertexArray(mesh, copy);
    for (MorphTarget& target : mesh.targets) forEachTargetArray(target, copy);
    return uint32_t(mesh.positions.size() - 1);
}

float cornerAngle(const glm::vec3& corner, const glm::vec3& a, const glm::vec3& b) {
    glm::vec3 e1 = a - corner, e2 = b - corner;
    float l1 = glm::length(e1), l2 = glm::length(e2);
    if (l1 <= 0.0f || l2 <= 0.0f) return 0.0f;
    return std::acos(std::clamp(glm::dot(e1, e2) / (l1 * l2), -1.0f, 1.0f));
}

} // namespace

glm::vec3 anyPerpendicular(const glm::vec3& normal) {
    float len = glm::length(normal);
    if (!(len > 1e-20f)) return {1.0f, 0.0f, 0.0f};
    glm::vec3 n = normal / len;
    glm::vec3 axis = std::fabs(n.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
    return glm::normalize(axis - n * glm::dot(n, axis));
}

void generateNormals(MeshData& mesh, bool smooth) {
    ensureIndices(mesh, "generateNormals");
    const size_t triangles = mesh.indices.size() / 3;
    if (smooth) {
        std::vector<glm::vec3> sum(mesh.positions.size(), glm::vec3(0.0f));
        for (size_t t = 0; t < triangles; ++t) {
            uint32_t i[3] = {mesh.indices[3 * t], mesh.indices[3 * t + 1], mesh.indices[3 * t + 2]};
            glm::vec3 p[3] = {mesh.positions[i[0]], mesh.positions[i[1]], mesh.positions[i[2]]};
            glm::vec3 n = glm::cross(p[1] - p[0], p[2] - p[0]);
            float len = glm::length(n);
            if (!(len > 0.0f) || !std::isfinite(len)) continue;
            n /= len;
            for (int k = 0; k < 3; ++k) sum[i[k]] += n * cornerAngle(p[k], p[(k + 1) % 3], p[(k + 2) % 3]);
        }
        mesh.normals.resize(mesh.positions.size());
        for (size_t v = 0; v < sum.size(); ++v) {
            float len = glm::length(sum[v]);
            mesh.normals[v] = (len > 1e-20f && std::isfinite(len)) ? sum[v] / len : glm::vec3(0, 1, 0);
        }
        return;
    }

    // Flat: every corner carries its triangle's normal. Corners whose triangles agree on the
    // normal keep sharing their vertex (a planar region stays indexed, as it was: a flat 8 M
    // triangle grid would otherwise grow to 24 M vertices); a corner that disagrees with every
    // copy of its vertex so far gets a new copy. Each vertex's copies form a chain.
    constexpr uint32_t kNone = ~0u;
    constexpr float kSameNormal = 0.99999f; // cos 0.26°
    const size_t original = mesh.positions.size();
    std::vector<glm::vec3> normals(original, glm::vec3(0, 1, 0));
    std::vector<uint32_t> source;              // copy - original -> the vertex it copies
    std::vector<uint32_t> next(original, kNone); // the next copy of the same vertex
    std::vector<bool> assigned(original, false);
    for (size_t t = 0; t < triangles; ++t) {
        uint32_t* corner = &mesh.indices[3 * t];
        const glm::vec3 p[3] = {mesh.positions[corner[0]], mesh.positions[corner[1]], mesh.positions[corner[2]]};
        glm::vec3 n = glm::cross(p[1] - p[0], p[2] - p[0]);
        float len = glm::length(n);
        n = (len > 0.0f && std::isfinite(len)) ? n / len : glm::vec3(0, 1, 0);
        for (int k = 0; k < 3; ++k) {
            uint32_t v = corner[k];
            if (!assigned[v]) {
                assigned[v] = true;
                normals[v] = n;
                continue;
            }
            while (glm::dot(normals[v], n) < kSameNormal && next[v] != kNone) v = next[v];
            if (glm::dot(normals[v], n) < kSameNormal) {
                const uint32_t copy = uint32_t(normals.size());
                source.push_back(corner[k]); // still the original index: each corner is visited once
                normals.push_back(n);
                next.push_back(kNone);
                next[v] = copy;
                v = copy;
            }
            corner[k] = v;
        }
    }
    // Every array but the normals, which are replaced by the split ones below.
    auto extend = [&](auto& attribute, const char*) {
        if (attribute.empty() || static_cast<const void*>(&attribute) == static_cast<const void*>(&mesh.normals)) return;
        attribute.reserve(original + source.size());
        for (uint32_t from : source) attribute.push_back(attribute[from]);
    };
    forEachVertexArray(mesh, extend);
    for (MorphTarget& target : mesh.targets) forEachTargetArray(target, extend);
    mesh.normals = std::move(normals);
}

void generateTangents(MeshData& mesh, int uvSet) {
    ensureIndices(mesh, "generateTangents");
    if (mesh.normals.size() != mesh.positions.size()) generateNormals(mesh, true);
    mesh.tangents.clear();
    const std::vector<glm::vec2>& uvs = uvSet == 1 ? mesh.uv1
                                        : uvSet >= 2 && size_t(uvSet - 2) < mesh.extraUvs.size() ? mesh.extraUvs[size_t(uvSet - 2)]
                                                                                               : mesh.uv0;
    if (uvs.size() != mesh.positions.size()) {
        mesh.tangents.resize(mesh.positions.size());
        for (size_t v = 0; v < mesh.positions.size(); ++v)
            mesh.tangents[v] = glm::vec4(anyPerpendicular(mesh.normals[v]), 1.0f);
        return;
    }

    // Per triangle: the direction of increasing u (dP/du) and the orientation of the UV
    // mapping. glTF's v grows downwards in the image, so a mapping that looks the right way
    // round in the image has a negative UV-space area: w = -sign(area).
    const size_t triangles = mesh.indices.size() / 3;
    std::vector<glm::vec3> triTangent(triangles, glm::vec3(0.0f));
    std::vector<int8_t> triSign(triangles, 0); // 0 = degenerate UVs
    for (size_t t = 0; t < triangles; ++t) {
        uint32_t i0 = mesh.indices[3 * t], i1 = mesh.indices[3 * t + 1], i2 = mesh.indices[3 * t + 2];
        glm::vec3 e1 = mesh.positions[i1] - mesh.positions[i0], e2 = mesh.positions[i2] - mesh.positions[i0];
        glm::vec2 d1 = uvs[i1] - uvs[i0], d2 = uvs[i2] - uvs[i0];
        float area = d1.x * d2.y - d2.x * d1.y;
        // Relative threshold: UV areas this small (against the edge lengths in UV space)
        // carry no usable direction.
        float scale = std::max(glm::dot(d1, d1), glm::dot(d2, d2));
        if (!(std::fabs(area) > 1e-12f * scale) || !(scale > 0.0f)) continue;
        glm::vec3 dPdu = (e1 * d2.y - e2 * d1.y) / area;
        float len = glm::length(dPdu);
        if (!(len > 0.0f) || !std::isfinite(len)) continue;
        triTangent[t] = dPdu / len;
        triSign[t] = area > 0.0f ? -1 : 1;
    }

    // A vertex whose triangles disagree on the sign is split: the first sign met keeps the
    // vertex, the other sign's corners move to a copy.
    const size_t originalVertices = mesh.positions.size();
    std::vector<int8_t> vertexSign(originalVertices, 0);
    std::vector<uint32_t> mirrorCopy(originalVertices, UINT32_MAX);
    for (size_t t = 0; t < triangles; ++t) {
        if (triSign[t] == 0) continue;
        for (int k = 0; k < 3; ++k) {
            uint32_t v = mesh.indices[3 * t + k];
            if (vertexSign[v] == 0) vertexSign[v] = triSign[t];
            if (vertexSign[v] == triSign[t]) continue;
            if (mirrorCopy[v] == UINT32_MAX) mirrorCopy[v] = duplicateVertex(mesh, v);
            mesh.indices[3 * t + k] = mirrorCopy[v];
        }
    }
    const size_t vertices = mesh.positions.size();
    std::vector<int8_t> sign(vertices, 0);
    for (size_t v = 0; v < originalVertices; ++v) {
        sign[v] = vertexSign[v];
        if (mirrorCopy[v] != UINT32_MAX) sign[mirrorCopy[v]] = int8_t(-vertexSign[v]);
    }

    std::vector<glm::vec3> sum(vertices, glm::vec3(0.0f));
    for (size_t t = 0; t < triangles; ++t) {
        if (triSign[t] == 0) continue;
        const uint32_t* i = &mesh.indices[3 * t];
        for (int k = 0; k < 3; ++k) {
            uint32_t v = i[k];
            const glm::vec3& n = mesh.normals[v];
            glm::vec3 projected = triTangent[t] - n * glm::dot(n, triTangent[t]);
            float len = glm::length(projected);
            if (!(len > 1e-12f)) continue;
            float weight =
                cornerAngle(mesh.positions[v], mesh.positions[i[(k + 1) % 3]], mesh.positions[i[(k + 2) % 3]]);
            sum[v] += projected / len * weight;
        }
    }

    mesh.tangents.resize(vertices);
    for (size_t v = 0; v < vertices; ++v) {
        glm::vec3 n = mesh.normals[v];
        float nl = glm::length(n);
        n = nl > 1e-20f ? n / nl : glm::vec3(0, 1, 0);
        // Gram-Schmidt once more: the sum of projected tangents is in the plane already, but
        // rounding is not.
        glm::vec3 t = sum[v] - n * glm::dot(n, sum[v]);
        float len = glm::length(t);
        t = (len > 1e-12f && std::isfinite(len)) ? t / len : anyPerpendicular(n);
        mesh.tangents[v] = glm::vec4(t, sign[v] < 0 ? -1.0f : 1.0f);
    }
}

} // namespace th
