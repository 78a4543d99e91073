#include "plugins/terrain/TerrainPatch.h"

#include <algorithm>
#include <cmath>

#include "assets/ProceduralMeshes.h"

namespace th {

namespace {
float smooth(float a, float b, float x) {
    float t = std::clamp((x - a) / (b - a), 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}
} // namespace

float TerrainPatch::height(float x, float z) const {
    // Rising from −2 m (sea bed) in the west to about +3 m in the east, a 7 m step of steep
    // ground across the north, and gentle undulation everywhere.
    float rise = -2.0f + 0.125f * (x + 20.0f);
    float cliff = 7.0f * smooth(6.0f, 10.0f, z);
    float swell = 0.35f * std::sin(0.41f * x + 0.3f) * std::cos(0.29f * z - 0.2f);
    return rise + cliff + swell;
}

TerrainPatch makeTerrainPatch(const TerrainPatchOptions& options) {
    TerrainPatch patch;
    patch.mesh = makePlane(options.size, options.size, options.subdivisions);
    patch.mesh.name = "terrain patch";
    patch.mesh.tangents.clear(); // planar and triplanar projections need none
    const float e = 0.05f;
    for (size_t i = 0; i < patch.mesh.positions.size(); ++i) {
        glm::vec3& p = patch.mesh.positions[i];
        p.y = patch.height(p.x, p.z);
        float dx = (patch.height(p.x + e, p.z) - patch.height(p.x - e, p.z)) / (2.0f * e);
        float dz = (patch.height(p.x, p.z + e) - patch.height(p.x, p.z - e)) / (2.0f * e);
        patch.mesh.normals[i] = glm::normalize(glm::vec3(-dx, 1.0f, -dz));
    }
    terrain::SurfaceClassifier rules;
    rules.seed = options.seed;
    terrain::classifyMesh(patch.mesh, rules);
    float h = options.size * 0.5f;
    patch.road = {{-h * 0.6f, -h}, {-h * 0.1f, -h * 0.35f}, {h * 0.35f, -h * 0.2f}, {h, -h * 0.45f}};
    return patch;
}

} // namespace th
