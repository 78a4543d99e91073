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
    // Every per-vertex array of MeshData, so that none is left in the old order: a new array
    // in MeshData changes its size, and this assert asks for it to be remapped here.
    static_assert(sizeof(MeshData) == sizeof(std::string) + 15 * sizeof(std::vector<int>),
                  "MeshData has a new member: remap it below if it is per vertex, then update this count");
    remap(mesh.positions, table, used);
    remap(mesh.normals, table, used);
    remap(mesh.tangents, table, used);
    remap(mesh.uv0, table, used);
    remap(mesh.uv1, table, used);
    remap(mesh.colors, table, used);
    for (std::vector<glm::vec2>& set : mesh.extraUvs) remap(set, table, used);
    remap(mesh.joints0, table, used);
    remap(mesh.joints1, table, used);
    remap(mesh.weights0, table, used);
    remap(mesh.weights1, table, used);
    static_assert(sizeof(MorphTarget) == 6 * sizeof(std::vector<int>), "MorphTarget has a new member: remap it below");
    for (MorphTarget& target : mesh.targets) {
        remap(target.positions, table, used);
        remap(target.normals, table, used);
        remap(target.tangents, table, used);
        remap(target.uv0, table, used);
        remap(target.uv1, table, used);
        remap(target.colors, table, used);
    }
}

} // namespace th
