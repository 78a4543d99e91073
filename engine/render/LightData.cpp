#include "render/LightData.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/Hash.h"
#include "core/Log.h"
#include "render/LightPacking.h"

namespace th {

LightData::LightData(int maxLights) : mMaxLights(std::max(maxLights, 1)) {
    int rows = (mMaxLights + kLightsPerRow - 1) / kLightsPerRow;
    int width = std::min(mMaxLights, kLightsPerRow) * 4;
    mTexture = Texture({.format = TextureFormat::RGBA32UI, .width = width, .height = rows, .label = "light data"});
    mTexture.setFilter(false, false);
    mStaging.assign(size_t(width) * size_t(rows) * 4, 0u);
}

int LightData::update(const std::vector<Light>& lights, const std::vector<int>& shadowLayers) {
    std::vector<int> candidates;
    for (size_t i = 0; i < lights.size(); ++i) {
        const Light& l = lights[i];
        if (!l.enabled || l.type == LightType::Hemispheric) continue;
        candidates.push_back(int(i));
    }
    if (int(candidates.size()) > mMaxLights) {
        // Keep the most important: explicit importance first, then intensity.
        std::stable_sort(candidates.begin(), candidates.end(), [&](int a, int b) {
            const Light &la = lights[size_t(a)], &lb = lights[size_t(b)];
            if (la.importance != lb.importance) return la.importance > lb.importance;
            return la.intensity * glm::length(la.color) > lb.intensity * glm::length(lb.color);
        });
        size_t dropped = candidates.size() - size_t(mMaxLights);
        if (dropped != mLastDropped)
            logWarning(candidates.size(), " lights exceed the maximum of ", mMaxLights, "; the ", dropped,
                       " least important are dropped");
        mLastDropped = dropped;
        candidates.resize(size_t(mMaxLights));
        std::sort(candidates.begin(), candidates.end());
    } else {
        mLastDropped = 0;
    }
    auto firstPunctual = std::stable_partition(candidates.begin(), candidates.end(), [&](int i) {
        return lights[size_t(i)].type == LightType::Directional;
    });
    mDirectionalCount = int(firstPunctual - candidates.begin());
    mPacked = candidates;
    mCount = int(candidates.size());
    int width = mTexture.width();
    std::fill(mStaging.begin(), mStaging.end(), 0u);
    for (int k = 0; k < mCount; ++k) {
        const Light& l = lights[size_t(candidates[size_t(k)])];
        uint32_t* t = &mStaging[(size_t(k / kLightsPerRow) * size_t(width) + size_t(k % kLightsPerRow) * 4) * 4];
        int shadow = size_t(candidates[size_t(k)]) < shadowLayers.size() ? shadowLayers[size_t(candidates[size_t(k)])] : -1;
        bool clamped = false;
        std::array<uint32_t, 16> record = packLight(l, shadow, &clamped);
        std::memcpy(t, record.data(), sizeof record);
        if (clamped && mClampedSaid.insert(l.name).second)
            logWarning("light '", l.name, "': colour × intensity (", l.color.r * l.intensity, ", ", l.color.g * l.intensity, ", ",
                       l.color.b * l.intensity, ") is over ", kMaxPackedLightColour,
                       ", the most a point or spot light keeps; it is clamped to that");
    }
    uint64_t h = hash64(std::string_view(reinterpret_cast<const char*>(mStaging.data()), mStaging.size() * 4));
    if (h != mLastHash) {
        mTexture.upload(0, 0, mStaging.data());
        mLastHash = h;
    }
    return mCount;
}

} // namespace th
