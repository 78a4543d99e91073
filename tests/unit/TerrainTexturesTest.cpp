// The procedural terrain texture sets: deterministic for a seed whatever the thread count,
// tileable, normals that agree with the heights in the documented axes (x along +u, y along
// +v, rows bottom-up), data channels in their documented ranges, measured means, the cache
// file, and the CPU row flip the array upload uses for top-down sources.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>

#include "plugins/terrain/TerrainTextures.h"
#include "core/Error.h"
#include "core/Files.h"
#include "gl/TextureArrayData.h"
#include "unit/ShaderTestHelpers.h"

using namespace th;

namespace {

const TerrainTextureSet& smallSet() {
    static const TerrainTextureSet set = generateTerrainTextures({.seed = 7, .size = 128, .threads = 2});
    return set;
}

float channel(const TerrainTextureSet& s, const std::vector<uint8_t>& map, int layer, int x, int y, int c) {
    x = (x % s.size + s.size) % s.size;
    y = (y % s.size + s.size) % s.size;
    return float(s.texel(map, layer, x, y)[c]) / 255.0f;
}

double correlation(const std::vector<double>& a, const std::vector<double>& b) {
    double ma = 0, mb = 0;
    for (size_t i = 0; i < a.size(); ++i) ma += a[i], mb += b[i];
    ma /= double(a.size());
    mb /= double(b.size());
    double sab = 0, saa = 0, sbb = 0;
    for (size_t i = 0; i < a.size(); ++i) {
        sab += (a[i] - ma) * (b[i] - mb);
        saa += (a[i] - ma) * (a[i] - ma);
        sbb += (b[i] - mb) * (b[i] - mb);
    }
    return sab / std::sqrt(saa * sbb + 1e-30);
}

} // namespace

TEST_CASE("terrain textures are deterministic for a seed whatever the thread count") {
    TerrainTextureSet a = generateTerrainTextures({.seed = 3, .size = 64, .threads = 1});
    TerrainTextureSet b = generateTerrainTextures({.seed = 3, .size = 64, .threads = 3});
    TerrainTextureSet c = generateTerrainTextures({.seed = 4, .size = 64, .threads = 1});
    CHECK(a.size == 64);
    CHECK(a.albedo.size() == size_t(kTerrainLayerCount) * 64 * 64 * 4);
    CHECK(a.normal.size() == a.albedo.size());
    CHECK(a.rah.size() == a.albedo.size());
    CHECK(a.albedo == b.albedo);
    CHECK(a.normal == b.normal);
    CHECK(a.rah == b.rah);
    CHECK(a.albedo != c.albedo);
    CHECK_THROWS_AS(generateTerrainTextures({.size = 100}), Error);
    CHECK_THROWS_AS(generateTerrainTextures({.size = 8}), Error);
}

TEST_CASE("terrain textures tile: the wrap seam is no sharper than the texture itself") {
    const TerrainTextureSet& s = smallSet();
    for (int layer = 0; layer < kTerrainLayerCount; ++layer)
        for (auto* map : {&s.albedo, &s.normal, &s.rah}) {
            CAPTURE(layer);
            double seamU = 0, seamV = 0, inside = 0;
            for (int i = 0; i < s.size; ++i)
                for (int c = 0; c < 3; ++c) {
                    seamU += std::abs(channel(s, *map, layer, s.size - 1, i, c) - channel(s, *map, layer, 0, i, c));
                    seamV += std::abs(channel(s, *map, layer, i, s.size - 1, c) - channel(s, *map, layer, i, 0, c));
                    inside += std::abs(channel(s, *map, layer, s.size / 2 - 1, i, c) - channel(s, *map, layer, s.size / 2, i, c));
                    inside += std::abs(channel(s, *map, layer, i, s.size / 2 - 1, c) - channel(s, *map, layer, i, s.size / 2, c));
                }
            inside /= 2;
            CHECK(seamU <= inside * 2.0 + 1.0);
            CHECK(seamV <= inside * 2.0 + 1.0);
        }
}

TEST_CASE("terrain normal maps are unit, point out, and lean away from rising height along +u and +v") {
    const TerrainTextureSet& s = smallSet();
    for (int layer = 0; layer < kTerrainLayerCount; ++layer) {
        CAPTURE(layer);
        std::vector<double> nx, ny, slopeU, slopeV;
        for (int y = 0; y < s.size; y += 2)
            for (int x = 0; x < s.size; x += 2) {
                glm::vec3 n(channel(s, s.normal, layer, x, y, 0) * 2 - 1, channel(s, s.normal, layer, x, y, 1) * 2 - 1,
                            channel(s, s.normal, layer, x, y, 2) * 2 - 1);
                CHECK(glm::length(n) == doctest::Approx(1.0f).epsilon(0.02));
                CHECK(n.z > 0.0f);
                nx.push_back(n.x);
                ny.push_back(n.y);
                // Height rises towards +u (next texel in the row) and +v (next row: rows are bottom-up).
                slopeU.push_back(channel(s, s.rah, layer, x + 1, y, 2) - channel(s, s.rah, layer, x - 1, y, 2));
                slopeV.push_back(channel(s, s.rah, layer, x, y + 1, 2) - channel(s, s.rah, layer, x, y - 1, 2));
            }
        // Where height rises along an axis the normal leans back against it.
        double cu = correlation(nx, slopeU), cv = correlation(ny, slopeV);
        CAPTURE(cu);
        CAPTURE(cv);
        CHECK(cu < -0.6);
        CHECK(cv < -0.6);
    }
}

TEST_CASE("terrain data channels: roughness factor around 1, occlusion and height in range, opaque, distinct layers") {
    const TerrainTextureSet& s = smallSet();
    size_t n = size_t(s.size) * size_t(s.size);
    for (int layer = 0; layer < kTerrainLayerCount; ++layer) {
        CAPTURE(std::string(toString(TerrainLayer(layer))));
        double rough = 0, ao = 0, hMin = 1, hMax = 0;
        for (size_t i = 0; i < n; ++i) {
            const uint8_t* r = s.rah.data() + size_t(layer) * n * 4 + i * 4;
            rough += r[0] / 128.0;
            ao += r[1] / 255.0;
            hMin = std::min(hMin, r[2] / 255.0);
            hMax = std::max(hMax, r[2] / 255.0);
            CHECK(r[3] == 255);
            CHECK(s.albedo[size_t(layer) * n * 4 + i * 4 + 3] == 255); // nothing to premultiply
        }
        rough /= double(n);
        ao /= double(n);
        CHECK(rough == doctest::Approx(1.0).epsilon(0.2));
        CHECK(ao > 0.6);
        CHECK(ao <= 1.0);
        CHECK(hMax - hMin > 0.3); // real relief for the height blend
    }
    auto& m = s.meanAlbedo;
    auto luminance = [](glm::vec3 c) { return 0.2126f * c.r + 0.7152f * c.g + 0.0722f * c.b; };
    const glm::vec3 grass = m[0], floor = m[1], rock = m[2], sand = m[3], pebble = m[4], asphalt = m[5];
    CHECK(grass.g > grass.r);
    CHECK(grass.g > grass.b);
    CHECK(floor.r > floor.g);
    CHECK(floor.g > floor.b);
    CHECK(luminance(sand) > luminance(rock));
    for (int i = 0; i < 5; ++i) CHECK(luminance(asphalt) < luminance(m[size_t(i)]) + 0.01f);
    CHECK(std::abs(rock.r - rock.b) < 0.06f); // grey
    CHECK(std::abs(pebble.r - pebble.b) < 0.08f);
    // Nominal colours (shown before maps load) are close to the measured means.
    auto nominal = nominalTerrainAlbedo();
    for (int i = 0; i < kTerrainLayerCount; ++i) {
        CAPTURE(i);
        for (int c = 0; c < 3; ++c) CHECK(std::abs(nominal[size_t(i)][c] - m[size_t(i)][c]) < 0.5f * m[size_t(i)][c] + 0.01f);
    }
}

TEST_CASE("a terrain texture cache file round-trips and is ignored when it does not match") {
    test::TempDir dir;
    TerrainTextureOptions options{.seed = 9, .size = 32, .threads = 1};
    TerrainTextureSet first = loadOrGenerateTerrainTextures(dir.path, options);
    auto file = dir.path / "terrain-textures-v1-seed9-32.bin";
    REQUIRE(std::filesystem::exists(file));
    TerrainTextureSet loaded;
    REQUIRE(loadTerrainTextures(file, options, loaded));
    CHECK(loaded.albedo == first.albedo);
    CHECK(loaded.normal == first.normal);
    CHECK(loaded.rah == first.rah);
    CHECK(loaded.meanAlbedo[3].r == first.meanAlbedo[3].r);
    TerrainTextureSet other;
    CHECK_FALSE(loadTerrainTextures(file, {.seed = 10, .size = 32}, other));
    CHECK_FALSE(loadTerrainTextures(file, {.seed = 9, .size = 64}, other));
    // A truncated file is not a cache hit.
    std::string bytes = readFile(file);
    writeFile(file, bytes.substr(0, bytes.size() / 2));
    CHECK_FALSE(loadTerrainTextures(file, options, other));
    CHECK_FALSE(loadTerrainTextures(dir.path / "missing.bin", options, other));
    TerrainTextureSet again = loadOrGenerateTerrainTextures(dir.path, options); // regenerates over the damage
    CHECK(again.albedo == first.albedo);
}

TEST_CASE("rows flip on the CPU per layer, and flipping twice restores them") {
    // Two layers of 2×3 texels, one byte each: rows 0..2 hold 1, 2, 3 (then 4, 5, 6).
    std::vector<uint8_t> pixels = {1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6};
    std::vector<uint8_t> original = pixels;
    flipRows(pixels, 2, 3, 2, 1);
    CHECK((pixels == std::vector<uint8_t>{3, 3, 2, 2, 1, 1, 6, 6, 5, 5, 4, 4}));
    flipRows(pixels, 2, 3, 2, 1);
    CHECK(pixels == original);
    CHECK_THROWS_AS(flipRows(pixels, 2, 3, 3, 1), Error);
    CHECK(textureArrayTexelBytes(TextureFormat::RGBA8) == 4);
    CHECK(textureArrayTexelBytes(TextureFormat::SRGB8_ALPHA8) == 4);
    CHECK(textureArrayTexelBytes(TextureFormat::RGBA32F) == 16);
    CHECK(textureArrayTexelBytes(TextureFormat::Depth24) == 0);
}
