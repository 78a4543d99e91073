#include "common/ImageVariety.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <unordered_map>

#include "common/ImageCompare.h"
#include "core/Error.h"
#include "core/Str.h"

namespace th {

std::string ImageVariety::summary() const {
    char share[32];
    std::snprintf(share, sizeof share, "%.1f%%", 100.0 * this->share());
    return str("region ", region.x, ",", region.y, " ", region.width, "x", region.height, ": ", share, " of ", pixels,
               " pixels differ from the most common colour");
}

namespace {

ImageRegion clampedRegion(const ImageRgba8& image, ImageRegion region) {
    if (region.x < 0 || region.y < 0 || region.x >= image.width || region.y >= image.height)
        throw Error(
            str("region ", region.x, ",", region.y, " lies outside the ", image.width, "x", image.height, " image"));
    region.width = region.width > 0 ? std::min(region.width, image.width - region.x) : image.width - region.x;
    region.height = region.height > 0 ? std::min(region.height, image.height - region.y) : image.height - region.y;
    return region;
}

} // namespace

ImageVariety measureDifference(const ImageRgba8& image, const uint8_t reference[4], ImageRegion region, double deltaE) {
    ImageVariety v;
    v.region = clampedRegion(image, region);
    for (int y = v.region.y; y < v.region.y + v.region.height; ++y)
        for (int x = v.region.x; x < v.region.x + v.region.width; ++x) {
            ++v.pixels;
            if (deltaE76(image.at(x, y), reference) > deltaE) ++v.differing;
        }
    return v;
}

ImageVariety measureVariety(const ImageRgba8& image, ImageRegion region, double deltaE) {
    region = clampedRegion(image, region);
    std::unordered_map<uint32_t, uint64_t> counts;
    for (int y = region.y; y < region.y + region.height; ++y)
        for (int x = region.x; x < region.x + region.width; ++x) {
            uint32_t key;
            std::memcpy(&key, image.at(x, y), 4);
            ++counts[key];
        }
    auto mostCommon = [](auto& a, auto& b) { return a.second < b.second; };
    uint32_t common = std::max_element(counts.begin(), counts.end(), mostCommon)->first;
    uint8_t reference[4];
    std::memcpy(reference, &common, 4);
    return measureDifference(image, reference, region, deltaE);
}

} // namespace th
