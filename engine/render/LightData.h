#pragma once
// The punctual lights of a frame in a texture (4 RGBA32UI texels per light, layout in
// render/LightPacking.h), so an effect uses one sampler whatever the light count: no
// uniform block per light, no link failure at the 12-block limit. Lights over the configured
// maximum are dropped by importance (once-per-change warning). Directional lights come first
// (the shader loops over them for every fragment, from this texture); point and spot lights
// follow, and the light clusters (render/LightClusters.h) hold copies of their records.
#include <cstdint>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "gl/Texture.h"
#include "scene/Light.h"

namespace th {

class LightData {
public:
    static constexpr int kLightsPerRow = 512;
    /// Words of one light's record (four RGBA32UI texels).
    static constexpr int kWordsPerLight = 16;

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
    /// The texture's words: packed slot k's record at [k · kWordsPerLight, (k + 1) · kWordsPerLight)
    /// (the light clusters copy the records of the lights they list).
    std::span<const uint32_t> records() const { return mStaging; }
    /// A hash of records(): it changes when any packed light does.
    uint64_t recordsHash() const { return mLastHash; }

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
