#pragma once
// A uniform block's data: a CPU copy laid out by Std140Layout, written by name or offset, and
// uploaded to its GL buffer only when something changed.
#include <cstring>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "gl/Buffer.h"
#include "gl/Std140Layout.h"

namespace th {

class UniformBuffer {
public:
    UniformBuffer() = default;
    UniformBuffer(Std140Layout layout, std::string_view label);

    const Std140Layout& layout() const { return mLayout; }
    const Buffer& buffer() const { return mBuffer; }

    void set(std::string_view name, float v);
    void set(std::string_view name, int v);
    void set(std::string_view name, const glm::vec2& v);
    void set(std::string_view name, const glm::vec3& v);
    void set(std::string_view name, const glm::vec4& v);
    void set(std::string_view name, const glm::mat4& v);
    void set(std::string_view name, const glm::mat3& v);
    /// Raw write at a byte offset (arrays, bulk data).
    void write(uint32_t offset, const void* data, size_t size);
    const uint8_t* data() const { return mData.data(); }

    /// Uploads when dirty, then binds the block to `binding`.
    void bind(unsigned binding);

private:
    const Std140Member& member(std::string_view name, UniformType expected) const;
    Std140Layout mLayout;
    std::vector<uint8_t> mData;
    Buffer mBuffer;
    bool mDirty = true;
};

} // namespace th
