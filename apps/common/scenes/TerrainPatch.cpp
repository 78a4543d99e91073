#include "common/scenes/TerrainPatch.h"

#include <algorithm>
#include <cmath>

#include "assets/ProceduralMeshes.h"

namespace th {

namespace {
float smooth(float a, float b, float x) {
    float t = std::clamp((x - a) / (b - a), 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}

/// The reference field over a 40 m patch centred on the origin: from −2 m (sea bed) in the
/// west to about +3 m in the east, a 7 m step of steep ground across the north (−Z), and a
/// gentle swell everywhere.
float referenceHeight(float x, float z) {
    float rise = -2.0f + 0.125f * (x + 20.0f);
    float cliff = 7.0f * smooth(-6.0f, -10.0f, z);
    float swell = 0.35f * std::sin(0.41f * x + 0.3f) * std::cos(0.29f * z - 0.2f);
    return rise + cliff + swell;
}
constexpr float kReferenceMinimum = -2.0f - 0.35f;
} // namespace

float TerrainPatch::height(float x, float z) const {
    return origin.y + lift + scale * referenceHeight((x - origin.x) / scale, (z - origin.z) / scale);
}

TerrainPatch makeTerrainPatch(const TerrainPatchOptions& options) {
    TerrainPatch patch;
    patch.scale = options.size / 40.0f;
    patch.origin = options.origin;
    patch.lift = options.skirtClearance ? *options.skirtClearance - kReferenceMinimum * patch.scale : 0.0f;
    MeshData& m = patch.mesh;
    // As built: the skirt below walks the border by row and column of the grid.
    m = makePlane(options.size, options.size, options.subdivisions, std::nullopt, MeshOrder::AsBuilt);
    m.name = "terrain patch";
    m.tangents.clear(); // planar and triplanar projections need none
    const float e = 0.02f * patch.scale;
    for (size_t i = 0; i < m.positions.size(); ++i) {
        glm::vec3& p = m.positions[i];
        p += glm::vec3(options.origin.x, 0.0f, options.origin.z);
        p.y = patch.height(p.x, p.z);
        float dx = (patch.height(p.x + e, p.z) - patch.height(p.x - e, p.z)) / (2.0f * e);
        float dz = (patch.height(p.x, p.z + e) - patch.height(p.x, p.z - e)) / (2.0f * e);
        m.normals[i] = glm::normalize(glm::vec3(-dx, 1.0f, -dz));
    }
    terrain::SurfaceClassifier rules;
    rules.seed = options.seed;
    rules.seaLevel = options.origin.y + patch.lift;
    // A narrow beach (the classifier's defaults suit a coast kilometres long) and a mottle
    // small enough to show both grass and forest floor on the patch.
    rules.sandTop = 0.8f * patch.scale;
    rules.coastFade = 1.2f * patch.scale;
    rules.pebbleDepth = 0.4f * patch.scale;
    rules.mottleWavelength = 16.0f * patch.scale;
    terrain::classifyMesh(m, rules);

    if (options.skirtClearance) {
        // Vertical sides from the border down to the base, facing out: rock by slope.
        const int n = options.subdivisions + 1;
        auto vertex = [&](int col, int row) { return uint32_t(row * n + col); };
        std::vector<uint32_t> border;
        for (int c = 0; c < n - 1; ++c) border.push_back(vertex(c, 0));
        for (int r = 0; r < n - 1; ++r) border.push_back(vertex(n - 1, r));
        for (int c = n - 1; c > 0; --c) border.push_back(vertex(c, n - 1));
        for (int r = n - 1; r > 0; --r) border.push_back(vertex(0, r));
        glm::vec3 centre(options.origin.x, 0.0f, options.origin.z);
        terrain::LayerWeights rock{};
        rock[size_t(TerrainLayer::Rock)] = 1.0f;
        terrain::PackedWeights packed = terrain::packWeights(rock);
        for (size_t i = 0; i < border.size(); ++i) {
            glm::vec3 a = m.positions[border[i]], b = m.positions[border[(i + 1) % border.size()]];
            glm::vec3 along = b - a;
            glm::vec3 out = glm::normalize(glm::vec3(along.z, 0.0f, -along.x));
            if (glm::dot(out, glm::vec3(a.x, 0.0f, a.z) - centre) < 0.0f) out = -out;
            uint32_t base = uint32_t(m.positions.size());
            for (glm::vec3 p : {a, b, glm::vec3(b.x, options.origin.y, b.z), glm::vec3(a.x, options.origin.y, a.z)}) {
                m.positions.push_back(p);
                m.normals.push_back(out);
                m.uv0.push_back(glm::vec2(0.0f));
                m.colors.push_back(packed.color);
                m.uv1.push_back(packed.uv1);
            }
            // Counter-clockwise seen from outside: (a, b, b below) turns along × down.
            bool outward = glm::dot(glm::cross(b - a, glm::vec3(0, -1, 0)), out) > 0.0f;
            if (outward) m.indices.insert(m.indices.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
            else m.indices.insert(m.indices.end(), {base, base + 2, base + 1, base, base + 3, base + 2});
        }
    }

    float h = options.size * 0.5f;
    glm::vec2 o(options.origin.x, options.origin.z);
    patch.road = {o + glm::vec2(-h, h * 0.6f), o + glm::vec2(-h * 0.35f, h * 0.1f), o + glm::vec2(h * 0.2f, h * 0.35f),
                  o + glm::vec2(h, h * 0.45f)};
    patch.roadHalfWidth = 2.5f * std::min(1.0f, patch.scale * 1.6f);
    return patch;
}

} // namespace th
