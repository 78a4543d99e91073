// Procedural meshes: complete attributes, counter-clockwise front faces that agree with the
// stored normals, unit tangent frames, and the sizes and counts the stress scenes rely on.
#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "assets/MeshAppend.h"
#include "assets/ProceduralMeshes.h"
#include "core/Error.h"

using namespace th;

namespace {

size_t triangles(const MeshData& m) { return m.indices.size() / 3; }

/// Every attribute the generators promise, each as long as the positions.
void checkAttributes(const MeshData& m) {
    const size_t n = m.vertexCount();
    REQUIRE(n > 0);
    CHECK(m.normals.size() == n);
    CHECK(m.uv0.size() == n);
    CHECK(m.tangents.size() == n);
    CHECK((m.colors.empty() || m.colors.size() == n));
    CHECK(m.indices.size() % 3 == 0);
    for (uint32_t i : m.indices) REQUIRE(i < n);
    for (size_t v = 0; v < n; ++v) {
        CHECK(std::fabs(glm::length(m.normals[v]) - 1.0f) < 1e-4f);
        CHECK(std::fabs(glm::length(glm::vec3(m.tangents[v])) - 1.0f) < 1e-4f);
        CHECK(std::fabs(glm::dot(glm::vec3(m.tangents[v]), m.normals[v])) < 1e-3f);
    }
}

/// Counter-clockwise seen from the front: the cross product of the edges points the way the
/// stored normals do, for every triangle, and no triangle is degenerate.
void checkWinding(const MeshData& m) {
    size_t wrong = 0, degenerate = 0;
    for (size_t t = 0; t < triangles(m); ++t) {
        uint32_t a = m.indices[3 * t], b = m.indices[3 * t + 1], c = m.indices[3 * t + 2];
        glm::vec3 face = glm::cross(m.positions[b] - m.positions[a], m.positions[c] - m.positions[a]);
        if (glm::length(face) < 1e-9f) ++degenerate;
        if (glm::dot(face, m.normals[a] + m.normals[b] + m.normals[c]) <= 0.0f) ++wrong;
    }
    CHECK(wrong == 0);
    CHECK(degenerate == 0);
}

struct Generator {
    std::string name;
    std::function<MeshData()> make;
};

const std::vector<Generator>& generators() {
    static const std::vector<Generator> all = {
        {"plane", [] { return makePlane(4, 2, 3); }},
        {"box",
         [] {
             return makeBox({1, 2, 3});
         }},
        {"uvSphere", [] { return makeUvSphere(1.0f, 32, 16); }},
        {"cylinder", [] { return makeCylinder(0.5f, 2, 12); }},
        {"cone", [] { return makeCone(1.5f, 6, 36, 6); }},
        {"tree", [] { return makeTree(); }},
        {"grassCard", [] { return makeGrassCard(); }},
        {"bird", [] { return makeBird(0.4f); }},
        {"butterfly", [] { return makeButterfly(0.05f); }},
    };
    return all;
}

} // namespace

TEST_CASE("every generator: complete attributes, unit frames, counter-clockwise faces along the normals") {
    for (const Generator& g : generators()) {
        CAPTURE(g.name);
        MeshData m = g.make();
        checkAttributes(m);
        checkWinding(m);
    }
}

TEST_CASE("closed shapes have outward normals") {
    for (MeshData m : {makeBox({1, 1, 1}), makeUvSphere(1, 12, 6), makeCylinder(1, 1, 8), makeCone(1, 1, 8, 2)}) {
        CAPTURE(m.name);
        glm::vec3 centre = m.bounds().center();
        for (size_t t = 0; t < triangles(m); ++t) {
            glm::vec3 a = m.positions[m.indices[3 * t]], b = m.positions[m.indices[3 * t + 1]],
                      c = m.positions[m.indices[3 * t + 2]];
            CHECK(glm::dot(glm::cross(b - a, c - a), (a + b + c) / 3.0f - centre) > 0.0f);
        }
    }
}

TEST_CASE("sizes and counts") {
    MeshData plane = makePlane(4, 2, 3);
    CHECK(plane.vertexCount() == 16);
    CHECK(triangles(plane) == 18);
    CHECK(plane.bounds().extent().x == doctest::Approx(4));
    CHECK(plane.bounds().extent().z == doctest::Approx(2));

    MeshData box = makeBox({1, 2, 3});
    CHECK(triangles(box) == 12);
    CHECK(box.bounds().extent().y == doctest::Approx(2));

    // The light-stress sphere: 2 m across, 32 segments.
    MeshData sphere = makeUvSphere(1.0f, 32, 16);
    CHECK(triangles(sphere) == 32 * (2 * 16 - 2));
    CHECK(sphere.bounds().extent().x == doctest::Approx(2).epsilon(0.01));
    CHECK(sphere.bounds().extent().y == doctest::Approx(2));

    CHECK(triangles(makeCylinder(1, 1, 12, true)) == 48);
    CHECK(triangles(makeCylinder(1, 1, 12, false)) == 24);
    CHECK(triangles(makeCone(1, 1, 36, 6, true)) == 36 * 11 + 36);

    CHECK_THROWS_AS(makeUvSphere(1, 2, 2), Error);
}

TEST_CASE("the forest-stress tree: trunk 2 m × 0.4 m, crown 6 m × 3 m on top, base at y = 0, ~516 triangles, brown and "
          "green") {
    MeshData tree = makeTree();
    const size_t count = triangles(tree);
    CHECK(count == 480);
    CHECK(std::fabs(double(count) - 516.0) / 516.0 < 0.1);
    Bounds b = tree.bounds();
    CHECK(b.min.y == doctest::Approx(0));
    CHECK(b.max.y == doctest::Approx(8));
    CHECK(b.extent().x == doctest::Approx(3).epsilon(0.01));
    REQUIRE(tree.colors.size() == tree.vertexCount());
    CHECK(tree.submeshes.empty()); // one draw
    bool sawBrown = false, sawGreen = false;
    for (size_t v = 0; v < tree.vertexCount(); ++v) {
        const glm::vec3& p = tree.positions[v];
        const glm::vec4& c = tree.colors[v];
        if (p.y < 1.99f) { // trunk only: within 0.2 m of the axis, brown (red above green)
            CHECK(glm::length(glm::vec2(p.x, p.z)) <= 0.2001f);
            CHECK(c.r > c.g);
            sawBrown = true;
        }
        if (p.y > 2.01f) { // crown only: green
            CHECK(c.g > c.r);
            sawGreen = true;
        }
    }
    CHECK(sawBrown);
    CHECK(sawGreen);
}

TEST_CASE("grass card: two crossed quads from the ground up, darker at the root") {
    MeshData g = makeGrassCard(0.5f, 0.6f);
    CHECK(triangles(g) == 4);
    CHECK(g.bounds().min.y == doctest::Approx(0));
    CHECK(g.bounds().max.y == doctest::Approx(0.6f));
    REQUIRE(g.colors.size() == g.vertexCount());
    for (size_t v = 0; v < g.vertexCount(); ++v) {
        if (g.positions[v].y == 0.0f) CHECK(g.uv0[v].y == 1.0f); // glTF: v = 1 at the image bottom
        CHECK(g.colors[v].g == doctest::Approx(0.07f + (0.42f - 0.07f) * g.positions[v].y / 0.6f));
    }
}

TEST_CASE("bird and butterfly wings hinge on the body axis and reach ±halfSpan") {
    for (const auto& item : {std::tuple{makeBird(0.4f), 0.4f, 2}, std::tuple{makeButterfly(0.05f), 0.05f, 4}}) {
        // Named copies: clang 14 cannot capture structured bindings in CAPTURE's lambda.
        const MeshData& mesh = std::get<0>(item);
        const float span = std::get<1>(item);
        const int wings = std::get<2>(item);
        CAPTURE(mesh.name);
        CHECK(mesh.bounds().max.x == doctest::Approx(span));
        CHECK(mesh.bounds().min.x == doctest::Approx(-span));
        // Body: 8 flat triangles; wings: one quad each.
        CHECK(triangles(mesh) == size_t(8 + 2 * wings));
        int hinge = 0;
        for (size_t v = 0; v < mesh.vertexCount(); ++v) {
            if (mesh.uv0[v].x > 0.0f) CHECK(mesh.uv0[v].x == doctest::Approx(std::fabs(mesh.positions[v].x) / span));
            if (mesh.positions[v].x == 0.0f && mesh.positions[v].y == 0.0f && mesh.normals[v].y == 1.0f) ++hinge;
        }
        CHECK(hinge == 2 * wings); // each wing quad has two vertices on the Z axis
    }
}

TEST_CASE("appendMesh keeps one implicit submesh, pads missing attributes and transforms frames") {
    MeshData a = makeBox({1, 1, 1});
    MeshData b = makeBox({1, 1, 1}, glm::vec4(1, 0, 0, 1));
    const size_t n = a.vertexCount();
    glm::mat4 mirror = glm::mat4(1.0f);
    mirror[0][0] = -1.0f;
    mirror[3] = glm::vec4(5, 0, 0, 1);
    appendMesh(a, b, mirror);
    CHECK(a.vertexCount() == 2 * n);
    CHECK(a.submeshes.empty());
    REQUIRE(a.colors.size() == 2 * n);
    CHECK(a.colors[0].r == 1.0f);
    CHECK(a.colors[0].g == 1.0f); // padded white
    CHECK(a.colors[n].g == 0.0f);
    CHECK(a.positions[n].x == doctest::Approx(5 - b.positions[0].x));
    CHECK(a.tangents[n].w == -b.tangents[0].w); // mirroring flips handedness

    MeshData c = makePlane(1, 1);
    c.submeshes = {{0, uint32_t(c.indices.size()), 3}};
    appendMesh(a, c);
    REQUIRE(a.submeshes.size() == 2);
    CHECK(a.submeshes[0].material == -1);
    CHECK(a.submeshes[1].material == 3);
    CHECK(a.submeshes[1].firstIndex == a.submeshes[0].indexCount);
}
