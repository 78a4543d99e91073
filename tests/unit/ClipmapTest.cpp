// The engine's clipmap over any height function: a tilted plane's rings lie exactly on the
// plane with its normal, rings carry colours and uv1 only when given a vertex function (and
// then the function's values at each vertex's field point), and bad settings are refused with
// a message. The hike's terrain over it is in HikeClipmapTest.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "assets/Clipmap.h"
#include "core/Error.h"

using namespace th;

namespace {

/// h = 0.25 x − 0.5 z + 3: exact in floats at the lattice points used here.
HeightSample plane(float x, float z) { return {0.25f * x - 0.5f * z + 3.0f, {0.25f, -0.5f}}; }

ClipmapSettings small() { return {.rings = 3, .cells = 16, .baseSpacing = 1.0f, .blendCells = 2}; }

} // namespace

TEST_CASE("clipmap rings over a plane lie on it, face up along its normal and carry no colours by default") {
    Clipmap clipmap(plane, small());
    ClipmapUpdate first = clipmap.update({5.0f, -3.0f});
    CHECK(first.moved.size() == 3);
    glm::vec3 n = glm::normalize(glm::vec3(-0.25f, 1.0f, 0.5f));
    for (int L = 0; L < clipmap.ringCount(); ++L) {
        CAPTURE(L);
        const MeshData& m = clipmap.ring(L).mesh;
        REQUIRE(!m.positions.empty());
        CHECK(m.colors.empty());
        CHECK(m.uv1.empty());
        for (size_t v = 0; v < m.positions.size(); ++v) {
            const glm::vec3& p = m.positions[v];
            CHECK(p.y == doctest::Approx(plane(p.x, p.z).height).epsilon(1e-5));
            CHECK(glm::length(m.normals[v] - n) < 1e-5f);
        }
    }
}

TEST_CASE("clipmap vertex data comes from the vertex function at each vertex's field point") {
    Clipmap clipmap(plane, small(), [](const glm::vec3& p, const HeightSample& s) {
        return ClipmapVertexData{glm::vec4(p.x, p.y, p.z, s.slope()), glm::vec2(s.gradient)};
    });
    clipmap.update({0.0f, 0.0f});
    for (int L = 0; L < clipmap.ringCount(); ++L) {
        const MeshData& m = clipmap.ring(L).mesh;
        REQUIRE(m.colors.size() == m.positions.size());
        REQUIRE(m.uv1.size() == m.positions.size());
        for (size_t v = 0; v < m.positions.size(); ++v) {
            CHECK(m.colors[v].x == m.positions[v].x);
            CHECK(m.colors[v].z == m.positions[v].z);
            CHECK(m.colors[v].w == doctest::Approx(std::sqrt(0.25 * 0.25 + 0.5 * 0.5)));
            CHECK((m.uv1[v] == glm::vec2(0.25f, -0.5f)));
        }
    }
}

TEST_CASE("clipmap settings it cannot build are refused with the reason") {
    auto message = [](ClipmapSettings s, HeightFunction h = plane) {
        try {
            Clipmap c(std::move(h), s);
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    CHECK(message({.cells = 30}).find("multiple of 4") != std::string::npos);
    CHECK(message({.rings = 0}).find("rings") != std::string::npos);
    CHECK(message({.baseSpacing = 0.3f}).find("power of two") != std::string::npos);
    CHECK(message(small(), HeightFunction{}).find("no height function") != std::string::npos);
}
