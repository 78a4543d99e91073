// The hike forest's levels of detail: the band table hands every distance to exactly one
// level (at most one fully visible, visibilities summing to one, complementary pixels at every
// seam), the low tier skips LOD2 without a gap, the sets rebuilt per cell hold every tree a
// level may show from anywhere in the cell; the impostor mip chain keeps its coverage.
#include <doctest/doctest.h>

#include <cmath>

#include "hike/ForestLayout.h"
#include "render/CoverageMips.h"

using namespace th;
using namespace th::hike;

namespace {

const ForestBandSettings kTiers[] = {
    ForestBandSettings{},                                  // high and medium
    ForestBandSettings{.nearRadius = 70.0f},               // low
    ForestBandSettings{.nearRadius = 160.0f},              // a wider near band (demo slider)
};

} // namespace

TEST_CASE("forest bands: at most one level fully visible at any distance, and no gap") {
    for (const ForestBandSettings& settings : kTiers) {
        CAPTURE(settings.nearRadius);
        ForestBandTable table = bandTable(settings);
        for (bool lattice : {true, false}) {
            CAPTURE(lattice);
            const auto& bands = table.forTree(lattice);
            float end = lattice ? settings.farRadius : settings.fillRadius;
            for (float d = 0.0f; d < end + 50.0f; d += 0.125f) {
                int full = 0;
                float sum = 0.0f;
                for (const auto& b : bands) {
                    if (!b) continue;
                    float v = ditherVisibility(*b, d);
                    if (v >= 1.0f) ++full;
                    sum += v;
                }
                CHECK(full <= 1);
                // Every distance before the far fade belongs wholly to the levels (no hole, no
                // double), then the forest ends.
                if (d < end - 0.2f * end) {
                    CHECK(std::abs(sum - 1.0f) < 1e-5f);
                }
                if (d >= end) CHECK(sum == 0.0f);
            }
        }
    }
}

TEST_CASE("forest bands: two levels at a seam keep complementary pixels, every pixel exactly once") {
    for (const ForestBandSettings& settings : kTiers) {
        ForestBandTable table = bandTable(settings);
        for (bool lattice : {true, false}) {
            const auto& bands = table.forTree(lattice);
            for (float d = 0.0f; d < settings.nearRadius + 20.0f; d += 0.37f) {
                for (int px = 0; px < 64; ++px) {
                    float n = interleavedGradientNoise(float(px) + 0.5f, float(px * 7 % 13) + 0.5f);
                    int kept = 0;
                    for (const auto& b : bands)
                        if (b && ditherKeeps(*b, d, n)) ++kept;
                    CHECK(kept == 1);
                }
            }
        }
    }
}

TEST_CASE("forest bands per tier: LOD2 is skipped on low and the near levels meet at 70 m") {
    ForestBandTable high = bandTable({});
    REQUIRE(high.lattice[0]);
    REQUIRE(high.lattice[1]);
    REQUIRE(high.lattice[2]);
    CHECK(high.lattice[0]->outEnd == 42.0f);
    CHECK(high.lattice[1]->outEnd == 85.0f);
    CHECK(high.lattice[2]->outEnd == 120.0f);
    CHECK(high.lattice[3]->inEnd == 120.0f);
    CHECK(high.lattice[3]->outEnd == 2000.0f);
    CHECK(high.fill[3]->outEnd == 1000.0f);
    ForestBandTable low = bandTable({.nearRadius = 70.0f});
    CHECK(low.lattice[1]->outEnd == 70.0f);
    CHECK(!low.lattice[2]);
    CHECK(low.lattice[3]->inEnd == 70.0f);
    CHECK_THROWS(bandTable({.lod0End = 90.0f, .lod1End = 85.0f}));
}

TEST_CASE("forest sets: built per cell, they hold every tree a level may show from anywhere in the cell") {
    Heightfield field(4);
    ForestField forest(field, 4);
    ForestBandSettings settings;
    ForestBandTable table = bandTable(settings);
    glm::vec2 eye(123.4f, -56.7f);
    glm::vec2 origin = forest.cellCenter(eye);
    const float pad = forest.placement().cell * 1.41421356f;
    std::vector<TreeInstance> trees;
    forest.collect(origin, 400.0f, 400.0f, trees);
    REQUIRE(trees.size() > 100);
    std::array<std::vector<uint32_t>, kTreeLodCount> sets;
    partitionTrees(trees, origin, pad, table, sets);
    CHECK(sets[0].size() > 0);
    CHECK(sets[3].size() > sets[0].size());
    // Eyes anywhere in the cell: every tree with a visible level is in that level's set.
    int missing = 0;
    for (glm::vec2 offset : {glm::vec2(-4.9f, -4.9f), glm::vec2(4.9f, 4.9f), glm::vec2(-4.9f, 4.9f), glm::vec2(0.0f)}) {
        glm::vec2 at = origin + offset;
        for (int k = 0; k < kTreeLodCount; ++k) {
            std::vector<bool> in(trees.size(), false);
            for (uint32_t i : sets[size_t(k)]) in[i] = true;
            for (size_t i = 0; i < trees.size(); ++i) {
                const auto& b = table.forTree(trees[i].lattice)[size_t(k)];
                if (!b) continue;
                float d = glm::length(glm::vec2(trees[i].position.x, trees[i].position.z) - at);
                if (d < 380.0f && ditherVisibility(*b, d) > 0.0f && !in[i]) ++missing;
            }
        }
    }
    CHECK(missing == 0);
    // Deterministic and cached: collecting again gives the same trees.
    std::vector<TreeInstance> again;
    forest.collect(origin, 400.0f, 400.0f, again);
    REQUIRE(again.size() == trees.size());
    CHECK(again.front().position == trees.front().position);
}

TEST_CASE("impostor mips keep the silhouette: sparse needles do not thin out at a distance") {
    // A tree-like silhouette: a triangle of sparse "needles" (a quarter of its texels) on
    // transparent texels. Plain box-filtered mips average the needles to alpha 0.25, under the
    // cutoff: the tree vanishes at a distance. The coverage-preserving chain must not lose it,
    // nor grow past the silhouette's hull.
    auto silhouette = [](bool sparse) {
        ImageRgba8 image(64, 128);
        for (int y = 0; y < 128; ++y)
            for (int x = 0; x < 64; ++x) {
                float halfWidth = 30.0f * float(y) / 128.0f;
                bool inside = std::abs(float(x) - 31.5f) < halfWidth && (!sparse || (x + 2 * y) % 4 == 0);
                uint8_t* p = image.at(x, y);
                p[0] = inside ? 40 : 0;
                p[1] = inside ? 90 : 0;
                p[2] = inside ? 30 : 0;
                p[3] = inside ? 255 : 0;
            }
        return image;
    };
    ImageRgba8 base = silhouette(true);
    float coverage = alphaCoverage(base);
    float hull = alphaCoverage(silhouette(false));
    REQUIRE(coverage > 0.05f);
    ImageRgba8 bled = base;
    bleedColors(bled, 4);
    CHECK(bled.at(0, 127)[1] > 0);  // colour spread into the transparent corner
    CHECK(bled.at(0, 127)[3] == 0); // alpha untouched

    // Plain 2x2 average of the first level: the needles fall under the cutoff.
    ImageRgba8 plain(32, 64);
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 32; ++x) {
            int a = base.at(2 * x, 2 * y)[3] + base.at(2 * x + 1, 2 * y)[3] + base.at(2 * x, 2 * y + 1)[3] + base.at(2 * x + 1, 2 * y + 1)[3];
            plain.at(x, y)[3] = uint8_t(a / 4);
        }
    CHECK(alphaCoverage(plain) < 0.5f * coverage);

    std::vector<ImageRgba8> mips = coveragePreservingMips(bled);
    REQUIRE(mips.size() == 7); // 32x64, 16x32, 8x16, 4x8, 2x4, 1x2, 1x1
    CHECK(mips.back().width == 1);
    CHECK(mips.back().height == 1);
    for (size_t i = 0; i + 2 < mips.size(); ++i) { // the last levels are too coarse for a share
        CAPTURE(i);
        float c = alphaCoverage(mips[i]);
        CHECK(c >= 0.9f * coverage);
        CHECK(c <= hull + 0.1f);
    }
}
