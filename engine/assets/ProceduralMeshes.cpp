#include "assets/ProceduralMeshes.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "assets/TangentGenerator.h"
#include "core/Error.h"
#include "core/Str.h"

namespace th {

namespace {

constexpr float kPi = 3.14159265358979f;

/// Collects vertices and triangles; `triangle` orders its corners so that the front face
/// agrees with the intended normal, which keeps every generator's winding right by
/// construction rather than by careful index bookkeeping.
struct Builder {
    MeshData mesh;

    uint32_t vertex(const glm::vec3& p, const glm::vec3& n, const glm::vec2& uv) {
        mesh.positions.push_back(p);
        mesh.normals.push_back(n);
        mesh.uv0.push_back(uv);
        return uint32_t(mesh.positions.size() - 1);
    }
    void triangle(uint32_t a, uint32_t b, uint32_t c) {
        const auto& p = mesh.positions;
        glm::vec3 face = glm::cross(p[b] - p[a], p[c] - p[a]);
        glm::vec3 wanted = mesh.normals[a] + mesh.normals[b] + mesh.normals[c];
        if (glm::dot(face, wanted) < 0.0f) std::swap(b, c);
        mesh.indices.insert(mesh.indices.end(), {a, b, c});
    }
    /// Quad a-b-c-d in order around its edge.
    void quad(uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
        triangle(a, b, c);
        triangle(a, c, d);
    }
    MeshData finish(std::optional<glm::vec4> color, const char* name, MeshOrder order = MeshOrder::Optimized) {
        mesh.name = name;
        if (color) fillColor(mesh, *color);
        generateTangents(mesh, 0);
        if (order == MeshOrder::Optimized) optimizeMeshOrder(mesh);
        return std::move(mesh);
    }
};

void requireAtLeast(const char* what, int value, int minimum) {
    if (value < minimum) throw Error(str(what, " must be at least ", minimum, ", got ", value));
}

/// Around Y, with angle 0 at +Z and increasing towards +X, so that u grows to the right when
/// the surface is seen from outside.
glm::vec3 around(float angle) { return {std::sin(angle), 0.0f, std::cos(angle)}; }

/// A flat quad: `root0`/`root1` on the hinge, `tip0`/`tip1` at the far edge, facing `normal`.
void wingQuad(Builder& b, const glm::vec3& root0, const glm::vec3& root1, const glm::vec3& tip1, const glm::vec3& tip0,
              const glm::vec3& normal, float halfSpan) {
    auto uvOf = [&](const glm::vec3& p, float v) { return glm::vec2(std::fabs(p.x) / halfSpan, v); };
    uint32_t a = b.vertex(root0, normal, uvOf(root0, 0.0f));
    uint32_t c = b.vertex(root1, normal, uvOf(root1, 1.0f));
    uint32_t d = b.vertex(tip1, normal, uvOf(tip1, 1.0f));
    uint32_t e = b.vertex(tip0, normal, uvOf(tip0, 0.0f));
    b.quad(a, c, d, e);
}

/// A diamond along Z: nose at +length/2, tail at −length/2, flat-shaded (8 triangles).
void diamondBody(Builder& b, float length, float halfWidth, float halfHeight) {
    glm::vec3 nose(0, 0, length * 0.5f), tail(0, 0, -length * 0.5f);
    glm::vec3 ring[4] = {{halfWidth, 0, 0}, {0, halfHeight, 0}, {-halfWidth, 0, 0}, {0, -halfHeight, 0}};
    for (int i = 0; i < 4; ++i) {
        const glm::vec3& r0 = ring[i];
        const glm::vec3& r1 = ring[(i + 1) % 4];
        for (const glm::vec3& end : {nose, tail}) {
            glm::vec3 n = glm::normalize(glm::cross(r1 - r0, end - r0));
            glm::vec3 centre = (r0 + r1 + end) / 3.0f;
            if (glm::dot(n, centre) < 0.0f) n = -n; // outwards
            uint32_t i0 = b.vertex(r0, n, {0, 0.5f}), i1 = b.vertex(r1, n, {0, 0.5f}), i2 = b.vertex(end, n, {0, 0.5f});
            b.triangle(i0, i1, i2);
        }
    }
}

} // namespace

MeshData makePlane(float width, float depth, int subdivisions, std::optional<glm::vec4> color, MeshOrder order) {
    requireAtLeast("makePlane: subdivisions", subdivisions, 1);
    Builder b;
    const int n = subdivisions;
    for (int i = 0; i <= n; ++i)
        for (int j = 0; j <= n; ++j) {
            float u = float(j) / float(n), v = float(i) / float(n);
            b.vertex({(u - 0.5f) * width, 0.0f, (v - 0.5f) * depth}, {0, 1, 0}, {u, v});
        }
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            uint32_t a = uint32_t(i * (n + 1) + j), c = a + uint32_t(n + 1);
            b.quad(a, c, c + 1, a + 1);
        }
    return b.finish(color, "plane", order);
}

MeshData makeBox(const glm::vec3& size, std::optional<glm::vec4> color, MeshOrder order) {
    struct Face {
        glm::vec3 normal, right, up; // right × up = normal, as seen from outside
    };
    const Face faces[6] = {
        {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}},  {{0, 0, -1}, {-1, 0, 0}, {0, 1, 0}}, {{1, 0, 0}, {0, 0, -1}, {0, 1, 0}},
        {{-1, 0, 0}, {0, 0, 1}, {0, 1, 0}}, {{0, 1, 0}, {1, 0, 0}, {0, 0, -1}},  {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}},
    };
    Builder b;
    const glm::vec3 half = size * 0.5f;
    for (const Face& f : faces) {
        uint32_t first = uint32_t(b.mesh.positions.size());
        for (int k = 0; k < 4; ++k) {
            float x = (k == 1 || k == 2) ? 1.0f : -1.0f; // corners anticlockwise from bottom-left
            float y = (k >= 2) ? 1.0f : -1.0f;
            b.vertex((f.normal + f.right * x + f.up * y) * half, f.normal, {(x + 1) * 0.5f, (1 - y) * 0.5f});
        }
        b.quad(first, first + 1, first + 2, first + 3);
    }
    return b.finish(color, "box", order);
}

MeshData makeUvSphere(float radius, int segments, int rings, std::optional<glm::vec4> color, MeshOrder order) {
    requireAtLeast("makeUvSphere: segments", segments, 3);
    requireAtLeast("makeUvSphere: rings", rings, 2);
    Builder b;
    for (int i = 0; i <= rings; ++i) {
        float v = float(i) / float(rings), theta = v * kPi;
        for (int j = 0; j <= segments; ++j) {
            float u = float(j) / float(segments);
            glm::vec3 n = around(u * 2.0f * kPi) * std::sin(theta) + glm::vec3(0, std::cos(theta), 0);
            if (i == 0 || i == rings) n = glm::vec3(0, i == 0 ? 1.0f : -1.0f, 0);
            b.vertex(n * radius, n, {u, v});
        }
    }
    const uint32_t row = uint32_t(segments + 1);
    for (int i = 0; i < rings; ++i)
        for (int j = 0; j < segments; ++j) {
            uint32_t a = uint32_t(i) * row + uint32_t(j), c = a + row;
            if (i != 0) b.triangle(a, c, a + 1);             // the top row's is degenerate
            if (i != rings - 1) b.triangle(a + 1, c, c + 1); // the bottom row's is degenerate
        }
    return b.finish(color, "uvSphere", order);
}

MeshData makeCylinder(float radius, float height, int sides, bool caps, std::optional<glm::vec4> color, MeshOrder order) {
    requireAtLeast("makeCylinder: sides", sides, 3);
    Builder b;
    const float h = height * 0.5f;
    for (int j = 0; j <= sides; ++j) {
        float u = float(j) / float(sides);
        glm::vec3 n = around(u * 2.0f * kPi);
        b.vertex(n * radius + glm::vec3(0, h, 0), n, {u, 0.0f});
        b.vertex(n * radius - glm::vec3(0, h, 0), n, {u, 1.0f});
    }
    for (int j = 0; j < sides; ++j) {
        uint32_t top = uint32_t(2 * j), bottom = top + 1;
        b.quad(top, bottom, bottom + 2, top + 2);
    }
    if (caps) {
        for (float side : {1.0f, -1.0f}) {
            glm::vec3 n(0, side, 0);
            // Seen from outside each cap is mapped upright: +X to the right.
            auto capUv = [&](const glm::vec3& p) {
                return glm::vec2(0.5f + p.x / (2 * radius), 0.5f + side * p.z / (2 * radius));
            };
            glm::vec3 centre(0, side * h, 0);
            uint32_t c = b.vertex(centre, n, capUv(centre));
            uint32_t first = uint32_t(b.mesh.positions.size());
            for (int j = 0; j < sides; ++j) {
                glm::vec3 p = around(float(j) / float(sides) * 2.0f * kPi) * radius + centre;
                b.vertex(p, n, capUv(p));
            }
            for (int j = 0; j < sides; ++j) b.triangle(c, first + uint32_t(j), first + uint32_t((j + 1) % sides));
        }
    }
    return b.finish(color, "cylinder", order);
}

MeshData makeCone(float radius, float height, int sides, int heightSegments, bool cap, std::optional<glm::vec4> color, MeshOrder order) {
    requireAtLeast("makeCone: sides", sides, 3);
    requireAtLeast("makeCone: heightSegments", heightSegments, 1);
    Builder b;
    const float h = height * 0.5f;
    // The side's outward normal: perpendicular to the slant line (radius, height).
    auto sideNormal = [&](float angle) { return glm::normalize(around(angle) * height + glm::vec3(0, radius, 0)); };
    const uint32_t row = uint32_t(sides + 1);
    for (int k = 0; k < heightSegments; ++k) { // rings from the base up; the apex is separate
        float f = float(k) / float(heightSegments);
        for (int j = 0; j <= sides; ++j) {
            float u = float(j) / float(sides), angle = u * 2.0f * kPi;
            b.vertex(around(angle) * radius * (1.0f - f) + glm::vec3(0, -h + height * f, 0), sideNormal(angle),
                     {u, 1.0f - f});
        }
    }
    for (int k = 0; k + 1 < heightSegments; ++k)
        for (int j = 0; j < sides; ++j) {
            uint32_t lower = uint32_t(k) * row + uint32_t(j), upper = lower + row;
            b.quad(upper, lower, lower + 1, upper + 1);
        }
    // One apex vertex per side, its normal half-way round, so the tip shades smoothly.
    const uint32_t topRing = uint32_t(heightSegments - 1) * row;
    for (int j = 0; j < sides; ++j) {
        float u = (float(j) + 0.5f) / float(sides);
        uint32_t apex = b.vertex({0, h, 0}, sideNormal(u * 2.0f * kPi), {u, 0.0f});
        b.triangle(apex, topRing + uint32_t(j), topRing + uint32_t(j) + 1);
    }
    if (cap) {
        glm::vec3 n(0, -1, 0), centre(0, -h, 0);
        auto capUv = [&](const glm::vec3& p) {
            return glm::vec2(0.5f + p.x / (2 * radius), 0.5f - p.z / (2 * radius));
        };
        uint32_t c = b.vertex(centre, n, capUv(centre));
        uint32_t first = uint32_t(b.mesh.positions.size());
        for (int j = 0; j < sides; ++j) {
            glm::vec3 p = around(float(j) / float(sides) * 2.0f * kPi) * radius + centre;
            b.vertex(p, n, capUv(p));
        }
        for (int j = 0; j < sides; ++j) b.triangle(c, first + uint32_t((j + 1) % sides), first + uint32_t(j));
    }
    return b.finish(color, "cone", order);
}

MeshData makeTree() {
    // Linear colours: bark brown and needle green.
    const glm::vec4 bark(0.20f, 0.10f, 0.04f, 1.0f), needles(0.05f, 0.20f, 0.04f, 1.0f);
    MeshData tree;
    tree.name = "tree";
    appendMesh(tree, makeCylinder(0.2f, 2.0f, 12, true, bark), glm::translate(glm::mat4(1.0f), glm::vec3(0, 1.0f, 0)));
    appendMesh(tree, makeCone(1.5f, 6.0f, 36, 6, true, needles),
               glm::translate(glm::mat4(1.0f), glm::vec3(0, 5.0f, 0)));
    return tree;
}

MeshData makeGrassCard(float width, float height) {
    Builder b;
    const float w = width * 0.5f;
    // Each quad: (right axis, normal); seen from the front +right is to the right.
    const glm::vec3 planes[2][2] = {{{1, 0, 0}, {0, 0, 1}}, {{0, 0, -1}, {1, 0, 0}}};
    for (const auto& plane : planes) {
        const glm::vec3& right = plane[0];
        const glm::vec3& n = plane[1];
        uint32_t bl = b.vertex(-right * w, n, {0, 1});
        uint32_t br = b.vertex(right * w, n, {1, 1});
        uint32_t tr = b.vertex(right * w + glm::vec3(0, height, 0), n, {1, 0});
        uint32_t tl = b.vertex(-right * w + glm::vec3(0, height, 0), n, {0, 0});
        b.quad(bl, br, tr, tl);
    }
    const glm::vec4 root(0.02f, 0.07f, 0.01f, 1.0f), tip(0.22f, 0.42f, 0.07f, 1.0f);
    b.mesh.colors.resize(b.mesh.positions.size());
    for (size_t i = 0; i < b.mesh.positions.size(); ++i) {
        float t = height > 0.0f ? b.mesh.positions[i].y / height : 0.0f;
        b.mesh.colors[i] = root + (tip - root) * t;
    }
    return b.finish(std::nullopt, "grassCard");
}

MeshData makeBird(float halfSpan) {
    Builder b;
    const float s = halfSpan;
    diamondBody(b, 0.6f * s, 0.08f * s, 0.08f * s);
    const size_t bodyVertices = b.mesh.positions.size();
    const glm::vec3 up(0, 1, 0);
    for (float side : {1.0f, -1.0f}) {
        // Root chord 0.35·s on the body axis; the tip is narrower and swept back.
        wingQuad(b, {0, 0, 0.15f * s}, {0, 0, -0.2f * s}, {side * s, 0, -0.3f * s}, {side * s, 0, -0.1f * s}, up, s);
    }
    const glm::vec4 body(0.05f, 0.05f, 0.06f, 1.0f), wing(0.12f, 0.12f, 0.13f, 1.0f);
    b.mesh.colors.resize(b.mesh.positions.size());
    for (size_t i = 0; i < b.mesh.positions.size(); ++i) b.mesh.colors[i] = i < bodyVertices ? body : wing;
    return b.finish(std::nullopt, "bird");
}

MeshData makeButterfly(float halfSpan) {
    Builder b;
    const float s = halfSpan;
    diamondBody(b, 0.8f * s, 0.05f * s, 0.05f * s);
    const size_t bodyVertices = b.mesh.positions.size();
    const glm::vec3 up(0, 1, 0);
    for (float side : {1.0f, -1.0f}) {
        wingQuad(b, {0, 0, 0.3f * s}, {0, 0, 0.0f}, {side * s, 0, 0.15f * s}, {side * s, 0, 0.65f * s}, up, s); // fore
        wingQuad(b, {0, 0, 0.0f}, {0, 0, -0.35f * s}, {side * 0.7f * s, 0, -0.6f * s}, {side * 0.7f * s, 0, -0.15f * s},
                 up, s); // hind
    }
    const glm::vec4 body(0.03f, 0.02f, 0.02f, 1.0f), wing(0.80f, 0.30f, 0.02f, 1.0f);
    b.mesh.colors.resize(b.mesh.positions.size());
    for (size_t i = 0; i < b.mesh.positions.size(); ++i) b.mesh.colors[i] = i < bodyVertices ? body : wing;
    return b.finish(std::nullopt, "butterfly");
}

} // namespace th
