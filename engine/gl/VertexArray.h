#pragma once
#include <cstddef>
#include <string_view>

#include "gl/Buffer.h"
#include "gl/GlObject.h"

namespace th {

/// One vertex attribute read from a buffer. `divisor` 1 makes it per instance.
struct VertexAttribute {
    GLuint location = 0;
    int components = 3;
    GLenum type = GL_FLOAT;
    bool normalized = false;
    bool integer = false; ///< read with glVertexAttribIPointer (ivec/uvec inputs)
    GLsizei stride = 0;
    size_t offset = 0;
    GLuint divisor = 0;
};

/// A vertex array object: which buffers feed which attribute locations, and the index buffer.
class VertexArray : public GlObject {
public:
    VertexArray() = default;
    explicit VertexArray(std::string_view label);

    void setAttribute(const Buffer& buffer, const VertexAttribute& attribute);
    /// A matrix attribute takes `columns` consecutive locations (a mat4 instance transform).
    void setMatrixAttribute(const Buffer& buffer, GLuint firstLocation, int columns, int rows, GLsizei stride,
                            size_t offset, GLuint divisor);
    void setIndexBuffer(const Buffer& buffer);
    void bind() const;
};

} // namespace th
