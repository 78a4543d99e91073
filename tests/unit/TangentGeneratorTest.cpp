// Tangent and normal generation: glTF's convention on known quads, mirrored UVs splitting
// vertices, degenerate UVs, and agreement with the tangents a real exporter wrote.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>

#include "assets/GltfImporter.h"
#include "assets/TangentGenerator.h"
#include "core/Error.h"
#include "core/Log.h"

using namespace th;
namespace fs = std::filesystem;

namespace {

bool near(const glm::vec3& a, const glm::vec3& b, float eps = 1e-5f) { return glm::length(a - b) < eps; }

/// A unit quad in the XY plane facing +Z; `u0`/`u1` are the u at x = 0 and x = 1, v is 0 at
/// the top (y = 1) and 1 at the bottom, as glTF's UV origin is the image's top-left.
MeshData quad(float x0, float u0, float u1) {
    MeshData m;
    m.positions = {{x0, 0, 0}, {x0 + 1, 0, 0}, {x0 + 1, 1, 0}, {x0, 1, 0}};
    m.normals.assign(4, {0, 0, 1});
    m.uv0 = {{u0, 1}, {u1, 1}, {u1, 0}, {u0, 0}};
    m.indices = {0, 1, 2, 0, 2, 3};
    return m;
}

void checkFrames(const MeshData& m) {
    REQUIRE(m.tangents.size() == m.positions.size());
    for (size_t v = 0; v < m.tangents.size(); ++v) {
        glm::vec3 t(m.tangents[v]);
        CHECK(std::fabs(glm::length(t) - 1.0f) < 1e-4f);
        CHECK(std::fabs(glm::dot(t, m.normals[v])) < 1e-4f);
        CHECK(std::fabs(std::fabs(m.tangents[v].w) - 1.0f) == 0.0f);
    }
}

} // namespace

TEST_CASE("a quad mapped upright gets tangent +X and w = +1 (bitangent towards the image top)") {
    MeshData m = quad(0, 0, 1);
    generateTangents(m);
    checkFrames(m);
    CHECK(m.vertexCount() == 4);
    for (const glm::vec4& t : m.tangents) {
        CHECK(near(glm::vec3(t), {1, 0, 0}));
        CHECK(t.w == 1.0f);
        // glTF: bitangent = cross(N, T) · w points to decreasing v, which is +Y here.
        CHECK(near(glm::cross(glm::vec3(0, 0, 1), glm::vec3(t)) * t.w, {0, 1, 0}));
    }
}

TEST_CASE("a horizontally mirrored quad gets tangent −X and w = −1") {
    MeshData m = quad(0, 1, 0);
    generateTangents(m);
    checkFrames(m);
    for (const glm::vec4& t : m.tangents) {
        CHECK(near(glm::vec3(t), {-1, 0, 0}));
        CHECK(t.w == -1.0f);
    }
}

TEST_CASE("a mirrored pair sharing its seam vertices splits them so each side keeps its sign") {
    // Two quads side by side sharing the edge x = 1; the right one mirrors the left's UVs.
    MeshData m;
    m.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {2, 0, 0}, {2, 1, 0}};
    m.normals.assign(6, {0, 0, 1});
    m.uv0 = {{0, 1}, {1, 1}, {1, 0}, {0, 0}, {0, 1}, {0, 0}};
    m.indices = {0, 1, 2, 0, 2, 3, 1, 4, 5, 1, 5, 2};
    generateTangents(m);
    checkFrames(m);
    CHECK(m.vertexCount() == 8); // the two seam vertices were duplicated
    for (size_t t = 0; t < 4; ++t) {
        const uint32_t* tri = &m.indices[3 * t];
        float expected = t < 2 ? 1.0f : -1.0f;
        for (int k = 0; k < 3; ++k) {
            CHECK(m.tangents[tri[k]].w == expected);
            CHECK(glm::dot(glm::vec3(m.tangents[tri[k]]), glm::vec3(expected, 0, 0)) > 0.99f);
        }
    }
    // Copies carry the same position and UV as their originals.
    CHECK(near(m.positions[6], m.positions[1]) != near(m.positions[6], m.positions[2]));
}

TEST_CASE("a split vertex keeps its joints, weights and morph displacements") {
    // The mirrored pair again, skinned and with one morph target: each seam copy must carry
    // its original's skin and displacement, or the arrays no longer match the positions.
    MeshData m;
    m.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {2, 0, 0}, {2, 1, 0}};
    m.normals.assign(6, {0, 0, 1});
    m.uv0 = {{0, 1}, {1, 1}, {1, 0}, {0, 0}, {0, 1}, {0, 0}};
    m.indices = {0, 1, 2, 0, 2, 3, 1, 4, 5, 1, 5, 2};
    for (uint16_t v = 0; v < 6; ++v) {
        m.joints0.push_back({v, 0, 0, 0});
        m.weights0.push_back({1, 0, 0, 0});
    }
    MorphTarget target;
    for (int v = 0; v < 6; ++v) target.positions.push_back({0, 0, float(v)});
    m.targets.push_back(target);
    generateTangents(m);
    REQUIRE(m.vertexCount() == 8);
    REQUIRE(m.joints0.size() == 8);
    REQUIRE(m.weights0.size() == 8);
    REQUIRE(m.targets[0].positions.size() == 8);
    for (size_t copy = 6; copy < 8; ++copy) {
        const uint16_t original = m.joints0[copy].x;
        CHECK(near(m.positions[copy], m.positions[original]));
        CHECK(m.targets[0].positions[copy].z == float(original));
    }
}

TEST_CASE("degenerate UVs and missing UVs fall back to a tangent perpendicular to the normal") {
    MeshData m = quad(0, 0, 1);
    m.uv0.assign(4, {0.5f, 0.5f});
    m.normals.assign(4, glm::normalize(glm::vec3(0, 1, 1)));
    generateTangents(m);
    checkFrames(m);
    CHECK(m.tangents[0].w == 1.0f);

    MeshData noUv = quad(0, 0, 1);
    noUv.uv0.clear();
    generateTangents(noUv);
    checkFrames(noUv);
}

TEST_CASE("tangents come from the requested UV set") {
    MeshData m = quad(0, 0, 1);
    m.uv1 = {{0, 0}, {0, 1}, {1, 1}, {1, 0}}; // u runs along +Y in set 1
    generateTangents(m, 1);
    for (const glm::vec4& t : m.tangents) CHECK(near(glm::vec3(t), {0, 1, 0}));
}

TEST_CASE("tangents on a curved surface stay orthogonal to its smooth normals") {
    MeshData m;
    const int n = 8;
    for (int i = 0; i <= n; ++i)
        for (int j = 0; j <= n; ++j) {
            float a = float(j) / n * 3.0f, y = float(i) / n;
            m.positions.push_back({std::sin(a), y, std::cos(a)});
            m.uv0.push_back({float(j) / n, 1.0f - y});
        }
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            uint32_t a = uint32_t(i * (n + 1) + j), b = a + 1, c = a + uint32_t(n + 1), d = c + 1;
            m.indices.insert(m.indices.end(), {a, b, d, a, d, c});
        }
    generateTangents(m); // also generates smooth normals
    REQUIRE(m.normals.size() == m.positions.size());
    checkFrames(m);
}

TEST_CASE("flat normals copy a vertex where its triangles disagree - smooth normals average - degenerate triangles give +Y") {
    MeshData m;
    m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, -1}};
    m.uv0 = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
    m.indices = {0, 1, 2, 0, 1, 3};
    MeshData flat = m;
    generateNormals(flat, false);
    CHECK(flat.vertexCount() == 6); // vertices 0 and 1 are shared by the two planes: copied
    CHECK(flat.uv0.size() == 6);
    CHECK(near(flat.normals[0], {0, 0, 1}));
    CHECK(near(flat.normals[3], {0, 1, 0}));
    CHECK((flat.indices == std::vector<uint32_t>{0, 1, 2, 4, 5, 3}));
    CHECK(flat.positions[4] == m.positions[0]);
    CHECK(flat.uv0[5] == m.uv0[1]);
    generateNormals(m, true);
    CHECK(m.vertexCount() == 4);
    CHECK(near(m.normals[2], {0, 0, 1}));
    CHECK(near(m.normals[0], glm::normalize(glm::vec3(0, 1, 1))));

    MeshData degenerate;
    degenerate.positions = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    degenerate.indices = {0, 1, 2};
    generateNormals(degenerate, false);
    CHECK(near(degenerate.normals[0], {0, 1, 0}));
}

/// Flat shading's promise: each triangle's corners carry its own normal.
void checkFlat(const MeshData& m) {
    for (size_t t = 0; t + 2 < m.indices.size(); t += 3) {
        const uint32_t* c = &m.indices[t];
        glm::vec3 n = glm::normalize(glm::cross(m.positions[c[1]] - m.positions[c[0]], m.positions[c[2]] - m.positions[c[0]]));
        for (int k = 0; k < 3; ++k) CHECK(glm::dot(m.normals[c[k]], n) > 0.9999f);
    }
}

TEST_CASE("flat normals keep a planar grid indexed and give a box's faces their own corners") {
    MeshData plane;
    const int n = 20;
    for (int i = 0; i <= n; ++i)
        for (int j = 0; j <= n; ++j) plane.positions.push_back({float(j), 0.0f, float(i)});
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            uint32_t a = uint32_t(i * (n + 1) + j), b = a + 1, c = a + uint32_t(n + 1), d = c + 1;
            plane.indices.insert(plane.indices.end(), {a, c, b, b, c, d});
        }
    generateNormals(plane, false);
    CHECK(plane.vertexCount() == size_t((n + 1) * (n + 1))); // nothing copied
    checkFlat(plane);

    // A box of 8 shared corners: each corner touches 3 faces, so it needs 3 vertices.
    MeshData box;
    for (int k = 0; k < 8; ++k) box.positions.push_back({float(k & 1), float((k >> 1) & 1), float((k >> 2) & 1)});
    box.indices = {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5};
    generateNormals(box, false);
    CHECK(box.vertexCount() == 24);
    checkFlat(box);
}

TEST_CASE("bad meshes are errors, not crashes") {
    MeshData m = quad(0, 0, 1);
    m.indices.push_back(9);
    m.indices.push_back(0);
    m.indices.push_back(1);
    CHECK_THROWS_AS(generateTangents(m), Error);
    MeshData mismatch = quad(0, 0, 1);
    mismatch.uv0.pop_back();
    CHECK_THROWS_AS(generateNormals(mismatch, true), Error);
}

TEST_CASE("generated tangents agree with those NormalTangentMirrorTest supplies") {
    const char* shared = std::getenv("TRAILHEAD_SHARED_DIR");
    fs::path root = shared ? fs::path(shared) : fs::path(TRAILHEAD_SOURCE_DIR) / ".." / "shared";
    fs::path file = root / "gltf" / "NormalTangentMirrorTest" / "glTF" / "NormalTangentMirrorTest.gltf";
    if (!fs::exists(file)) {
        MESSAGE("skipping: " << file.string() << " not found");
        return;
    }
    ScopedLogSink quiet([](LogLevel, std::string_view) {});
    GltfImportOptions options;
    options.decodeImages = false;
    ImportedModel model = importGltf(file, options);
    const MeshData& supplied = model.meshes.at(0);
    REQUIRE(supplied.tangents.size() == supplied.vertexCount());
    MeshData generated = supplied;
    generated.tangents.clear();
    generateTangents(generated);
    size_t agreeSign = 0, agreeDirection = 0, mirrored = 0;
    for (size_t v = 0; v < supplied.vertexCount(); ++v) {
        if (supplied.tangents[v].w < 0) ++mirrored;
        if (generated.tangents[v].w == supplied.tangents[v].w) ++agreeSign;
        if (glm::dot(glm::vec3(generated.tangents[v]), glm::vec3(supplied.tangents[v])) > 0.9f) ++agreeDirection;
    }
    const double n = double(supplied.vertexCount());
    MESSAGE("NormalTangentMirrorTest: " << mirrored << " of " << supplied.vertexCount()
                                        << " vertices mirrored; sign agrees on " << agreeSign / n * 100
                                        << "%, direction on " << agreeDirection / n * 100 << "%");
    CHECK(mirrored > 0);
    CHECK(agreeSign / n > 0.98);
    CHECK(agreeDirection / n > 0.95);
}
