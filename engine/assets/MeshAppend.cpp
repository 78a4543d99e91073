#include "assets/MeshAppend.h"

#include <algorithm>

namespace th {

void fillColor(MeshData& mesh, const glm::vec4& color) { mesh.colors.assign(mesh.positions.size(), color); }

void appendMesh(MeshData& dst, const MeshData& src, const glm::mat4& transform) {
    const size_t dstVertices = dst.positions.size(), srcVertices = src.positions.size();
    const uint32_t base = uint32_t(dstVertices);
    const uint32_t indexBase = uint32_t(dst.indices.size());
    const bool dstImplicit = dst.submeshes.empty(), srcImplicit = src.submeshes.empty();
    if (!(dstImplicit && srcImplicit)) {
        if (dstImplicit && !dst.indices.empty()) dst.submeshes.push_back({0, uint32_t(dst.indices.size()), -1});
        if (srcImplicit) {
            if (!src.indices.empty()) dst.submeshes.push_back({indexBase, uint32_t(src.indices.size()), -1});
        } else {
            for (Submesh s : src.submeshes) {
                s.firstIndex += indexBase;
                dst.submeshes.push_back(s);
            }
        }
    }

    // Every per-vertex array (the list in MeshData.h); one present on one side only is padded
    // on the other with the value a vertex without it has.
    auto merge = [&](auto& d, const auto& s, const char*, const auto& absent) {
        if (d.empty() && s.empty()) return;
        d.reserve(dstVertices + srcVertices);
        d.resize(dstVertices, absent);
        d.insert(d.end(), s.begin(), s.begin() + std::ptrdiff_t(std::min(s.size(), srcVertices)));
        d.resize(dstVertices + srcVertices, absent);
    };
    if (dst.extraUvs.size() < src.extraUvs.size()) dst.extraUvs.resize(src.extraUvs.size());
    forEachVertexArrayPair(dst, src, merge);
    // Morph targets pair up by index (glTF requires every primitive of a mesh to have as many).
    size_t targets = std::max(dst.targets.size(), src.targets.size());
    dst.targets.resize(targets);
    static const MorphTarget none;
    for (size_t t = 0; t < targets; ++t) {
        MorphTarget& d = dst.targets[t];
        const MorphTarget& s = t < src.targets.size() ? src.targets[t] : none;
        forEachTargetArrayPair(d, s, [&](auto& dd, const auto& sd, const char* name, const auto& absent) {
            merge(dd, sd, name, absent);
            // A target the other side lacks displaces nothing there.
            if (!dd.empty()) dd.resize(dstVertices + srcVertices, absent);
        });
    }

    // What moves with the transform: the appended positions, normals and tangents, and the
    // morph deltas that displace them. Skinning data is not transformed (joint matrices carry
    // the pose), nor are the values padded in for arrays the source lacked.
    const glm::mat3 linear(transform), normalMatrix = glm::transpose(glm::inverse(linear));
    const bool mirrored = glm::determinant(linear) < 0.0f;
    auto appended = [&](auto& array, const auto& from, auto convert) {
        if (from.empty()) return;
        for (size_t i = dstVertices; i < dstVertices + srcVertices; ++i) array[i] = convert(array[i]);
    };
    appended(dst.positions, src.positions, [&](const glm::vec3& p) { return glm::vec3(transform * glm::vec4(p, 1)); });
    appended(dst.normals, src.normals, [&](const glm::vec3& n) {
        glm::vec3 r = normalMatrix * n;
        float len = glm::length(r);
        return len > 0.0f ? r / len : glm::vec3(0, 1, 0);
    });
    appended(dst.tangents, src.tangents, [&](const glm::vec4& t) {
        glm::vec3 r = linear * glm::vec3(t);
        float len = glm::length(r);
        // A mirroring transform flips handedness.
        return glm::vec4(len > 0.0f ? r / len : glm::vec3(1, 0, 0), mirrored ? -t.w : t.w);
    });
    for (size_t t = 0; t < src.targets.size(); ++t) {
        MorphTarget& d = dst.targets[t];
        const MorphTarget& s = src.targets[t];
        appended(d.positions, s.positions, [&](const glm::vec3& p) { return linear * p; });
        appended(d.normals, s.normals, [&](const glm::vec3& n) { return normalMatrix * n; });
        appended(d.tangents, s.tangents, [&](const glm::vec3& v) { return linear * v; });
    }
    if (dst.defaultWeights.size() < src.defaultWeights.size()) dst.defaultWeights = src.defaultWeights;
    dst.defaultWeights.resize(targets, 0.0f);
    dst.indices.reserve(dst.indices.size() + src.indices.size());
    for (uint32_t i : src.indices) dst.indices.push_back(i + base);
}

void appendMesh(MeshData& dst, MeshData&& src) {
    const bool empty = dst.positions.empty() && dst.indices.empty() && dst.submeshes.empty() && dst.targets.empty();
    if (!empty) {
        appendMesh(dst, src);
        return;
    }
    // What the identity append would do: unit normals and tangents, one weight per target.
    for (glm::vec3& n : src.normals) {
        float len = glm::length(n);
        n = len > 0.0f ? n / len : glm::vec3(0, 1, 0);
    }
    for (glm::vec4& t : src.tangents) {
        float len = glm::length(glm::vec3(t));
        t = glm::vec4(len > 0.0f ? glm::vec3(t) / len : glm::vec3(1, 0, 0), t.w);
    }
    src.defaultWeights.resize(src.targets.size(), 0.0f);
    std::string name = std::move(dst.name);
    dst = std::move(src);
    dst.name = std::move(name);
}

} // namespace th
