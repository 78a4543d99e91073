#include "render/SphericalHarmonics.h"

#include <cmath>

namespace th {

glm::vec3 cubeFaceDirection(int face, float s, float t) {
    switch (face) {
    case 0: return {1.0f, -t, -s};
    case 1: return {-1.0f, -t, s};
    case 2: return {s, 1.0f, t};
    case 3: return {s, -1.0f, -t};
    case 4: return {s, -t, 1.0f};
    default: return {-s, -t, -1.0f};
    }
}

namespace {
// Integral of the solid angle over the face plane from the centre to (x, y).
float areaElement(float x, float y) { return std::atan2(x * y, std::sqrt(x * x + y * y + 1.0f)); }
} // namespace

float cubeTexelSolidAngle(int x, int y, int size) {
    float inv = 2.0f / float(size);
    float x0 = float(x) * inv - 1.0f, x1 = x0 + inv;
    float y0 = float(y) * inv - 1.0f, y1 = y0 + inv;
    return areaElement(x0, y0) - areaElement(x0, y1) - areaElement(x1, y0) + areaElement(x1, y1);
}

ShIrradiance projectIrradianceSh(const CubeImage& cube) {
    // Real SH basis constants Y_lm, in the order the shader reads them:
    // 1, y, z, x, yx, yz, 3z²−1, zx, x²−y².
    const float k0 = 0.282095f, k1 = 0.488603f, k2 = 1.092548f, k20 = 0.315392f, k22 = 0.546274f;
    std::array<glm::dvec3, 9> radiance{};
    double totalWeight = 0;
    const int n = cube.size;
    for (int face = 0; face < 6; ++face) {
        const std::vector<float>& texels = cube.faces[size_t(face)];
        if (texels.size() < size_t(n) * size_t(n) * 4) continue;
        for (int y = 0; y < n; ++y)
            for (int x = 0; x < n; ++x) {
                float s = (float(x) + 0.5f) / float(n) * 2.0f - 1.0f;
                float t = (float(y) + 0.5f) / float(n) * 2.0f - 1.0f;
                glm::vec3 d = glm::normalize(cubeFaceDirection(face, s, t));
                double w = cubeTexelSolidAngle(x, y, n);
                const float* p = &texels[(size_t(y) * size_t(n) + size_t(x)) * 4];
                glm::dvec3 l = glm::dvec3(p[0], p[1], p[2]) * w;
                const double basis[9] = {k0,           k1 * d.y,           k1 * d.z,
                                         k1 * d.x,     k2 * d.y * d.x,     k2 * d.y * d.z,
                                         k20 * (3.0 * d.z * d.z - 1.0), k2 * d.z * d.x, k22 * (d.x * d.x - d.y * d.y)};
                for (int i = 0; i < 9; ++i) radiance[size_t(i)] += l * basis[i];
                totalWeight += w;
            }
    }
    // The texel solid angles sum to 4π up to rounding; renormalise so a constant stays exact.
    double norm = totalWeight > 0 ? 4.0 * 3.14159265358979 / totalWeight : 0.0;
    // Irradiance E = Σ Â_l L_lm Y_lm with Â = π, 2π/3, π/4; the diffuse radiance is E/π, and
    // each coefficient carries its basis constant so the shader needs none.
    const double band[9] = {1.0, 2.0 / 3.0, 2.0 / 3.0, 2.0 / 3.0, 0.25, 0.25, 0.25, 0.25, 0.25};
    const double constant[9] = {k0, k1, k1, k1, k2, k2, k20, k2, k22};
    ShIrradiance sh{};
    for (int i = 0; i < 9; ++i) sh[size_t(i)] = glm::vec3(radiance[size_t(i)] * (norm * band[i] * constant[i]));
    return sh;
}

glm::vec3 evaluateIrradianceSh(const ShIrradiance& c, const glm::vec3& n) {
    glm::vec3 e = c[0] + c[1] * n.y + c[2] * n.z + c[3] * n.x + c[4] * (n.y * n.x) + c[5] * (n.y * n.z) +
                  c[6] * (3.0f * n.z * n.z - 1.0f) + c[7] * (n.z * n.x) + c[8] * (n.x * n.x - n.y * n.y);
    return glm::max(e, glm::vec3(0.0f));
}

} // namespace th
