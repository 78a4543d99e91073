#pragma once
// The order a render list draws in, as one 64-bit key compared as an integer. Its layout is
// written here once and read and written only through the named builders and accessors below:
//
//   bits    field      meaning
//   63..62  pass       the pass the item draws in (RenderPass order: main, depth, shadow)
//   61..60  layer      0 stencil writers, 1 opaque, 2 alpha-tested (masked), 3 blended
//   layers 0-2 (opaque and alpha-tested):
//   59..40  effect     the effect's id (its low 20 bits): items sharing a program draw together
//   39..24  material   a 16-bit hash of the material: then its blocks and textures
//   23..0   depth      view depth quantised over [0, kDepthRange] m: front to back
//   layer 3 (blended):
//   59..24  zero
//   23..0   depth      inverted: back to front
//
// Stencil writers draw first so materials that test the stencil see the finished mask.
// Blended parts sort by depth alone (their order is what blending needs; state changes are
// the price). CPU-only plain data: unit tests build and sort keys without a context.
#include <cstdint>

namespace th {

class SortKey {
public:
    enum class Layer : uint8_t { StencilWriters = 0, Opaque = 1, AlphaTested = 2, Blended = 3 };

    /// View depth (m) beyond this sorts as the farthest.
    static constexpr float kDepthRange = 5000.0f;
    static constexpr uint32_t kMaxDepth = 0xFFFFFF;

    constexpr SortKey() = default;

    /// An opaque or alpha-tested item (any layer but Blended): by effect, material, then
    /// front to back.
    static SortKey opaque(unsigned pass, Layer layer, uint64_t effectId, uint64_t materialHash, float viewDepth);
    /// A blended item: back to front.
    static SortKey blended(unsigned pass, float viewDepth);

    /// View depth (m) as the key stores it: [0, kDepthRange] onto [0, kMaxDepth].
    static uint32_t quantizeDepth(float viewDepth);

    constexpr unsigned pass() const { return unsigned(mValue >> kPassShift); }
    constexpr Layer layer() const { return Layer((mValue >> kLayerShift) & 3u); }
    constexpr bool blended() const { return layer() == Layer::Blended; }
    /// The low 20 bits of the effect id (0 for blended items).
    constexpr uint32_t effectBits() const { return uint32_t((mValue >> kEffectShift) & kEffectMask); }
    /// The material's 16-bit hash (0 for blended items).
    constexpr uint32_t materialBits() const { return uint32_t((mValue >> kMaterialShift) & kMaterialMask); }
    /// The quantised depth as stored (inverted for blended items).
    constexpr uint32_t depthBits() const { return uint32_t(mValue & kMaxDepth); }

    constexpr uint64_t value() const { return mValue; }
    constexpr bool operator<(const SortKey& o) const { return mValue < o.mValue; }
    constexpr bool operator==(const SortKey& o) const = default;

private:
    static constexpr unsigned kPassShift = 62, kLayerShift = 60, kEffectShift = 40, kMaterialShift = 24;
    static constexpr uint64_t kEffectMask = 0xFFFFF, kMaterialMask = 0xFFFF;

    constexpr explicit SortKey(uint64_t value) : mValue(value) {}
    uint64_t mValue = 0;
};

static_assert(sizeof(SortKey) == 8, "a sort key is one 64-bit integer");

} // namespace th
