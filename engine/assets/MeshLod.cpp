#include "assets/MeshLod.h"

#include <algorithm>

#include <meshoptimizer.h>

namespace th {

MeshLodLevel simplifyMesh(const MeshData& mesh, float ratio, float maxError, bool acrossSeams) {
    MeshLodLevel level;
    // Position-only indices: seams are no longer borders the simplifier must keep.
    std::vector<uint32_t> welded;
    if (acrossSeams && !mesh.indices.empty()) {
        welded.resize(mesh.indices.size());
        for (size_t i = 0; i < mesh.indices.size(); ++i) welded[i] = mesh.indices[i];
        for (const Submesh& s : mesh.submeshes.empty() ? std::vector<Submesh>{Submesh{0, uint32_t(mesh.indices.size()), -1}}
                                                       : mesh.submeshes)
            if (isTriangles(s.topology) && s.indexCount % 3 == 0 && size_t(s.firstIndex) + s.indexCount <= mesh.indices.size())
                meshopt_generateShadowIndexBuffer(welded.data() + s.firstIndex, mesh.indices.data() + s.firstIndex,
                                                  s.indexCount, &mesh.positions[0].x, mesh.vertexCount(),
                                                  sizeof(glm::vec3), sizeof(glm::vec3));
    }
    const std::vector<uint32_t>& source = acrossSeams ? welded : mesh.indices;
    std::vector<Submesh> ranges = mesh.submeshes;
    if (ranges.empty()) ranges.push_back(Submesh{0, uint32_t(mesh.indices.size()), -1});
    ratio = std::clamp(ratio, 0.0f, 1.0f);
    float worst = 0.0f;
    for (const Submesh& s : ranges) {
        if (size_t(s.firstIndex) + s.indexCount > mesh.indices.size()) continue;
        if (!isTriangles(s.topology)) {
            // Points and lines have no surface to simplify: every level keeps them as they are.
            Submesh copy = s;
            copy.firstIndex = uint32_t(level.indices.size());
            level.submeshes.push_back(copy);
            level.indices.insert(level.indices.end(), mesh.indices.begin() + s.firstIndex,
                                 mesh.indices.begin() + s.firstIndex + s.indexCount);
            continue;
        }
        if (s.indexCount % 3 != 0) continue;
        const size_t target = std::max<size_t>(3, size_t(float(s.indexCount / 3) * ratio) * 3);
        std::vector<uint32_t> out(s.indexCount);
        float error = 0.0f;
        const size_t n = meshopt_simplify(out.data(), source.data() + s.firstIndex, s.indexCount,
                                          &mesh.positions[0].x, mesh.vertexCount(), sizeof(glm::vec3), target,
                                          maxError, 0, &error);
        out.resize(n);
        Submesh simplified = s;
        simplified.firstIndex = uint32_t(level.indices.size());
        simplified.indexCount = uint32_t(n);
        level.submeshes.push_back(simplified);
        level.indices.insert(level.indices.end(), out.begin(), out.end());
        worst = std::max(worst, error);
    }
    level.error = worst;
    return level;
}

MeshData meshAtLevel(const MeshData& mesh, const MeshLodLevel& level) {
    MeshData out = mesh;
    out.indices = level.indices;
    out.submeshes = level.submeshes;
    return out;
}

std::vector<MeshLodLevel> buildMeshLods(const MeshData& mesh, int levels, float ratio, float maxError) {
    std::vector<MeshLodLevel> out;
    float r = 1.0f;
    for (int i = 0; i < levels; ++i) {
        r *= ratio;
        out.push_back(simplifyMesh(mesh, r, maxError));
    }
    return out;
}

} // namespace th
