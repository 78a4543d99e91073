#pragma once
// The draw items of one pass and the order they draw in. A draw item is plain data: what to
// draw (mesh part, material, effect, vertex array: held by pointer, never owned), where
// (world matrix), how many instances, which of the pass's render states, and its sort key
// (render/SortKey.h). Nothing here includes GL, materials or the scene, so unit tests build
// and sort lists without a context; the renderer fills them and the draw executor draws them.
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

#include <glm/glm.hpp>

#include "render/SortKey.h"

namespace th {

class Effect;
class InstanceBuffer;
class Material;
class Mesh;
class VertexArray;
enum class RenderPass;

struct DrawItem {
    Mesh* mesh = nullptr;
    Material* material = nullptr;
    Effect* effect = nullptr;
    const VertexArray* vao = nullptr;
    glm::mat4 world{1.0f};
    SortKey key;
    float depth = 0;        ///< view depth of the node's bounds centre (m)
    uint32_t part = 0;      ///< the mesh part
    uint32_t instances = 0; ///< 0 when not instanced
    InstanceBuffer* instanceData = nullptr; ///< the instances drawn: the mesh's own or a culled copy
    /// An index range of the vertex array's element buffer other than the part's own (the
    /// facing lists of render/InstanceFacing.h, in the geometry's index type); 0: the part's.
    uint32_t firstIndex = 0, indexCount = 0;
    uint32_t state = 0;     ///< index into the render states the list was built with
    RenderPass pass{};
    bool receiveShadows = true;
};

static_assert(std::is_trivially_copyable_v<DrawItem>, "draw items are plain data");

class RenderList {
public:
    void clear() { mItems.clear(); }
    void reserve(size_t n) { mItems.reserve(n); }
    void add(const DrawItem& item) { mItems.push_back(item); }

    /// Sorts into drawing order: every item that is not blended by key (stencil writers,
    /// opaque by effect, material and front to back, then alpha-tested alike), then the
    /// blended ones by key (back to front).
    void sort();

    /// All items, in drawing order after sort().
    std::span<DrawItem> items() { return mItems; }
    std::span<const DrawItem> items() const { return mItems; }
    /// The items before the blended ones (after sort()).
    std::span<DrawItem> opaque() { return std::span<DrawItem>(mItems).first(blendedBegin()); }
    /// The blended items, back to front (after sort()).
    std::span<DrawItem> blended() { return std::span<DrawItem>(mItems).subspan(blendedBegin()); }

    size_t size() const { return mItems.size(); }
    bool empty() const { return mItems.empty(); }

    /// Drops the items `remove` returns true for, keeping the order of the rest.
    template <typename Predicate> void removeIf(Predicate remove) { std::erase_if(mItems, remove); }

private:
    size_t blendedBegin() const;

    std::vector<DrawItem> mItems;
};

} // namespace th
