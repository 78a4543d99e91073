// The render list and its sort key on the CPU: the documented drawing order (stencil writers,
// opaque grouped by effect and material and front to back, alpha-tested alike, blended back
// to front), the key's pass and layer fields and its bit layout. No context: draw items only
// point at things, and these point nowhere.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "render/RenderList.h"
#include "render/SortKey.h"

using namespace th;

namespace {

using Layer = SortKey::Layer;

/// A draw item that only carries its key and, in `part`, a tag naming it for the checks.
DrawItem item(SortKey key, uint32_t tag, float depth) {
    DrawItem i;
    i.key = key;
    i.part = tag;
    i.depth = depth;
    return i;
}

std::vector<uint32_t> tags(std::span<const DrawItem> items) {
    std::vector<uint32_t> out;
    for (const DrawItem& i : items) out.push_back(i.part);
    return out;
}

} // namespace

TEST_CASE("a sorted render list draws stencil writers, opaque, alpha-tested, then blended back to front") {
    const unsigned main = 0;
    std::vector<DrawItem> items = {
        item(SortKey::opaque(main, Layer::Opaque, 2, 0x11, 5.0f), 21, 5.0f),   // effect 2, near
        item(SortKey::opaque(main, Layer::Opaque, 1, 0x22, 40.0f), 12, 40.0f), // effect 1, far
        item(SortKey::opaque(main, Layer::Opaque, 1, 0x22, 3.0f), 11, 3.0f),   // effect 1, near
        item(SortKey::opaque(main, Layer::Opaque, 2, 0x11, 90.0f), 22, 90.0f), // effect 2, far
        item(SortKey::blended(main, 10.0f), 41, 10.0f),                        // blended, near
        item(SortKey::blended(main, 300.0f), 42, 300.0f),                      // blended, far
        item(SortKey::opaque(main, Layer::AlphaTested, 1, 0x22, 1.0f), 31, 1.0f),
        item(SortKey::opaque(main, Layer::StencilWriters, 9, 0x33, 50.0f), 1, 50.0f),
        item(SortKey::blended(main, 60.0f), 43, 60.0f),
    };
    // The order does not depend on the order items were gathered in.
    std::mt19937 random(7);
    for (int round = 0; round < 8; ++round) {
        std::shuffle(items.begin(), items.end(), random);
        RenderList list;
        for (const DrawItem& i : items) list.add(i);
        list.sort();
        CHECK(tags(list.items()) == std::vector<uint32_t>{1, 11, 12, 21, 22, 31, 42, 43, 41});
        CHECK(tags(list.opaque()) == std::vector<uint32_t>{1, 11, 12, 21, 22, 31});
        CHECK(tags(list.blended()) == std::vector<uint32_t>{42, 43, 41});
    }
}

TEST_CASE("opaque items sharing an effect group by material before depth") {
    RenderList list;
    list.add(item(SortKey::opaque(0, Layer::Opaque, 4, 0xB, 1.0f), 3, 1.0f));
    list.add(item(SortKey::opaque(0, Layer::Opaque, 4, 0xA, 9.0f), 2, 9.0f));
    list.add(item(SortKey::opaque(0, Layer::Opaque, 4, 0xA, 2.0f), 1, 2.0f));
    list.sort();
    CHECK(tags(list.items()) == std::vector<uint32_t>{1, 2, 3});
}

TEST_CASE("the sort key's fields read back what built them") {
    SortKey k = SortKey::opaque(2, Layer::AlphaTested, 0x12345, 0xBEEF, 2500.0f);
    CHECK(k.pass() == 2);
    CHECK(k.layer() == Layer::AlphaTested);
    CHECK_FALSE(k.blended());
    CHECK(k.effectBits() == 0x12345);
    CHECK(k.materialBits() == 0xBEEF);
    CHECK(k.depthBits() == SortKey::quantizeDepth(2500.0f));

    SortKey b = SortKey::blended(0, 100.0f);
    CHECK(b.blended());
    CHECK(b.pass() == 0);
    CHECK(b.effectBits() == 0);
    CHECK(b.materialBits() == 0);
    CHECK(b.depthBits() == SortKey::kMaxDepth - SortKey::quantizeDepth(100.0f));

    // Only the documented widths survive: the effect id keeps its low 20 bits, the material 16.
    SortKey wide = SortKey::opaque(0, Layer::Opaque, 0xFFF00001, 0x12345678, 0.0f);
    CHECK(wide.effectBits() == 0x00001);
    CHECK(wide.materialBits() == 0x5678);
    CHECK(wide.layer() == Layer::Opaque);
    CHECK(wide.pass() == 0);
}

TEST_CASE("the sort key's bit layout is the one SortKey.h documents") {
    // pass 63..62, layer 61..60, effect 59..40, material 39..24, depth 23..0.
    CHECK(SortKey::opaque(1, Layer::Opaque, 5, 7, 0.0f).value() ==
          ((1ull << 62) | (1ull << 60) | (5ull << 40) | (7ull << 24)));
    CHECK(SortKey::blended(0, SortKey::kDepthRange).value() == (3ull << 60));
    CHECK(SortKey::blended(0, 0.0f).value() == ((3ull << 60) | SortKey::kMaxDepth));
}

TEST_CASE("the pass field orders whole passes and the layer field orders within a pass") {
    SortKey mainBlended = SortKey::blended(0, 1.0f);
    SortKey depthStencil = SortKey::opaque(1, Layer::StencilWriters, 0, 0, 0.0f);
    SortKey shadowOpaque = SortKey::opaque(2, Layer::Opaque, 0, 0, 0.0f);
    CHECK(mainBlended < depthStencil);
    CHECK(depthStencil < shadowOpaque);
    CHECK(SortKey::opaque(0, Layer::StencilWriters, 0xFFFFF, 0xFFFF, SortKey::kDepthRange) <
          SortKey::opaque(0, Layer::Opaque, 0, 0, 0.0f));
}

TEST_CASE("depth quantises monotonically and clamps outside 0 to kDepthRange") {
    CHECK(SortKey::quantizeDepth(-5.0f) == 0);
    CHECK(SortKey::quantizeDepth(0.0f) == 0);
    CHECK(SortKey::quantizeDepth(SortKey::kDepthRange) == SortKey::kMaxDepth);
    CHECK(SortKey::quantizeDepth(1e9f) == SortKey::kMaxDepth);
    uint32_t previous = 0;
    for (float d = 0.5f; d < SortKey::kDepthRange; d *= 1.7f) {
        uint32_t q = SortKey::quantizeDepth(d);
        CHECK(q > previous);
        previous = q;
    }
}

TEST_CASE("removing items from a render list keeps the order of the rest") {
    RenderList list;
    for (uint32_t t = 0; t < 6; ++t) list.add(item(SortKey::opaque(0, Layer::Opaque, 1, 1, float(t)), t, float(t)));
    list.removeIf([](const DrawItem& i) { return i.part % 2 == 1; });
    CHECK(tags(list.items()) == std::vector<uint32_t>{0, 2, 4});
    list.sort();
    CHECK(tags(list.opaque()) == std::vector<uint32_t>{0, 2, 4});
    CHECK(list.blended().empty());
}
