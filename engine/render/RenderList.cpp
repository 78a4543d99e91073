#include "render/RenderList.h"

#include <algorithm>

namespace th {

void RenderList::sort() {
    auto byKey = [](const DrawItem& a, const DrawItem& b) { return a.key < b.key; };
    auto blendedBegin =
        std::partition(mItems.begin(), mItems.end(), [](const DrawItem& i) { return !i.key.blended(); });
    std::sort(mItems.begin(), blendedBegin, byKey);
    std::sort(blendedBegin, mItems.end(), byKey);
}

size_t RenderList::blendedBegin() const {
    auto it = std::partition_point(mItems.begin(), mItems.end(), [](const DrawItem& i) { return !i.key.blended(); });
    return size_t(it - mItems.begin());
}

} // namespace th
