#include "gl/VertexArray.h"

namespace th {

static GLuint newVertexArray() {
    GLuint id = 0;
    glGenVertexArrays(1, &id);
    return id;
}

VertexArray::VertexArray(std::string_view label) : GlObject(GlObjectKind::VertexArray, newVertexArray()) {
    bind();
    setLabel(label);
}

void VertexArray::bind() const { StateCache::current()->bindVertexArray(id()); }

void VertexArray::setAttribute(const Buffer& buffer, const VertexAttribute& a) {
    bind();
    StateCache::current()->bindBuffer(GL_ARRAY_BUFFER, buffer.id());
    glEnableVertexAttribArray(a.location);
    const void* offset = reinterpret_cast<const void*>(a.offset);
    if (a.integer) glVertexAttribIPointer(a.location, a.components, a.type, a.stride, offset);
    else glVertexAttribPointer(a.location, a.components, a.type, a.normalized ? GL_TRUE : GL_FALSE, a.stride, offset);
    glVertexAttribDivisor(a.location, a.divisor);
}

void VertexArray::setMatrixAttribute(const Buffer& buffer, GLuint firstLocation, int columns, int rows,
                                     GLsizei stride, size_t offset, GLuint divisor) {
    for (int c = 0; c < columns; ++c)
        setAttribute(buffer, {.location = firstLocation + GLuint(c), .components = rows, .stride = stride,
                              .offset = offset + size_t(c) * size_t(rows) * sizeof(float), .divisor = divisor});
}

void VertexArray::setIndexBuffer(const Buffer& buffer) {
    bind();
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buffer.id());
}

} // namespace th
