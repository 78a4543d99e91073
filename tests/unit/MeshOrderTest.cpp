// Load-time mesh ordering and levels of detail (meshoptimizer): the ordered mesh draws the
// same triangles with fewer vertex-cache misses; a level of detail has fewer triangles and
// stays close to the surface.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <random>

#include "assets/MeshLod.h"
#include "assets/MeshOptimizer.h"
#include "assets/ProceduralMeshes.h"

using namespace th;

namespace {

/// Each triangle as its three corner positions, rotated to start at the smallest, sorted.
std::vector<std::array<float, 9>> triangles(const MeshData& m) {
    std::vector<std::array<float, 9>> out;
    for (size_t t = 0; t + 2 < m.indices.size(); t += 3) {
        std::array<glm::vec3, 3> c = {m.positions[m.indices[t]], m.positions[m.indices[t + 1]],
                                      m.positions[m.indices[t + 2]]};
        auto less = [](const glm::vec3& a, const glm::vec3& b) {
            return a.x != b.x ? a.x < b.x : a.y != b.y ? a.y < b.y : a.z < b.z;
        };
        int first = less(c[1], c[0]) ? (less(c[2], c[1]) ? 2 : 1) : (less(c[2], c[0]) ? 2 : 0);
        std::array<float, 9> tri;
        for (int k = 0; k < 3; ++k)
            for (int a = 0; a < 3; ++a) tri[size_t(k * 3 + a)] = c[size_t((first + k) % 3)][a];
        out.push_back(tri);
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

TEST_CASE("ordering a shuffled mesh lowers its vertex-cache misses and keeps its triangles and winding") {
    MeshData mesh = makePlane(4.0f, 4.0f, 40);
    // Shuffle the triangles, as an exporter that knows nothing of caches might write them.
    std::vector<size_t> order(mesh.indices.size() / 3);
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::shuffle(order.begin(), order.end(), std::mt19937(7));
    std::vector<uint32_t> shuffled;
    for (size_t t : order) shuffled.insert(shuffled.end(), mesh.indices.begin() + long(t * 3), mesh.indices.begin() + long(t * 3 + 3));
    mesh.indices = shuffled;
    const float before = vertexCacheMissRatio(mesh);
    const auto trianglesBefore = triangles(mesh);
    optimizeMeshOrder(mesh);
    const float after = vertexCacheMissRatio(mesh);
    MESSAGE("ACMR of a shuffled 40 x 40 grid: ", before, " before, ", after, " after");
    CHECK(after < before * 0.6f);
    CHECK(triangles(mesh) == trianglesBefore);
    CHECK(mesh.normals.size() == mesh.positions.size());
    CHECK(mesh.uv0.size() == mesh.positions.size());
}

TEST_CASE("a level of detail keeps its submeshes and has fewer triangles within the error bound") {
    MeshData sphere = makeUvSphere(1.0f, 48, 24);
    std::vector<MeshLodLevel> lods = buildMeshLods(sphere, 2, 0.25f, 0.05f);
    REQUIRE(lods.size() == 2);
    CHECK(lods[0].indices.size() < sphere.indices.size() / 2);
    CHECK(lods[1].indices.size() < lods[0].indices.size());
    CHECK(lods[0].indices.size() % 3 == 0);
    CHECK(lods[0].submeshes.size() == 1);
    CHECK(lods[0].error <= 0.05f);
    for (uint32_t i : lods[1].indices) CHECK(i < sphere.vertexCount());
}
