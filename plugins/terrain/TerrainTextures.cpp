#include "plugins/terrain/TerrainTextures.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <thread>

#include "core/Error.h"
#include "core/Files.h"
#include "core/Log.h"
#include "core/Noise.h"
#include "core/Str.h"

namespace th {

const char* toString(TerrainLayer layer) {
    switch (layer) {
    case TerrainLayer::Grass: return "grass";
    case TerrainLayer::ForestFloor: return "forest floor";
    case TerrainLayer::Rock: return "rock";
    case TerrainLayer::Sand: return "sand";
    case TerrainLayer::Pebble: return "pebble";
    case TerrainLayer::Asphalt: return "asphalt";
    }
    return "?";
}

namespace {

// ---------------------------------------------------------------------------------------
// Tileable noise. Every function takes coordinates in tile units ([0, 1) covers one texture
// repeat) and an integer period in cells; lattice indices wrap at the period, so the output
// repeats exactly at the tile edge.

int wrap(int i, int period) {
    int r = i % period;
    return r < 0 ? r + period : r;
}

float fade(float t) { return t * t * t * (t * (t * 6.0f - 15.0f) + 10.0f); }

// Sixteen unit gradients: cheaper than a sine and cosine per lattice point, and isotropic
// enough for ground textures.
struct Gradients {
    float x[16], y[16];
    Gradients() {
        for (int i = 0; i < 16; ++i) {
            float a = float(i) * (6.28318530718f / 16.0f) + 0.1963f;
            x[i] = std::cos(a);
            y[i] = std::sin(a);
        }
    }
};
const Gradients kGradients;

/// Gradient noise in about [−1, 1], period `period` cells per tile.
float gradientNoise(float u, float v, int period, uint32_t seed) {
    float px = u * float(period), py = v * float(period);
    float fx = std::floor(px), fy = std::floor(py);
    int ix = int(fx), iy = int(fy);
    float tx = px - fx, ty = py - fy;
    auto dotCorner = [&](int cx, int cy, float dx, float dy) {
        uint32_t h = hashLattice(wrap(ix + cx, period), wrap(iy + cy, period), seed) & 15u;
        return kGradients.x[h] * dx + kGradients.y[h] * dy;
    };
    float a = dotCorner(0, 0, tx, ty), b = dotCorner(1, 0, tx - 1.0f, ty);
    float c = dotCorner(0, 1, tx, ty - 1.0f), d = dotCorner(1, 1, tx - 1.0f, ty - 1.0f);
    float sx = fade(tx), sy = fade(ty);
    float ab = a + (b - a) * sx, cd = c + (d - c) * sx;
    return (ab + (cd - ab) * sy) * 1.41421356f;
}

/// Fractal sum of gradient noise in about [0, 1]; each octave doubles the period (so it
/// still tiles) and scales the amplitude by `gain`.
float fbm01(float u, float v, int period, int octaves, uint32_t seed, float gain = 0.5f) {
    float sum = 0, amplitude = 1, norm = 0;
    for (int o = 0; o < octaves; ++o) {
        sum += amplitude * gradientNoise(u, v, period << o, seed + uint32_t(o) * 7919u);
        norm += amplitude;
        amplitude *= gain;
    }
    return std::clamp(0.5f + 0.5f * sum / norm * 1.6f, 0.0f, 1.0f);
}

/// Ridged fBm in [0, 1]: sharp crests where the noise crosses zero (rock strata, creases).
float ridged01(float u, float v, int period, int octaves, uint32_t seed) {
    float sum = 0, amplitude = 1, norm = 0;
    for (int o = 0; o < octaves; ++o) {
        float n = 1.0f - std::abs(gradientNoise(u, v, period << o, seed + uint32_t(o) * 104729u));
        sum += amplitude * n * n;
        norm += amplitude;
        amplitude *= 0.5f;
    }
    return sum / norm;
}

struct Cells {
    float f1 = 1e9f, f2 = 1e9f; ///< distances to the nearest and second nearest feature point (cell units)
    uint32_t id = 0;            ///< hash of the nearest point's cell
};

/// Worley cells: one jittered feature point per cell, `period` cells per tile.
Cells worley(float u, float v, int period, uint32_t seed, float jitter = 0.8f) {
    float px = u * float(period), py = v * float(period);
    int ix = int(std::floor(px)), iy = int(std::floor(py));
    Cells c;
    for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
            int cx = ix + dx, cy = iy + dy;
            uint32_t h = hashLattice(wrap(cx, period), wrap(cy, period), seed);
            float fx = float(cx) + 0.5f + jitter * (hashToUnit(h) - 0.5f);
            float fy = float(cy) + 0.5f + jitter * (hashToUnit(hashMix32(h)) - 0.5f);
            float d = (px - fx) * (px - fx) + (py - fy) * (py - fy); // squared until the end
            if (d < c.f1) {
                c.f2 = c.f1;
                c.f1 = d;
                c.id = h;
            } else if (d < c.f2) {
                c.f2 = d;
            }
        }
    }
    c.f1 = std::sqrt(c.f1);
    c.f2 = std::sqrt(c.f2);
    return c;
}

float sat(float x) { return std::clamp(x, 0.0f, 1.0f); }
glm::vec3 lerp(const glm::vec3& a, const glm::vec3& b, float t) { return a + (b - a) * t; }

// ---------------------------------------------------------------------------------------
// Layers. Each returns, for a point of the tile, its height in [0, 1], its linear albedo and
// its roughness modulation (1 = the layer's base roughness).

struct Texel {
    float height = 0.5f;
    glm::vec3 albedo{0.5f};
    float roughness = 1.0f;
};

struct LayerRecipe {
    std::function<Texel(float u, float v, uint32_t seed)> texel;
    float reliefMetres; ///< height range the 0..1 height spans, for the normal map
    float aoStrength;   ///< how strongly a texel below its surroundings darkens
};

// Centre colours (linear), also what nominalTerrainAlbedo reports.
const glm::vec3 kGrassLush{0.060f, 0.120f, 0.022f}, kGrassDry{0.190f, 0.165f, 0.060f};
const glm::vec3 kLeaf{0.170f, 0.090f, 0.040f}, kLeafRed{0.240f, 0.110f, 0.040f}, kHumus{0.045f, 0.032f, 0.020f};
const glm::vec3 kMoss{0.060f, 0.085f, 0.025f};
const glm::vec3 kRock{0.230f, 0.220f, 0.200f}, kLichen{0.260f, 0.250f, 0.170f};
const glm::vec3 kSand{0.440f, 0.350f, 0.210f};
const glm::vec3 kPebbleGap{0.160f, 0.135f, 0.100f};
const glm::vec3 kPebbles[5] = {{0.26f, 0.26f, 0.25f}, {0.17f, 0.19f, 0.21f}, {0.38f, 0.33f, 0.26f},
                               {0.09f, 0.09f, 0.09f}, {0.30f, 0.20f, 0.15f}};
const glm::vec3 kAsphalt{0.045f, 0.045f, 0.050f}, kAggregate{0.150f, 0.145f, 0.140f};

Texel grass(float u, float v, uint32_t seed) {
    Cells clumps = worley(u, v, 40, seed + 1);
    float blades = fbm01(u, v, 64, 3, seed + 2, 0.6f);
    float fine = gradientNoise(u, v, 160, seed + 3);
    float dry = glm::smoothstep(0.35f, 0.85f, fbm01(u, v, 4, 3, seed + 4));
    Texel t;
    t.height = sat(0.5f * blades + 0.4f * (1.0f - sat(clumps.f1 * 1.1f)) + 0.1f * (0.5f + 0.5f * fine));
    t.albedo = lerp(kGrassLush, kGrassDry, 0.65f * dry) * (0.45f + 1.1f * t.height);
    if (hashToUnit(hashMix32(clumps.id)) > 0.93f && clumps.f1 < 0.25f) t.albedo = lerp(t.albedo, glm::vec3(0.35f, 0.30f, 0.08f), 0.6f);
    t.roughness = 1.0f + 0.15f * (0.5f - t.height);
    return t;
}

Texel forestFloor(float u, float v, uint32_t seed) {
    Cells leaves = worley(u, v, 22, seed + 11, 0.9f);
    Cells needles = worley(u * 1.0f, v, 70, seed + 12, 0.9f);
    float humus = fbm01(u, v, 8, 4, seed + 13);
    float moss = glm::smoothstep(0.6f, 0.8f, fbm01(u, v, 3, 3, seed + 14));
    float leafEdge = sat((leaves.f2 - leaves.f1) * 3.0f);
    float needle = sat(1.0f - (needles.f2 - needles.f1) * 4.0f);
    Texel t;
    t.height = sat(0.55f * leafEdge + 0.25f * humus + 0.2f * needle);
    float pick = hashToUnit(hashMix32(leaves.id));
    glm::vec3 leaf = lerp(kLeaf, kLeafRed, pick) * (0.7f + 0.6f * hashToUnit(hashMix32(leaves.id + 7u)));
    t.albedo = lerp(kHumus, leaf, glm::smoothstep(0.15f, 0.5f, t.height));
    t.albedo = lerp(t.albedo, kMoss * (0.7f + 0.6f * humus), moss * 0.8f);
    t.roughness = 1.0f + 0.2f * (0.4f - t.height) - 0.1f * moss;
    return t;
}

Texel rock(float u, float v, uint32_t seed) {
    // Warped blocks with their own heights (ledges), thin cracks between them, ridged strata
    // across everything. The warp is periodic, so the result still tiles.
    float wu = u + 0.08f * (fbm01(u, v, 2, 3, seed + 25) - 0.5f);
    float wv = v + 0.08f * (fbm01(u, v, 2, 3, seed + 26) - 0.5f);
    float strata = ridged01(u, v, 3, 6, seed + 21);
    Cells blocks = worley(wu, wv, 4, seed + 22);
    float crack = 1.0f - glm::smoothstep(0.0f, 0.1f, blocks.f2 - blocks.f1);
    float ledge = hashToUnit(hashMix32(blocks.id + 5u));
    float grain = gradientNoise(u, v, 128, seed + 23);
    float lichen = glm::smoothstep(0.62f, 0.8f, fbm01(u, v, 6, 4, seed + 24));
    Texel t;
    t.height = sat((0.6f * strata + 0.3f * ledge + 0.1f * (0.5f + 0.5f * grain)) * (1.0f - 0.6f * crack));
    float tone = 0.6f + 0.7f * t.height + 0.2f * (hashToUnit(blocks.id) - 0.5f);
    t.albedo = lerp(kRock * tone, kLichen, lichen * 0.7f) * (1.0f - 0.4f * crack);
    t.roughness = 1.0f + 0.2f * crack - 0.15f * t.height + 0.1f * lichen;
    return t;
}

Texel sand(float u, float v, uint32_t seed) {
    // Ripples run across v; a whole number of crests per tile keeps it tileable.
    float warp = fbm01(u, v, 2, 3, seed + 31) - 0.5f;
    float ripple = 0.5f + 0.5f * std::sin(6.28318530718f * (7.0f * v + 2.0f * u + 1.2f * warp));
    float grain = 0.5f + 0.5f * gradientNoise(u, v, 192, seed + 32);
    float tone = fbm01(u, v, 4, 3, seed + 33);
    Texel t;
    t.height = sat(0.6f * ripple * ripple + 0.25f * grain + 0.15f * tone);
    t.albedo = kSand * (0.8f + 0.25f * grain + 0.2f * tone);
    if (hashToUnit(hashLattice(int(u * 512.0f), int(v * 512.0f), seed + 34)) > 0.985f) t.albedo *= 0.45f; // dark grains
    t.roughness = 1.0f + 0.1f * (grain - 0.5f);
    return t;
}

Texel pebble(float u, float v, uint32_t seed) {
    // A dome per Worley cell, its radius just short of the cell's border, so stones stand
    // apart with sandy gaps between them.
    Cells c = worley(u, v, 14, seed + 41, 0.85f);
    float size = 0.75f + 0.25f * hashToUnit(hashMix32(c.id + 3u));
    float radius = 0.5f * (c.f1 + c.f2) * 0.92f;
    float r = c.f1 / radius;
    float dome = std::sqrt(std::max(0.0f, 1.0f - r * r));
    float speckle = gradientNoise(u, v, 224, seed + 42);
    Texel t;
    t.height = sat(dome * size * 0.92f + 0.04f * speckle + 0.04f);
    glm::vec3 stone = kPebbles[hashMix32(c.id) % 5u] * (0.8f + 0.4f * hashToUnit(hashMix32(c.id + 1u))) * (0.92f + 0.12f * speckle);
    float inGap = 1.0f - glm::smoothstep(0.0f, 0.15f, dome);
    t.albedo = lerp(stone, kPebbleGap * (0.8f + 0.2f * speckle), inGap);
    t.roughness = 0.8f + 0.45f * inGap;
    return t;
}

Texel asphalt(float u, float v, uint32_t seed) {
    Cells stones = worley(u, v, 72, seed + 51);
    float binder = fbm01(u, v, 96, 2, seed + 52);
    float wear = fbm01(u, v, 3, 3, seed + 53);
    bool light = hashToUnit(hashMix32(stones.id)) > 0.55f;
    float stone = sat((stones.f2 - stones.f1) * 3.0f);
    Texel t;
    t.height = sat(0.55f * stone + 0.3f * binder + 0.15f * wear);
    glm::vec3 base = kAsphalt * (0.8f + 0.5f * wear);
    t.albedo = light ? lerp(base, kAggregate * (0.7f + 0.5f * hashToUnit(stones.id)), glm::smoothstep(0.2f, 0.6f, stone)) : base;
    t.roughness = 1.0f - 0.15f * stone * (light ? 1.0f : 0.3f) + 0.1f * (0.5f - wear);
    return t;
}

const LayerRecipe kRecipes[kTerrainLayerCount] = {
    {grass, 0.015f, 0.9f},   {forestFloor, 0.02f, 1.2f}, {rock, 0.08f, 1.4f},
    {sand, 0.008f, 0.6f},    {pebble, 0.035f, 1.6f},     {asphalt, 0.004f, 0.8f},
};

// ---------------------------------------------------------------------------------------
// Colour encoding through tables: a pow per channel per texel would cost more than the noise.

struct SrgbTables {
    static constexpr int kEncodeSize = 16384;
    uint8_t encode[kEncodeSize + 1];
    float decode[256];
    SrgbTables() {
        for (int i = 0; i <= kEncodeSize; ++i) {
            double l = double(i) / kEncodeSize;
            double s = l <= 0.0031308 ? 12.92 * l : 1.055 * std::pow(l, 1.0 / 2.4) - 0.055;
            encode[i] = uint8_t(std::lround(std::clamp(s, 0.0, 1.0) * 255.0));
        }
        for (int i = 0; i < 256; ++i) {
            double s = i / 255.0;
            decode[i] = float(s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4));
        }
    }
    uint8_t toSrgb(float linear) const { return encode[int(sat(linear) * float(kEncodeSize) + 0.5f)]; }
};
const SrgbTables& srgb() {
    static const SrgbTables tables;
    return tables;
}

uint8_t toByte(float x) { return uint8_t(std::lround(sat(x) * 255.0f)); }

/// Runs fn(row) for rows [0, rows) on `threads` workers (each takes every threads-th row).
void parallelRows(int rows, int threads, const std::function<void(int)>& fn) {
    if (threads <= 1) {
        for (int r = 0; r < rows; ++r) fn(r);
        return;
    }
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
        workers.emplace_back([&, t] {
            for (int r = t; r < rows; r += threads) fn(r);
        });
    for (auto& w : workers) w.join();
}

void generateLayer(int layer, int size, uint32_t seed, int threads, TerrainTextureSet& set) {
    const LayerRecipe& recipe = kRecipes[layer];
    const uint32_t layerSeed = hashMix32(seed * 0x2545f491u + uint32_t(layer) * 0x9e3779b9u);
    const size_t n = size_t(size) * size_t(size);
    std::vector<float> height(n), roughness(n);
    std::vector<glm::vec3> albedo(n);
    const float inv = 1.0f / float(size);
    parallelRows(size, threads, [&](int y) {
        for (int x = 0; x < size; ++x) {
            Texel t = recipe.texel((float(x) + 0.5f) * inv, (float(y) + 0.5f) * inv, layerSeed);
            size_t i = size_t(y) * size_t(size) + size_t(x);
            height[i] = sat(t.height);
            albedo[i] = t.albedo;
            roughness[i] = t.roughness;
        }
    });

    // Ambient occlusion: a texel below the mean of its neighbourhood is in a hollow.
    // Separable box blur, wrapping like the texture.
    const int radius = std::max(1, size / 64);
    std::vector<float> blurX(n), blur(n);
    auto at = [&](const std::vector<float>& m, int x, int y) { return m[size_t(wrap(y, size)) * size_t(size) + size_t(wrap(x, size))]; };
    parallelRows(size, threads, [&](int y) {
        for (int x = 0; x < size; ++x) {
            float s = 0;
            for (int k = -radius; k <= radius; ++k) s += at(height, x + k, y);
            blurX[size_t(y) * size_t(size) + size_t(x)] = s / float(2 * radius + 1);
        }
    });
    parallelRows(size, threads, [&](int y) {
        for (int x = 0; x < size; ++x) {
            float s = 0;
            for (int k = -radius; k <= radius; ++k) s += at(blurX, x, y + k);
            blur[size_t(y) * size_t(size) + size_t(x)] = s / float(2 * radius + 1);
        }
    });

    // Normals from the height's slope in metres: texel spacing is the layer's tiling / size.
    const float texelMetres = kTerrainLayerTiling[size_t(layer)] / float(size);
    const float slopeScale = recipe.reliefMetres / (2.0f * texelMetres);
    const SrgbTables& tables = srgb();
    uint8_t* albedoOut = set.albedo.data() + size_t(layer) * n * 4;
    uint8_t* normalOut = set.normal.data() + size_t(layer) * n * 4;
    uint8_t* rahOut = set.rah.data() + size_t(layer) * n * 4;
    parallelRows(size, threads, [&](int y) {
        for (int x = 0; x < size; ++x) {
            size_t i = size_t(y) * size_t(size) + size_t(x);
            float dhdu = (at(height, x + 1, y) - at(height, x - 1, y)) * slopeScale;
            float dhdv = (at(height, x, y + 1) - at(height, x, y - 1)) * slopeScale;
            glm::vec3 normal = glm::normalize(glm::vec3(-dhdu, -dhdv, 1.0f));
            float ao = sat(1.0f - recipe.aoStrength * std::max(0.0f, blur[i] - height[i]) * 2.0f);
            uint8_t* a = albedoOut + i * 4;
            a[0] = tables.toSrgb(albedo[i].r);
            a[1] = tables.toSrgb(albedo[i].g);
            a[2] = tables.toSrgb(albedo[i].b);
            a[3] = 255;
            uint8_t* nm = normalOut + i * 4;
            nm[0] = toByte(normal.x * 0.5f + 0.5f);
            nm[1] = toByte(normal.y * 0.5f + 0.5f);
            nm[2] = toByte(normal.z * 0.5f + 0.5f);
            nm[3] = 255;
            uint8_t* r = rahOut + i * 4;
            r[0] = uint8_t(std::clamp(std::lround(roughness[i] * 128.0f), 0l, 255l));
            r[1] = toByte(ao);
            r[2] = toByte(height[i]);
            r[3] = 255;
        }
    });

    // The mean a sampler would see: decode what was stored.
    double sum[3] = {0, 0, 0};
    for (size_t i = 0; i < n; ++i)
        for (int c = 0; c < 3; ++c) sum[c] += tables.decode[albedoOut[i * 4 + size_t(c)]];
    set.meanAlbedo[size_t(layer)] = glm::vec3(float(sum[0] / double(n)), float(sum[1] / double(n)), float(sum[2] / double(n)));
}

constexpr char kMagic[8] = {'T', 'H', 'T', 'E', 'R', 'R', 'A', '1'};

} // namespace

std::array<glm::vec3, kTerrainLayerCount> nominalTerrainAlbedo() {
    // Rough centres of each recipe's output, close enough to stand in until maps arrive.
    return {glm::vec3(0.075f, 0.110f, 0.030f), kLeaf * 0.75f, kRock * 0.95f, kSand * 0.95f,
            glm::vec3(0.20f, 0.19f, 0.17f), kAsphalt * 1.3f};
}

TerrainTextureSet generateTerrainTextures(const TerrainTextureOptions& options) {
    int size = options.size;
    if (size < 16 || size > 2048 || (size & (size - 1)) != 0)
        throw Error(str("terrain textures: size ", size, " is not a power of two from 16 to 2048"));
    int threads = options.threads > 0 ? options.threads : int(std::max(1u, std::thread::hardware_concurrency()));
    TerrainTextureSet set;
    set.size = size;
    set.seed = options.seed;
    size_t bytes = size_t(kTerrainLayerCount) * size_t(size) * size_t(size) * 4;
    set.albedo.resize(bytes);
    set.normal.resize(bytes);
    set.rah.resize(bytes);
    for (int layer = 0; layer < kTerrainLayerCount; ++layer) generateLayer(layer, size, options.seed, threads, set);
    return set;
}

bool loadTerrainTextures(const std::filesystem::path& file, const TerrainTextureOptions& options, TerrainTextureSet& out) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return false;
    char magic[8];
    uint32_t header[3];
    in.read(magic, 8);
    in.read(reinterpret_cast<char*>(header), sizeof header);
    if (!in || std::memcmp(magic, kMagic, 8) != 0) return false;
    if (header[0] != kTerrainTextureGeneratorVersion || header[1] != options.seed || int(header[2]) != options.size) return false;
    TerrainTextureSet set;
    set.size = options.size;
    set.seed = options.seed;
    in.read(reinterpret_cast<char*>(set.meanAlbedo.data()), sizeof set.meanAlbedo);
    size_t bytes = size_t(kTerrainLayerCount) * set.layerBytes();
    for (auto* map : {&set.albedo, &set.normal, &set.rah}) {
        map->resize(bytes);
        in.read(reinterpret_cast<char*>(map->data()), std::streamsize(bytes));
    }
    if (!in) return false;
    out = std::move(set);
    return true;
}

void saveTerrainTextures(const std::filesystem::path& file, const TerrainTextureSet& set) {
    std::filesystem::path temporary = file;
    temporary += ".tmp";
    // One checked write (writeFile checks every write and the close: a full disk is an error
    // naming the file, not a truncated cache that a later run trusts).
    uint32_t header[3] = {kTerrainTextureGeneratorVersion, set.seed, uint32_t(set.size)};
    std::string bytes(kMagic, 8);
    bytes.append(reinterpret_cast<const char*>(header), sizeof header);
    bytes.append(reinterpret_cast<const char*>(set.meanAlbedo.data()), sizeof set.meanAlbedo);
    for (auto* map : {&set.albedo, &set.normal, &set.rah}) bytes.append(reinterpret_cast<const char*>(map->data()), map->size());
    writeFile(temporary, bytes);
    // Rename into place so a reader never sees half a file.
    std::error_code ec;
    std::filesystem::rename(temporary, file, ec);
    if (ec) {
        std::string reason = ec.message();
        std::filesystem::remove(temporary, ec);
        throw Error(SourceLocation{file.string()}, str("cannot move the terrain texture cache into place: ", reason));
    }
}

std::filesystem::path defaultTerrainTextureCacheDirectory() {
    if (const char* env = std::getenv("TRAILHEAD_TERRAIN_CACHE"); env && *env) {
        if (std::string_view(env) == "off") return {};
        return env;
    }
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::filesystem::path(xdg) / "trailhead" / "terrain";
    if (const char* home = std::getenv("HOME"); home && *home) return std::filesystem::path(home) / ".cache" / "trailhead" / "terrain";
    return {};
}

TerrainTextureSet loadOrGenerateTerrainTextures(const std::filesystem::path& directory, const TerrainTextureOptions& options) {
    if (directory.empty()) return generateTerrainTextures(options);
    std::filesystem::path file = directory / str("terrain-textures-v", kTerrainTextureGeneratorVersion, "-seed", options.seed, "-",
                                                 options.size, ".bin");
    TerrainTextureSet set;
    if (loadTerrainTextures(file, options, set)) return set;
    set = generateTerrainTextures(options);
    try {
        std::filesystem::create_directories(directory);
        saveTerrainTextures(file, set);
    } catch (const std::exception& e) {
        logWarning("terrain textures not cached: ", e.what());
    }
    return set;
}

} // namespace th
