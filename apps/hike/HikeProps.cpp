#include "hike/HikeProps.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "assets/MeshAppend.h"
#include "assets/ProceduralMeshes.h"

namespace th::hike {

/// A fir: a trunk under `tiers` stacked cones, origin at the trunk's base, +Y up. Crown
/// colours darken toward the base of each cone (a cheap stand-in for self-shadowing that
/// survives into the impostor bake).
MeshData makeFir(int trunkSides, int crownSides, int crownSegments, bool caps, std::string name) {
    MeshData tree;
    tree.name = std::move(name);
    const glm::vec4 bark(0.16f, 0.09f, 0.05f, 1.0f), needles(0.05f, 0.13f, 0.045f, 1.0f);
    appendMesh(tree, makeCylinder(0.24f, 3.0f, trunkSides, caps, bark),
               glm::translate(glm::mat4(1.0f), {0.0f, 1.5f, 0.0f}));
    struct Tier {
        float base, height, radius;
    };
    const Tier tiers[3] = {{2.0f, 4.5f, 2.3f}, {4.6f, 4.0f, 1.8f}, {7.0f, 3.6f, 1.25f}};
    for (const Tier& t : tiers) {
        MeshData cone = makeCone(t.radius, t.height, crownSides, crownSegments, caps, needles);
        for (size_t i = 0; i < cone.positions.size(); ++i) {
            float along = (cone.positions[i].y + 0.5f * t.height) / t.height; // 0 at the base, 1 at the tip
            float shade = 0.55f + 0.6f * along;
            cone.colors[i] = glm::vec4(glm::vec3(needles) * shade, 1.0f);
        }
        appendMesh(tree, cone, glm::translate(glm::mat4(1.0f), {0.0f, t.base + 0.5f * t.height, 0.0f}));
    }
    tree.tangents.clear();
    return tree;
}

/// A grass tuft: `blades` thin tapered blades around the origin, leaning outward, coloured
/// from `root` to `tip`; normals tilted up so the tuft shades like the ground it grows from.
/// Thin triangles rather than crossed quads: near the eye a quad card reads as a green shard,
/// and a blade covers fewer pixels (cheaper to fill).
MeshData makeGrassTuft(int blades, float height, glm::vec3 root, glm::vec3 tip) {
    MeshData m;
    m.name = "grass tuft";
    for (int b = 0; b < blades; ++b) {
        float a = 6.2831853f * (float(b) + 0.37f * float(b % 2)) / float(blades);
        glm::vec2 out(std::cos(a), std::sin(a));
        glm::vec2 across(-out.y, out.x);
        float h = height * (0.7f + 0.3f * float((b * 7) % 5) / 4.0f);
        float lean = 0.18f * h, halfWidth = 0.022f;
        glm::vec3 base(0.05f * out.x, 0.0f, 0.05f * out.y);
        glm::vec3 l = base - glm::vec3(across.x, 0, across.y) * halfWidth;
        glm::vec3 r = base + glm::vec3(across.x, 0, across.y) * halfWidth;
        glm::vec3 t = base + glm::vec3(out.x * lean, h, out.y * lean);
        glm::vec3 n = glm::normalize(glm::cross(r - l, t - l));
        n = glm::normalize(n * 0.5f + glm::vec3(0.0f, 1.0f, 0.0f));
        uint32_t i = uint32_t(m.positions.size());
        m.positions.insert(m.positions.end(), {l, r, t});
        m.normals.insert(m.normals.end(), {n, n, n});
        m.colors.insert(m.colors.end(), {glm::vec4(root, 1.0f), glm::vec4(root, 1.0f), glm::vec4(tip, 1.0f)});
        m.indices.insert(m.indices.end(), {i, i + 1, i + 2});
    }
    return m;
}

/// The card the impostor texture goes on: a quad `width` × `height` standing on the origin,
/// facing +Z, in four columns whose normals turn outward like a cylinder's (and a little up)
/// so the relit card shades like a round crown rather than a flat board.
MeshData impostorCard(float width, float bottom, float top) {
    MeshData m;
    m.name = "impostor card";
    const int columns = 4;
    for (int c = 0; c <= columns; ++c) {
        float u = float(c) / float(columns);
        float phi = (u - 0.5f) * 2.2f;
        glm::vec3 n = glm::normalize(glm::vec3(std::sin(phi), 0.35f, std::cos(phi)));
        for (int r = 0; r < 2; ++r) {
            m.positions.push_back({(u - 0.5f) * width, r == 0 ? bottom : top, 0.0f});
            m.normals.push_back(n);
            m.uv0.push_back({u, r == 0 ? 1.0f : 0.0f}); // v = 0 at the top row of the bake
        }
    }
    for (int c = 0; c < columns; ++c) {
        uint32_t a = uint32_t(2 * c), b = a + 1, d = a + 2, e = a + 3; // a bottom-left, b top-left
        m.indices.insert(m.indices.end(), {a, d, b, b, d, e});
    }
    return m;
}

MeshData makeBush() {
    MeshData bush = makeUvSphere(1.0f, 9, 5, glm::vec4(0.07f, 0.16f, 0.05f, 1.0f));
    for (auto& p : bush.positions) p = {p.x * 1.1f, (p.y + 0.75f) * 0.8f, p.z * 1.1f};
    bush.tangents.clear();
    bush.name = "bush";
    return bush;
}

MeshData makeRock() {
    MeshData rock = makeUvSphere(1.0f, 8, 5, glm::vec4(0.32f, 0.31f, 0.29f, 1.0f));
    for (size_t i = 0; i < rock.positions.size(); ++i) {
        glm::vec3& p = rock.positions[i];
        // Lumpy: a fixed deformation so every rock is the same lump, scaled per instance.
        float lump =
            1.0f + 0.18f * std::sin(3.1f * p.x + 1.3f) * std::cos(2.7f * p.z - 0.4f) + 0.1f * std::sin(5.0f * p.y);
        p = glm::vec3(p.x, std::max(p.y, -0.3f), p.z) * lump;
    }
    rock.tangents.clear();
    rock.name = "rock";
    return rock;
}

} // namespace th::hike
