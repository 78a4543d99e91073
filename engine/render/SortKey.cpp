#include "render/SortKey.h"

#include <algorithm>

namespace th {

uint32_t SortKey::quantizeDepth(float viewDepth) {
    return uint32_t(std::clamp(viewDepth / kDepthRange, 0.0f, 1.0f) * float(kMaxDepth));
}

SortKey SortKey::opaque(unsigned pass, Layer layer, uint64_t effectId, uint64_t materialHash, float viewDepth) {
    return SortKey((uint64_t(pass & 3u) << kPassShift) | (uint64_t(layer) << kLayerShift) |
                   ((effectId & kEffectMask) << kEffectShift) | ((materialHash & kMaterialMask) << kMaterialShift) |
                   quantizeDepth(viewDepth));
}

SortKey SortKey::blended(unsigned pass, float viewDepth) {
    return SortKey((uint64_t(pass & 3u) << kPassShift) | (uint64_t(Layer::Blended) << kLayerShift) |
                   (kMaxDepth - quantizeDepth(viewDepth)));
}

} // namespace th
