#include "hike/ForestLayout.h"

#include <algorithm>
#include <cmath>

#include "hike/Random.h"
#include "core/Error.h"
#include "core/Str.h"

namespace th::hike {

const char* toString(TreeLod lod) {
    switch (lod) {
    case TreeLod::Lod0: return "lod0";
    case TreeLod::Lod1: return "lod1";
    case TreeLod::Lod2: return "lod2";
    case TreeLod::Impostor: return "impostor";
    }
    return "?";
}

ForestBandTable bandTable(const ForestBandSettings& s) {
    if (!(s.lod0End > 0 && s.lod1End > s.lod0End && s.nearRadius > s.lod0End && s.fillRadius > s.nearRadius &&
          s.farRadius > s.fillRadius))
        throw Error(str("forest bands: distances must increase (lod0 ", s.lod0End, " < lod1 ", s.lod1End, ", lod0 < near ",
                        s.nearRadius, " < fill ", s.fillRadius, " < far ", s.farRadius, ")"));
    auto seam = [&](float d) { return std::max(s.minSeam, s.seamFraction * d); };
    ForestBandTable t;
    // Near levels end at their seam or at the near radius, whichever is closer; a level whose
    // end does not lie beyond the previous one's is skipped.
    const float ends[3] = {s.lod0End, std::min(s.lod1End, s.nearRadius), s.nearRadius};
    std::optional<float> previousEnd; // where the last kept level hands over
    for (int k = 0; k < 3; ++k) {
        float end = ends[k];
        if (previousEnd && !(end - seam(end) > *previousEnd)) continue;
        DitherBands b = previousEnd ? DitherBands::between(*previousEnd - seam(*previousEnd), *previousEnd,
                                                           end - seam(end), end)
                                    : DitherBands::fadeOut(end - seam(end), end);
        t.lattice[size_t(k)] = t.fill[size_t(k)] = b;
        previousEnd = end;
    }
    float in0 = s.nearRadius - seam(s.nearRadius);
    float farSeam = 0.08f * s.farRadius, fillSeam = 0.08f * s.fillRadius;
    t.lattice[size_t(TreeLod::Impostor)] = DitherBands::between(in0, s.nearRadius, s.farRadius - farSeam, s.farRadius);
    t.fill[size_t(TreeLod::Impostor)] = DitherBands::between(in0, s.nearRadius, s.fillRadius - fillSeam, s.fillRadius);
    return t;
}

ForestField::ForestField(const Heightfield& field, uint32_t seed, ForestPlacement placement)
    : mField(field), mSeed(seed), mPlacement(placement) {}

float ForestField::density(float x, float z) const {
    const ForestPlacement& p = mPlacement;
    float w = p.patchWavelength;
    float n = 0.65f * cellValueNoise01(x / w, z / w, mSeed * 31u + 7u) +
              0.35f * cellValueNoise01(x * 2.3f / w, z * 2.3f / w, mSeed * 31u + 8u);
    // n is roughly uniform around 0.5: the wood takes the top woodShare of it.
    float wood = glm::smoothstep(1.0f - p.woodShare - 0.08f, 1.0f - p.woodShare + 0.08f, n);
    return wood;
}

glm::vec2 ForestField::cellCenter(glm::vec2 eye) const {
    float c = mPlacement.cell;
    return {(std::floor(eye.x / c) + 0.5f) * c, (std::floor(eye.y / c) + 0.5f) * c};
}

namespace {
constexpr int kTileCells = 8;
uint64_t tileKey(int tx, int tz) { return (uint64_t(uint32_t(tx)) << 32) | uint64_t(uint32_t(tz)); }
} // namespace

const std::vector<TreeInstance>& ForestField::tile(int tx, int tz) {
    auto it = mTiles.find(tileKey(tx, tz));
    if (it != mTiles.end()) return it->second;
    std::vector<TreeInstance> trees;
    const ForestPlacement& p = mPlacement;
    for (int j = 0; j < kTileCells; ++j) {
        for (int i = 0; i < kTileCells; ++i) {
            int ci = tx * kTileCells + i, cj = tz * kTileCells + j;
            CellRandom r(ci, cj, mSeed);
            float x = (float(ci) + r.uniform(0.15f, 0.85f)) * p.cell;
            float z = (float(cj) + r.uniform(0.15f, 0.85f)) * p.cell;
            float chance = r.uniform();
            float yaw = r.uniform(0.0f, 6.2831853f);
            float scale = r.uniform(p.minScale, p.maxScale);
            float d = density(x, z) * p.maxDensity;
            if (chance >= d) continue;
            HeightSample s = mField.sample(x, z);
            float keep = (1.0f - glm::smoothstep(p.rockSlope - 0.15f, p.rockSlope, s.slope())) *
                         (1.0f - glm::smoothstep(p.treeLine, p.treeLine + 40.0f, s.height));
            if (chance >= d * keep) continue;
            TreeInstance t;
            t.position = {x, s.height, z};
            t.yaw = yaw;
            t.scale = scale;
            t.gradient = s.gradient;
            t.lattice = (ci & 1) == 0 && (cj & 1) == 0;
            trees.push_back(t);
        }
    }
    return mTiles.emplace(tileKey(tx, tz), std::move(trees)).first->second;
}

void ForestField::collect(glm::vec2 center, float radius, float fillRadius, std::vector<TreeInstance>& out, bool forget) {
    float tileSize = mPlacement.cell * float(kTileCells);
    int t0x = int(std::floor((center.x - radius) / tileSize)), t1x = int(std::floor((center.x + radius) / tileSize));
    int t0z = int(std::floor((center.y - radius) / tileSize)), t1z = int(std::floor((center.y + radius) / tileSize));
    float r2 = radius * radius, f2 = fillRadius * fillRadius;
    for (int tz = t0z; tz <= t1z; ++tz) {
        for (int tx = t0x; tx <= t1x; ++tx) {
            // Skip tiles wholly outside the circle.
            float nx = std::clamp(center.x, float(tx) * tileSize, float(tx + 1) * tileSize);
            float nz = std::clamp(center.y, float(tz) * tileSize, float(tz + 1) * tileSize);
            if ((nx - center.x) * (nx - center.x) + (nz - center.y) * (nz - center.y) > r2) continue;
            for (const TreeInstance& t : tile(tx, tz)) {
                float dx = t.position.x - center.x, dz = t.position.z - center.y;
                float d2 = dx * dx + dz * dz;
                if (d2 > r2 || (!t.lattice && d2 > f2)) continue;
                out.push_back(t);
            }
        }
    }
    if (forget) {
        float keep = radius + 2.0f * tileSize;
        for (auto it = mTiles.begin(); it != mTiles.end();) {
            int tx = int(int32_t(uint32_t(it->first >> 32))), tz = int(int32_t(uint32_t(it->first)));
            float cx = (float(tx) + 0.5f) * tileSize - center.x, cz = (float(tz) + 0.5f) * tileSize - center.y;
            it = cx * cx + cz * cz > keep * keep ? mTiles.erase(it) : std::next(it);
        }
    }
}

void partitionTrees(const std::vector<TreeInstance>& trees, glm::vec2 origin, float pad, const ForestBandTable& table,
                    std::array<std::vector<uint32_t>, kTreeLodCount>& out) {
    for (auto& v : out) v.clear();
    for (size_t i = 0; i < trees.size(); ++i) {
        const TreeInstance& t = trees[i];
        float d = glm::length(glm::vec2(t.position.x, t.position.z) - origin);
        const auto& bands = table.forTree(t.lattice);
        for (int k = 0; k < kTreeLodCount; ++k) {
            const auto& b = bands[size_t(k)];
            if (!b) continue;
            // Visible somewhere in [d − pad, d + pad] when that interval meets (inStart, outEnd).
            if (d + pad > b->inStart && d - pad < b->outEnd) out[size_t(k)].push_back(uint32_t(i));
        }
    }
}

} // namespace th::hike
