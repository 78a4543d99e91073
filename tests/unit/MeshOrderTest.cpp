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

TEST_CASE("procedural meshes come ordered for the cache unless asked for the build order") {
    MeshData built = makeUvSphere(1.0f, 48, 24, std::nullopt, MeshOrder::AsBuilt);
    MeshData ordered = makeUvSphere(1.0f, 48, 24);
    MESSAGE("ACMR of a 48 x 24 sphere: ", vertexCacheMissRatio(built), " as built, ", vertexCacheMissRatio(ordered),
            " ordered");
    CHECK(vertexCacheMissRatio(ordered) < vertexCacheMissRatio(built));
    CHECK(triangles(ordered) == triangles(built));
    CHECK(ordered.tangents.size() == ordered.positions.size());
}

TEST_CASE("points and lines beside triangles: the order pass and the levels keep their index order") {
    MeshData mesh = makeUvSphere(1.0f, 16, 8, std::nullopt, MeshOrder::AsBuilt);
    const uint32_t triangleIndices = uint32_t(mesh.indices.size());
    mesh.submeshes = {{0, triangleIndices, 0}};
    // A line strip through five vertices of the sphere, in an order no cache pass would pick,
    // and two points.
    const std::vector<uint32_t> strip = {40, 3, 77, 12, 90};
    mesh.indices.insert(mesh.indices.end(), strip.begin(), strip.end());
    mesh.submeshes.push_back({triangleIndices, uint32_t(strip.size()), 0, PrimitiveTopology::LineStrip, true});
    mesh.indices.insert(mesh.indices.end(), {7, 8});
    mesh.submeshes.push_back({triangleIndices + uint32_t(strip.size()), 2, 0, PrimitiveTopology::Points, true});
    std::vector<glm::vec3> stripBefore;
    for (uint32_t i : strip) stripBefore.push_back(mesh.positions[i]);
    const auto trianglesBefore = triangles(MeshData{.positions = mesh.positions,
                                                    .indices = {mesh.indices.begin(), mesh.indices.begin() + triangleIndices}});
    const float before = vertexCacheMissRatio(mesh);
    optimizeMeshOrder(mesh);
    CHECK(vertexCacheMissRatio(mesh) < before);
    REQUIRE(mesh.submeshes.size() == 3);
    const Submesh& line = mesh.submeshes[1];
    CHECK(line.indexCount == strip.size());
    for (size_t k = 0; k < strip.size(); ++k) CHECK(mesh.positions[mesh.indices[line.firstIndex + k]] == stripBefore[k]);
    CHECK(triangles(MeshData{.positions = mesh.positions,
                             .indices = {mesh.indices.begin(), mesh.indices.begin() + triangleIndices}}) == trianglesBefore);
    // A level simplifies the triangles and keeps the strip and the points as they are.
    MeshLodLevel level = simplifyMesh(mesh, 0.5f, 0.05f);
    REQUIRE(level.submeshes.size() == 3);
    CHECK(level.submeshes[0].indexCount < triangleIndices);
    CHECK(bool(level.submeshes[1].topology == PrimitiveTopology::LineStrip));
    CHECK(level.submeshes[1].indexCount == strip.size());
    for (size_t k = 0; k < strip.size(); ++k)
        CHECK(level.indices[level.submeshes[1].firstIndex + k] == mesh.indices[line.firstIndex + k]);
    CHECK(level.submeshes[2].indexCount == 2);
}
