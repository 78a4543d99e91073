#include "gl/UniformBuffer.h"

#include "core/Error.h"
#include "core/Str.h"

namespace th {

UniformBuffer::UniformBuffer(Std140Layout layout, std::string_view label)
    : mLayout(std::move(layout)), mData(std::max<uint32_t>(mLayout.size(), 16), 0),
      mBuffer(GL_UNIFORM_BUFFER, mData.size(), nullptr, BufferUsage::Dynamic, label) {}

const Std140Member& UniformBuffer::member(std::string_view name, UniformType expected) const {
    const Std140Member* m = mLayout.find(name);
    if (!m) throw Error(str("uniform '", name, "' is not in this block"));
    if (m->type != expected && !(m->type == UniformType::Bool && expected == UniformType::Int))
        throw Error(str("uniform '", name, "' is a ", glslName(m->type), ", written as ", glslName(expected)));
    return *m;
}

void UniformBuffer::write(uint32_t offset, const void* data, size_t size) {
    if (offset + size > mData.size()) throw Error(str("uniform write past the block end (", offset, "+", size, ")"));
    if (std::memcmp(mData.data() + offset, data, size) == 0) return;
    std::memcpy(mData.data() + offset, data, size);
    mDirty = true;
}

void UniformBuffer::set(std::string_view n, float v) { write(member(n, UniformType::Float).offset, &v, 4); }
void UniformBuffer::set(std::string_view n, int v) { write(member(n, UniformType::Int).offset, &v, 4); }
void UniformBuffer::set(std::string_view n, const glm::vec2& v) { write(member(n, UniformType::Vec2).offset, &v, 8); }
void UniformBuffer::set(std::string_view n, const glm::vec3& v) { write(member(n, UniformType::Vec3).offset, &v, 12); }
void UniformBuffer::set(std::string_view n, const glm::vec4& v) { write(member(n, UniformType::Vec4).offset, &v, 16); }
void UniformBuffer::set(std::string_view n, const glm::mat4& v) { write(member(n, UniformType::Mat4).offset, &v, 64); }
void UniformBuffer::set(std::string_view n, const glm::mat3& v) {
    // std140 stores each mat3 column as a vec4.
    uint32_t offset = member(n, UniformType::Mat3).offset;
    for (int c = 0; c < 3; ++c) write(offset + uint32_t(c) * 16, &v[c], 12);
}

void UniformBuffer::bind(unsigned binding) {
    if (mDirty) {
        mBuffer.replace(mData.size(), mData.data());
        mDirty = false;
    }
    StateCache::current()->bindUniformBuffer(binding, mBuffer.id(), 0, GLsizeiptr(mData.size()));
}

} // namespace th
