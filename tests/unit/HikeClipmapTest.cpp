// The hike's terrain: the analytic height field's gradient is exact, and the geometry clipmap
// over it is wound counter-clockwise seen from above, watertight across ring seams (every
// edge but the outer rim shared by exactly two triangles, with bit-identical vertices), never
// below the field at its half-lattice points, and streams: a scrolled ring equals a fresh
// build at the new camera.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <map>
#include <tuple>

#include "assets/Clipmap.h"
#include "hike/Heightfield.h"
#include "hike/HikeTerrain.h"

using namespace th;
using namespace th::hike;

namespace {

/// Small settings so the tests run fast: 4 rings of 32² cells.
ClipmapSettings smallSettings() {
    ClipmapSettings s;
    s.rings = 4;
    s.cells = 32;
    s.blendCells = 4;
    return s;
}

/// The hike's terrain as the scene builds it: the field's heights, the classifier's weights.
Clipmap terrainClipmap(const Heightfield& field, ClipmapSettings settings = {}) {
    return Clipmap(heightFunction(field), settings, terrainWeights({}));
}

using Key = std::tuple<uint32_t, uint32_t, uint32_t>;
Key keyOf(const glm::vec3& p) {
    uint32_t x, y, z;
    std::memcpy(&x, &p.x, 4);
    std::memcpy(&y, &p.y, 4);
    std::memcpy(&z, &p.z, 4);
    return {x, y, z};
}

} // namespace

TEST_CASE("hike height field: the gradient is the derivative of the height") {
    Heightfield field(3);
    for (int k = 0; k < 400; ++k) {
        float x = -3000.0f + 13.37f * float(k), z = 2500.0f - 11.91f * float(k);
        HeightSample s = field.sample(x, z);
        const float e = 0.05f;
        float dx = (field.height(x + e, z) - field.height(x - e, z)) / (2 * e);
        float dz = (field.height(x, z + e) - field.height(x, z - e)) / (2 * e);
        CHECK(std::abs(s.gradient.x - dx) < 2e-3f);
        CHECK(std::abs(s.gradient.y - dz) < 2e-3f);
        CHECK(std::abs(glm::length(s.normal()) - 1.0f) < 1e-5f);
    }
    // Seeded: same seed, same field; another seed, another field.
    CHECK(Heightfield(3).height(10.0f, 20.0f) == field.height(10.0f, 20.0f));
    CHECK(Heightfield(4).height(10.0f, 20.0f) != field.height(10.0f, 20.0f));
}

TEST_CASE("clipmap budget: 7 rings of 128 quads at 1 to 64 m, about 90 000 quads, 8 km across") {
    Heightfield field(1);
    Clipmap clipmap = terrainClipmap(field);
    CHECK(clipmap.ringCount() == 7);
    CHECK(clipmap.ring(0).spacing == 1.0f);
    CHECK(clipmap.ring(6).spacing == 64.0f);
    CHECK(clipmap.extent() == 8192.0f);
    CHECK(clipmap.quadCount() == 90112);
    CHECK(clipmap.quadCount() < 100000);
}

TEST_CASE("clipmap origins snap to twice the spacing and nest whole quads inside the coarser ring") {
    for (glm::vec2 camera : {glm::vec2(0.0f), glm::vec2(13.7f, -3.2f), glm::vec2(-517.25f, 911.9f), glm::vec2(2.0f, 2.0f)}) {
        for (int L = 0; L < 7; ++L) {
            float s = std::ldexp(1.0f, L);
            glm::ivec2 o = Clipmap::snapOrigin(camera, s, 128);
            CHECK(o.x % 2 == 0);
            CHECK(o.y % 2 == 0);
            // The camera stays near the middle of the ring.
            CHECK(std::abs(camera.x - (float(o.x) + 64.0f) * s) <= 2.0f * s);
            CHECK(std::abs(camera.y - (float(o.y) + 64.0f) * s) <= 2.0f * s);
            if (L > 0) {
                glm::ivec2 fine = Clipmap::snapOrigin(camera, s * 0.5f, 128);
                glm::ivec2 hole = fine / 2 - o;
                CHECK(hole.x >= 31);
                CHECK(hole.x + 64 <= 97);
                CHECK(hole.y >= 31);
                CHECK(hole.y + 64 <= 97);
            }
        }
    }
}

TEST_CASE("clipmap winding: every triangle faces up, counter-clockwise seen from above") {
    Heightfield field(2);
    Clipmap clipmap = terrainClipmap(field, smallSettings());
    clipmap.update({31.3f, -17.9f});
    int triangles = 0, wrong = 0;
    for (int L = 0; L < clipmap.ringCount(); ++L) {
        const MeshData& m = clipmap.ring(L).mesh;
        for (size_t t = 0; t < m.indices.size(); t += 3) {
            glm::vec3 a = m.positions[m.indices[t]], b = m.positions[m.indices[t + 1]], c = m.positions[m.indices[t + 2]];
            glm::vec3 n = glm::cross(b - a, c - a);
            ++triangles;
            if (!(n.y > 0.0f)) ++wrong;
        }
    }
    CHECK(triangles > 0);
    CHECK(wrong == 0);
}

TEST_CASE("clipmap seams are watertight: every edge but the outer rim is shared by two triangles") {
    Heightfield field(5);
    ClipmapSettings settings = smallSettings();
    Clipmap clipmap = terrainClipmap(field, settings);
    for (glm::vec2 camera : {glm::vec2(0.0f), glm::vec2(7.0f, 3.0f), glm::vec2(-45.5f, 61.0f)}) {
        clipmap.update(camera);
        // Weld by exact position: rings share seam vertices only if they agree to the bit.
        std::map<Key, uint32_t> ids;
        auto id = [&](const glm::vec3& p) { return ids.emplace(keyOf(p), uint32_t(ids.size())).first->second; };
        std::map<std::pair<uint32_t, uint32_t>, int> directed;
        for (int L = 0; L < clipmap.ringCount(); ++L) {
            const MeshData& m = clipmap.ring(L).mesh;
            for (size_t t = 0; t < m.indices.size(); t += 3) {
                uint32_t v[3] = {id(m.positions[m.indices[t]]), id(m.positions[m.indices[t + 1]]), id(m.positions[m.indices[t + 2]])};
                for (int e = 0; e < 3; ++e) ++directed[{v[e], v[(e + 1) % 3]}];
            }
        }
        // Consistent orientation: no directed edge twice. Watertight: each edge also runs the
        // other way, unless it lies on the outermost ring's rim.
        const ClipmapRing& outer = clipmap.ring(clipmap.ringCount() - 1);
        float x0 = float(outer.origin.x) * outer.spacing, z0 = float(outer.origin.y) * outer.spacing;
        float x1 = x0 + float(settings.cells) * outer.spacing, z1 = z0 + float(settings.cells) * outer.spacing;
        std::vector<glm::vec3> byId(ids.size());
        for (auto& [k, i] : ids) {
            glm::vec3 p;
            std::memcpy(&p.x, &std::get<0>(k), 4);
            std::memcpy(&p.y, &std::get<1>(k), 4);
            std::memcpy(&p.z, &std::get<2>(k), 4);
            byId[i] = p;
        }
        auto onRim = [&](const glm::vec3& p) { return p.x == x0 || p.x == x1 || p.z == z0 || p.z == z1; };
        int twice = 0, open = 0, rim = 0;
        for (auto& [e, n] : directed) {
            if (n > 1) ++twice;
            if (directed.count({e.second, e.first})) continue;
            if (onRim(byId[e.first]) && onRim(byId[e.second])) ++rim;
            else ++open;
        }
        CHECK(twice == 0);
        CHECK(open == 0);
        CHECK(rim == 4 * settings.cells);
    }
}

TEST_CASE("clipmap vertices: exact normals, weights summing to one, never below the field") {
    Heightfield field(9);
    Clipmap clipmap = terrainClipmap(field, smallSettings());
    clipmap.update({100.0f, 50.0f});
    int lifted = 0;
    for (int L = 0; L < clipmap.ringCount(); ++L) {
        const ClipmapRing& ring = clipmap.ring(L);
        const MeshData& m = ring.mesh;
        REQUIRE(m.colors.size() == m.positions.size());
        REQUIRE(m.uv1.size() == m.positions.size());
        for (size_t v = 0; v < m.positions.size(); ++v) {
            const glm::vec3& p = m.positions[v];
            HeightSample s = field.sample(p.x, p.z);
            glm::vec3 n = s.normal();
            CHECK(glm::length(m.normals[v] - n) < 1e-5f);
            float sum = m.colors[v].r + m.colors[v].g + m.colors[v].b + m.colors[v].a + m.uv1[v].x + m.uv1[v].y;
            CHECK(std::abs(sum - 1.0f) < 1e-4f);
            // Away from the seam band the drawn vertex is the field lifted by the chord excess.
            if (p.y > s.height + 1e-3f) ++lifted;
        }
        // At every drawn edge midpoint of ring interiors the drawn chord is at or above the field.
        int n = clipmap.settings().cells, V = n + 1;
        int band = L + 1 < clipmap.ringCount() ? clipmap.settings().blendCells : 0;
        for (int j = band; j < n - band; ++j)
            for (int i = band; i < n - band; ++i) {
                const glm::vec3& a = m.positions[size_t(j * V + i)];
                const glm::vec3& b = m.positions[size_t(j * V + i + 1)];
                const glm::vec3& c = m.positions[size_t((j + 1) * V + i)];
                for (auto [p, q] : {std::pair{a, b}, std::pair{a, c}, std::pair{b, c}}) {
                    glm::vec3 mid = (p + q) * 0.5f;
                    CHECK(mid.y >= field.height(mid.x, mid.z) - 2e-3f);
                }
            }
    }
    CHECK(lifted > 100); // the lift is real on this field
}

TEST_CASE("clipmap streaming: only moved rings rebuild, and a scrolled ring equals a fresh build") {
    Heightfield field(11);
    ClipmapSettings settings = smallSettings();
    Clipmap walking = terrainClipmap(field, settings);
    ClipmapUpdate first = walking.update({0.0f, 0.0f});
    CHECK(first.moved.size() == 4);
    CHECK(first.samplesEvaluated == 4u * 65u * 65u);
    ClipmapUpdate still = walking.update({0.4f, 0.3f});
    CHECK(still.moved.empty());
    CHECK(still.emitted.empty());
    CHECK(still.samplesEvaluated == 0);
    // Two metres east: ring 0 moves (2 m grid), ring 1 (4 m grid) may; the coarsest do not.
    ClipmapUpdate step = walking.update({2.1f, 0.3f});
    REQUIRE(!step.moved.empty());
    CHECK(step.moved.front() == 0);
    CHECK(step.samplesEvaluated < 65u * 65u); // only the new strips
    for (glm::vec2 camera : {glm::vec2(2.1f, 0.3f), glm::vec2(9.0f, -5.0f), glm::vec2(40.0f, 33.0f)}) {
        walking.update(camera);
        Clipmap fresh = terrainClipmap(field, settings);
        fresh.update(camera);
        for (int L = 0; L < walking.ringCount(); ++L) {
            CAPTURE(L);
            const MeshData& a = walking.ring(L).mesh;
            const MeshData& b = fresh.ring(L).mesh;
            CHECK((walking.ring(L).origin == fresh.ring(L).origin));
            CHECK(a.positions == b.positions);
            CHECK(a.normals == b.normals);
            CHECK(a.colors == b.colors);
            CHECK(a.uv1 == b.uv1);
            CHECK(a.indices == b.indices);
        }
    }
}
