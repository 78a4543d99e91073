#include "assets/MeshOptimizer.h"

#include <meshoptimizer.h>

namespace th {

namespace {

template <typename T>
void remap(std::vector<T>& values, const std::vector<unsigned>& table, size_t newCount) {
    if (values.empty()) return;
    std::vector<T> out(newCount);
    meshopt_remapVertexBuffer(out.data(), values.data(), values.size(), sizeof(T), table.data());
    values = std::move(out);
}

std::vector<Submesh> rangesOf(const MeshData& mesh) {
    if (!mesh.submeshes.empty()) return mesh.submeshes;
    return {Submesh{0, uint32_t(mesh.indices.size()), -1}};
}

} // namespace

float vertexCacheMissRatio(const MeshData& mesh, unsigned cacheSize) {
    // Triangles only: meshoptimizer's analysis (and the post-transform cache it models)
    // assumes a triangle list.
    std::vector<uint32_t> triangles;
    for (const Submesh& s : rangesOf(mesh))
        if (isTriangles(s.topology) && s.indexCount % 3 == 0 && size_t(s.firstIndex) + s.indexCount <= mesh.indices.size())
            triangles.insert(triangles.end(), mesh.indices.begin() + s.firstIndex,
                             mesh.indices.begin() + s.firstIndex + s.indexCount);
    if (triangles.size() < 3) return 0.0f;
    meshopt_VertexCacheStatistics s =
        meshopt_analyzeVertexCache(triangles.data(), triangles.size(), mesh.vertexCount(), cacheSize, 0, 0);
    return s.acmr;
}

void optimizeMeshOrder(MeshData& mesh) {
    const size_t n = mesh.vertexCount();
    if (n == 0 || mesh.indices.empty()) return;
    const std::vector<Submesh> ranges = rangesOf(mesh);
    for (const Submesh& s : ranges)
        if ((isTriangles(s.topology) && s.indexCount % 3 != 0) || size_t(s.firstIndex) + s.indexCount > mesh.indices.size())
            return;
    // Points and lines keep their index order (a strip's order is its shape); the fetch
    // remap below only renames their vertices.
    for (const Submesh& s : ranges) {
        if (!isTriangles(s.topology)) continue;
        uint32_t* range = mesh.indices.data() + s.firstIndex;
        meshopt_optimizeVertexCache(range, range, s.indexCount, n);
    }
    // Vertices in the order the indices first use them (what meshopt_optimizeVertexFetchRemap
    // computes, written out because meshoptimizer asserts on index lists of points and lines).
    std::vector<unsigned> table(n, ~0u);
    size_t used = 0;
    for (uint32_t& index : mesh.indices) {
        if (table[index] == ~0u) table[index] = unsigned(used++);
        index = table[index];
    }
    // Every per-vertex array, so that none is left in the old order.
    auto remapArray = [&](auto& array, const char*) { remap(array, table, used); };
    forEachVertexArray(mesh, remapArray);
    for (MorphTarget& target : mesh.targets) forEachTargetArray(target, remapArray);
}

} // namespace th
