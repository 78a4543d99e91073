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

    // An attribute present on one side only is padded on the other with `fallback`.
    auto merge = [&](auto& d, const auto& s, auto fallback, auto convert) {
        if (d.empty() && s.empty()) return;
        d.reserve(dstVertices + srcVertices);
        d.resize(dstVertices, fallback);
        for (size_t i = 0; i < srcVertices; ++i) d.push_back(s.empty() ? fallback : convert(s[i]));
    };
    const glm::mat3 linear(transform), normalMatrix = glm::transpose(glm::inverse(linear));
    merge(dst.positions, src.positions, glm::vec3(0),
          [&](const glm::vec3& p) { return glm::vec3(transform * glm::vec4(p, 1)); });
    merge(dst.normals, src.normals, glm::vec3(0, 1, 0), [&](const glm::vec3& n) {
        glm::vec3 r = normalMatrix * n;
        float len = glm::length(r);
        return len > 0.0f ? r / len : glm::vec3(0, 1, 0);
    });
    merge(dst.tangents, src.tangents, glm::vec4(1, 0, 0, 1), [&](const glm::vec4& t) {
        glm::vec3 r = linear * glm::vec3(t);
        float len = glm::length(r);
        // A mirroring transform flips handedness.
        float w = glm::determinant(linear) < 0.0f ? -t.w : t.w;
        return glm::vec4(len > 0.0f ? r / len : glm::vec3(1, 0, 0), w);
    });
    auto same2 = [](const glm::vec2& v) { return v; };
    merge(dst.uv0, src.uv0, glm::vec2(0), same2);
    merge(dst.uv1, src.uv1, glm::vec2(0), same2);
    merge(dst.colors, src.colors, glm::vec4(1), [](const glm::vec4& c) { return c; });
    if (dst.extraUvs.size() < src.extraUvs.size()) dst.extraUvs.resize(src.extraUvs.size());
    static const std::vector<glm::vec2> noSet;
    for (size_t k = 0; k < dst.extraUvs.size(); ++k)
        merge(dst.extraUvs[k], k < src.extraUvs.size() ? src.extraUvs[k] : noSet, glm::vec2(0), same2);
    // Skinning data is not transformed: joint matrices carry the pose. A vertex without
    // influences follows joint 0 fully (it only happens when one side is unskinned, which the
    // importer warns about).
    auto same = [](const auto& v) { return v; };
    merge(dst.joints0, src.joints0, glm::u16vec4(0), same);
    merge(dst.weights0, src.weights0, glm::vec4(1, 0, 0, 0), same);
    merge(dst.joints1, src.joints1, glm::u16vec4(0), same);
    merge(dst.weights1, src.weights1, glm::vec4(0), same);
    // Morph targets pair up by index (glTF requires every primitive of a mesh to have as many);
    // deltas rotate with the transform like the attributes they displace.
    size_t targets = std::max(dst.targets.size(), src.targets.size());
    dst.targets.resize(targets);
    for (size_t t = 0; t < targets; ++t) {
        MorphTarget& d = dst.targets[t];
        static const MorphTarget none;
        const MorphTarget& s = t < src.targets.size() ? src.targets[t] : none;
        auto mergeDelta = [&](auto& dd, const auto& sd, auto convert) {
            using Element = typename std::decay_t<decltype(dd)>::value_type;
            merge(dd, sd, Element(0.0f), convert);
            if (!dd.empty()) dd.resize(dstVertices + srcVertices, Element(0.0f));
        };
        mergeDelta(d.positions, s.positions, [&](const glm::vec3& p) { return linear * p; });
        mergeDelta(d.normals, s.normals, [&](const glm::vec3& n) { return normalMatrix * n; });
        mergeDelta(d.tangents, s.tangents, [&](const glm::vec3& v) { return linear * v; });
        mergeDelta(d.uv0, s.uv0, same2);
        mergeDelta(d.uv1, s.uv1, same2);
        mergeDelta(d.colors, s.colors, same);
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
