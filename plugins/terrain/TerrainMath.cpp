#include "plugins/terrain/TerrainMath.h"

#include <algorithm>
#include <cmath>

#include <glm/glm.hpp>

#include "core/Error.h"
#include "core/Noise.h"
#include "core/Str.h"

namespace th::terrain {

namespace {
constexpr int kGrass = int(TerrainLayer::Grass), kFloor = int(TerrainLayer::ForestFloor), kRock = int(TerrainLayer::Rock),
              kSand = int(TerrainLayer::Sand), kPebble = int(TerrainLayer::Pebble), kAsphalt = int(TerrainLayer::Asphalt);
} // namespace

float detailStrength(float distance, float start, float end) { return 1.0f - glm::smoothstep(start, end, distance); }

LayerWeights normalizeWeights(LayerWeights w) {
    float sum = 0;
    for (float& x : w) {
        x = std::max(x, 0.0f);
        sum += x;
    }
    if (sum < 1e-4f) {
        w = {};
        w[kGrass] = 1.0f;
        return w;
    }
    for (float& x : w) x /= sum;
    return w;
}

LayerWeights heightBlend(const LayerWeights& w, const LayerWeights& h, float depth, float strength) {
    float top = -1.0f;
    for (size_t i = 0; i < w.size(); ++i)
        if (w[i] > kWeightEpsilon) top = std::max(top, w[i] + h[i]);
    float floorLevel = top - depth;
    LayerWeights b{};
    float sum = 0;
    for (size_t i = 0; i < w.size(); ++i) {
        b[i] = w[i] > kWeightEpsilon ? std::max(w[i] + h[i] - floorLevel, 0.0f) : 0.0f;
        sum += b[i];
    }
    LayerWeights out{};
    for (size_t i = 0; i < w.size(); ++i) out[i] = w[i] + (b[i] / std::max(sum, 1e-6f) - w[i]) * strength;
    return out;
}

float blendedRoughness(const LayerWeights& w) {
    float r = 0;
    for (size_t i = 0; i < w.size(); ++i) r += kLayerRoughness[i] * w[i];
    return r;
}

float blendedF0(const LayerWeights& w) {
    float f = 0;
    for (size_t i = 0; i < w.size(); ++i) f += kLayerF0[i] * w[i];
    return f;
}

glm::vec3 triplanarWeights(const glm::vec3& n) {
    glm::vec3 a = glm::abs(n);
    a *= a;
    a *= a;
    return a / std::max(a.x + a.y + a.z, 1e-6f);
}

glm::vec2 parallaxOffset(float height, const glm::vec2& viewInFace, float depth) { return (height - 0.5f) * depth * viewInFace; }

HexCell hexCell(const glm::vec2& uv) {
    glm::vec2 st = uv * kHexScale;
    glm::vec2 skewed(st.x - 0.57735027f * st.y, 1.15470054f * st.y);
    glm::vec2 base = glm::floor(skewed);
    glm::vec2 f = skewed - base;
    float z = 1.0f - f.x - f.y;
    float s = z < 0.0f ? 1.0f : 0.0f;
    float s2 = 2.0f * s - 1.0f;
    HexCell c;
    c.barycentric = glm::vec3(-z * s2, s - f.y * s2, s - f.x * s2);
    c.vertices = {base + glm::vec2(s, s), base + glm::vec2(s, 1.0f - s), base + glm::vec2(1.0f - s, s)};
    return c;
}

LayerWeights classifySurface(const glm::vec3& p, float slope, const SurfaceClassifier& r) {
    LayerWeights w{};
    // Gentle ground: grass mottled with forest floor.
    float mottle = valueNoise01(p.x / r.mottleWavelength, p.z / r.mottleWavelength, r.seed) * 0.7f +
                   valueNoise01(p.x * 2.7f / r.mottleWavelength, p.z * 2.7f / r.mottleWavelength, r.seed + 1) * 0.3f;
    float forest = glm::smoothstep(1.0f - r.forestShare - 0.15f, 1.0f - r.forestShare + 0.15f, mottle);
    w[kGrass] = 1.0f - forest;
    w[kFloor] = forest;

    // Coast: pebble bed below the water, wet sand at the line, beach sand up to sandTop.
    float altitude = p.y - r.seaLevel;
    float beach = 1.0f - glm::smoothstep(r.sandTop, r.sandTop + r.coastFade, altitude);
    float bed = 1.0f - glm::smoothstep(-r.pebbleDepth - 0.5f, -r.pebbleDepth, altitude);
    if (beach > 0.0f) {
        for (float& x : w) x *= 1.0f - beach;
        w[kSand] += beach * (1.0f - bed);
        w[kPebble] += beach * bed;
    }

    // Steep ground is rock whatever else it is.
    float rock = glm::smoothstep(r.rockSlopeLow, r.rockSlopeHigh, slope);
    for (float& x : w) x *= 1.0f - rock;
    w[kRock] += rock;
    w[kAsphalt] = 0.0f;
    return normalizeWeights(w);
}

float slopeOfNormal(const glm::vec3& n) {
    glm::vec3 u = glm::normalize(n);
    float horizontal = std::sqrt(std::max(0.0f, 1.0f - u.y * u.y));
    return horizontal / std::max(std::abs(u.y), 1e-3f);
}

PackedWeights packWeights(const LayerWeights& w) {
    return {glm::vec4(w[kGrass], w[kFloor], w[kRock], w[kSand]), glm::vec2(w[kPebble], w[kAsphalt])};
}

LayerWeights unpackWeights(const glm::vec4& c, const glm::vec2& uv1) { return {c.r, c.g, c.b, c.a, uv1.x, uv1.y}; }

void checkWeightCount(std::string_view meshName, size_t weights, size_t vertices) {
    if (weights != vertices)
        throw Error(str("terrain weights for mesh '", meshName, "': ", weights, " weight sets for ", vertices, " vertices"));
}

void packWeightsInto(const std::vector<LayerWeights>& weights, std::vector<glm::vec4>& colors, std::vector<glm::vec2>& uv1) {
    colors.resize(weights.size());
    uv1.resize(weights.size());
    for (size_t i = 0; i < weights.size(); ++i) {
        PackedWeights p = packWeights(weights[i]);
        colors[i] = p.color;
        uv1[i] = p.uv1;
    }
}

std::vector<LayerWeights> classifyVertices(std::string_view meshName, std::span<const glm::vec3> positions,
                                           std::span<const glm::vec3> normals, const SurfaceClassifier& rules) {
    if (normals.size() != positions.size())
        throw Error(str("terrain classification of mesh '", meshName, "' needs normals (slope comes from them)"));
    std::vector<LayerWeights> weights(positions.size());
    for (size_t i = 0; i < weights.size(); ++i) weights[i] = classifySurface(positions[i], slopeOfNormal(normals[i]), rules);
    return weights;
}

} // namespace th::terrain
