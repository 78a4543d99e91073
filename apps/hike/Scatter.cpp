#include "hike/Scatter.h"

#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "hike/Random.h"

namespace th::hike {

std::vector<ScatterInstance> grassBlock(const Heightfield& field, const ForestField& forest,
                                        const terrain::SurfaceClassifier& classifier, int bx, int bz,
                                        const GrassSettings& settings, uint32_t seed) {
    std::vector<ScatterInstance> out;
    const int per = std::max(1, int(std::lround(settings.blockSize / settings.spacing)));
    const float step = settings.blockSize / float(per);
    out.reserve(size_t(per) * size_t(per) / 2);
    for (int j = 0; j < per; ++j) {
        for (int i = 0; i < per; ++i) {
            int ci = bx * per + i, cj = bz * per + j;
            CellRandom r(ci, cj, seed ^ 0x6a09e667u);
            float x = (float(ci) + r.uniform(0.05f, 0.95f)) * step;
            float z = (float(cj) + r.uniform(0.05f, 0.95f)) * step;
            float chance = r.uniform();
            float yaw = r.uniform(0.0f, 3.1415927f);
            float height = r.uniform(0.7f, 1.35f), width = r.uniform(0.8f, 1.2f);
            // Cheap rejection first: the wood thins the grass before the field is sampled.
            float open = 1.0f - 0.75f * forest.density(x, z);
            if (chance >= open) continue;
            HeightSample s = field.sample(x, z);
            terrain::LayerWeights w = terrain::classifySurface({x, s.height, z}, s.slope(), classifier);
            float grass = w[size_t(TerrainLayer::Grass)] + 0.35f * w[size_t(TerrainLayer::ForestFloor)];
            if (chance >= open * grass) continue;
            out.push_back({{x, s.height - 0.03f, z}, yaw, {width, height, width}, s.gradient});
        }
    }
    return out;
}

std::vector<ScatterInstance> understory(const Heightfield& field, const ForestField& forest, glm::vec2 center,
                                        float radius, uint32_t seed) {
    std::vector<ScatterInstance> out;
    const float cell = 3.5f;
    int i0 = int(std::floor((center.x - radius) / cell)), i1 = int(std::floor((center.x + radius) / cell));
    int j0 = int(std::floor((center.y - radius) / cell)), j1 = int(std::floor((center.y + radius) / cell));
    for (int j = j0; j <= j1; ++j)
        for (int i = i0; i <= i1; ++i) {
            CellRandom r(i, j, seed ^ 0xbb67ae85u);
            float x = (float(i) + r.uniform(0.1f, 0.9f)) * cell, z = (float(j) + r.uniform(0.1f, 0.9f)) * cell;
            float chance = r.uniform(), yaw = r.uniform(0.0f, 6.2831853f), size = r.uniform(0.6f, 1.3f);
            if (glm::length(glm::vec2(x, z) - center) > radius) continue;
            if (chance >= 0.05f + 0.4f * forest.density(x, z)) continue;
            HeightSample s = field.sample(x, z);
            if (s.slope() > 0.6f) continue;
            out.push_back({{x, s.height - 0.05f, z}, yaw, {size, size * r.uniform(0.8f, 1.1f), size}, s.gradient});
        }
    return out;
}

std::vector<ScatterInstance> rocks(const Heightfield& field, glm::vec2 center, float radius, uint32_t seed) {
    std::vector<ScatterInstance> out;
    const float cell = 6.0f;
    int i0 = int(std::floor((center.x - radius) / cell)), i1 = int(std::floor((center.x + radius) / cell));
    int j0 = int(std::floor((center.y - radius) / cell)), j1 = int(std::floor((center.y + radius) / cell));
    for (int j = j0; j <= j1; ++j)
        for (int i = i0; i <= i1; ++i) {
            CellRandom r(i, j, seed ^ 0x3c6ef372u);
            float x = (float(i) + r.uniform(0.1f, 0.9f)) * cell, z = (float(j) + r.uniform(0.1f, 0.9f)) * cell;
            float chance = r.uniform(), yaw = r.uniform(0.0f, 6.2831853f);
            glm::vec3 size(r.uniform(0.5f, 1.6f), r.uniform(0.35f, 0.9f), r.uniform(0.5f, 1.4f));
            if (glm::length(glm::vec2(x, z) - center) > radius) continue;
            HeightSample s = field.sample(x, z);
            if (chance >= 0.04f + 0.5f * glm::smoothstep(0.3f, 0.7f, s.slope())) continue;
            // Half buried: the flat underside never shows on a slope.
            out.push_back({{x, s.height - 0.25f * size.y, z}, yaw, size, s.gradient});
        }
    return out;
}

glm::vec3 FlightPath::position(float turns) const {
    float a = 6.2831853f * turns;
    glm::vec2 local(radii.x * std::cos(a), radii.y * std::sin(a));
    float c = std::cos(heading), s = std::sin(heading);
    return center + glm::vec3(c * local.x - s * local.y, bob * std::sin(2.0f * a), s * local.x + c * local.y);
}

glm::vec3 FlightPath::tangent(float turns) const {
    float a = 6.2831853f * turns, k = 6.2831853f;
    glm::vec2 local(-radii.x * std::sin(a) * k, radii.y * std::cos(a) * k);
    float c = std::cos(heading), s = std::sin(heading);
    return {c * local.x - s * local.y, bob * 2.0f * k * std::cos(2.0f * a), s * local.x + c * local.y};
}

glm::mat4 FlightPath::birdMatrix(float turns, glm::vec2 offset, float scale) const {
    glm::vec3 forward = glm::normalize(tangent(turns));
    // Bank into the turn: the ellipse always turns the same way, more where it is tighter.
    glm::vec3 ahead = glm::normalize(tangent(turns + 0.02f));
    float turn = glm::cross(forward, ahead).y;
    glm::vec3 up(0.0f, 1.0f, 0.0f);
    glm::vec3 side = glm::normalize(glm::cross(up, forward));
    up = glm::normalize(glm::cross(forward, side));
    float bank = std::clamp(turn * 6.0f, -0.6f, 0.6f);
    glm::vec3 bankedUp = up * std::cos(bank) - side * std::sin(bank);
    glm::vec3 bankedSide = glm::normalize(glm::cross(bankedUp, forward));
    glm::vec3 p = position(turns) + side * offset.x + up * offset.y;
    glm::mat4 m(1.0f);
    m[0] = glm::vec4(bankedSide * scale, 0.0f);
    m[1] = glm::vec4(bankedUp * scale, 0.0f);
    m[2] = glm::vec4(forward * scale, 0.0f);
    m[3] = glm::vec4(p, 1.0f);
    return m;
}

} // namespace th::hike
