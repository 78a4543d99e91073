#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string_view>

#include "gl/GlObject.h"

namespace th {

enum class BufferUsage { Static, Dynamic, Stream };

/// A GL buffer object: vertices, indices, per-instance attributes or uniform blocks.
class Buffer : public GlObject {
public:
    Buffer() = default;
    /// Creates the buffer with `size` bytes, filled from `data` when given.
    Buffer(GLenum target, size_t size, const void* data, BufferUsage usage, std::string_view label = {});

    template <typename T>
    static Buffer fromSpan(GLenum target, std::span<const T> items, BufferUsage usage, std::string_view label = {}) {
        return Buffer(target, items.size_bytes(), items.data(), usage, label);
    }

    GLenum target() const { return mTarget; }
    size_t size() const { return mSize; }
    /// Replaces bytes [offset, offset+size); grows (re-allocates) when the data does not fit.
    void update(size_t offset, size_t size, const void* data);
    /// Fills the whole buffer in place through a write-only mapping: `fill(bytes)` writes all
    /// size() bytes (no staging copy of a large buffer on the CPU side). A driver that refuses
    /// the mapping is an error.
    void fill(const std::function<void(uint8_t* bytes)>& fill);
    /// Replaces the whole content, re-allocating only when it grows (orphaning otherwise,
    /// so a buffer streamed every frame does not stall on the previous frame's draw).
    void replace(size_t size, const void* data);

private:
    GLenum mTarget = GL_ARRAY_BUFFER;
    GLenum mUsage = GL_STATIC_DRAW;
    size_t mSize = 0;
};

} // namespace th
