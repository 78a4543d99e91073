#include "gl/Buffer.h"

#include "core/Error.h"
#include "core/Str.h"

namespace th {

static GLenum glUsage(BufferUsage usage) {
    switch (usage) {
    case BufferUsage::Static: return GL_STATIC_DRAW;
    case BufferUsage::Dynamic: return GL_DYNAMIC_DRAW;
    case BufferUsage::Stream: return GL_STREAM_DRAW;
    }
    return GL_STATIC_DRAW;
}

static GLuint newBuffer() {
    GLuint id = 0;
    glGenBuffers(1, &id);
    return id;
}

static void bindFor(GLenum target, GLuint id) {
    // Element buffers bind into the current vertex array; use the copy target for uploads
    // so setting up data never disturbs a vertex array.
    StateCache::current()->bindBuffer(target == GL_ELEMENT_ARRAY_BUFFER ? GL_COPY_WRITE_BUFFER : target, id);
}

Buffer::Buffer(GLenum target, size_t size, const void* data, BufferUsage usage, std::string_view label)
    : GlObject(GlObjectKind::Buffer, newBuffer()), mTarget(target), mUsage(glUsage(usage)), mSize(size) {
    GLenum bindTarget = target == GL_ELEMENT_ARRAY_BUFFER ? GL_COPY_WRITE_BUFFER : target;
    bindFor(target, id());
    glBufferData(bindTarget, GLsizeiptr(size), data, mUsage);
    setLabel(label);
}

void Buffer::update(size_t offset, size_t size, const void* data) {
    GLenum bindTarget = mTarget == GL_ELEMENT_ARRAY_BUFFER ? GL_COPY_WRITE_BUFFER : mTarget;
    bindFor(mTarget, id());
    if (offset + size > mSize) {
        if (offset != 0) throw Error(str("Buffer::update(): range ", offset, "+", size, " past the end (", mSize, " bytes)"));
        glBufferData(bindTarget, GLsizeiptr(size), data, mUsage);
        mSize = size;
        return;
    }
    glBufferSubData(bindTarget, GLintptr(offset), GLsizeiptr(size), data);
}

void Buffer::fill(const std::function<void(uint8_t* bytes)>& fill) {
    if (mSize == 0) return;
    GLenum bindTarget = mTarget == GL_ELEMENT_ARRAY_BUFFER ? GL_COPY_WRITE_BUFFER : mTarget;
    bindFor(mTarget, id());
    void* mapped = glMapBufferRange(bindTarget, 0, GLsizeiptr(mSize), GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT);
    if (!mapped) throw Error(str("buffer ", id(), ": the driver refused to map its ", mSize, " bytes for writing"));
    fill(static_cast<uint8_t*>(mapped));
    bindFor(mTarget, id());
    if (glUnmapBuffer(bindTarget) != GL_TRUE)
        throw Error(str("buffer ", id(), ": its contents were lost while mapped (glUnmapBuffer)"));
}

void Buffer::replace(size_t size, const void* data) {
    GLenum bindTarget = mTarget == GL_ELEMENT_ARRAY_BUFFER ? GL_COPY_WRITE_BUFFER : mTarget;
    bindFor(mTarget, id());
    if (size > mSize) {
        glBufferData(bindTarget, GLsizeiptr(size), data, mUsage);
        mSize = size;
        return;
    }
    glBufferData(bindTarget, GLsizeiptr(mSize), nullptr, mUsage); // orphan
    glBufferSubData(bindTarget, 0, GLsizeiptr(size), data);
}

} // namespace th
