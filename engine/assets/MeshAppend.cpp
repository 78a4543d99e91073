#include "assets/MeshAppend.h"

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
    for (uint32_t i : src.indices) dst.indices.push_back(i + base);
}

} // namespace th
