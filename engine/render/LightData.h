#pragma once
// The punctual lights of a frame in a texture (4 RGBA32UI texels per light, layout in
// render/LightPacking.h: shading a point or spot light fetches two of them), so an effect uses one sampler whatever the light count: no
// uniform block per light, no link failure at the 12-block limit. Lights over the configured
// maximum are dropped by importance (once-per-change warning). Directional lights come first
// (the shader loops over them for every fragment); point and spot lights follow, and the
// light clusters (render/LightClusters.h) list their slots.
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "gl/Texture.h"
#include "scene/Light.h"

namespace th {

class LightData {
public:
    static constexpr int kLightsPerRow = 512;

    explicit LightData(int maxLights = 1024);

    /// Packs the enabled point, spot and extra directional lights, directional ones first.
    /// `shadowLayers[i]` is the spot shadow layer of lights[i] or −1. Returns how many were
    /// packed.
    int update(const std::vector<Light>& lights, const std::vector<int>& shadowLayers);
    const Texture& texture() const { return mTexture; }
    int count() const { return mCount; }
    /// Packed slots [0, directionalCount()) hold the directional lights.
    int directionalCount() const { return mDirectionalCount; }
    int maxLights() const { return mMaxLights; }
    /// Indices (into the lights passed to update) of the packed lights, in packed order.
    const std::vector<int>& packedIndices() const { return mPacked; }

private:
    int mMaxLights;
    int mCount = 0;
    int mDirectionalCount = 0;
    Texture mTexture;
    std::vector<uint32_t> mStaging;
    std::set<std::string> mClampedSaid; ///< lights whose clamped colour was reported
    std::vector<int> mPacked;
    uint64_t mLastHash = 0;
    size_t mLastDropped = 0;
};

} // namespace th
