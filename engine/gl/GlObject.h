#pragma once
// Move-only ownership of one GL object name. Deleting the object also tells the current
// state cache, which would otherwise believe a recycled name is still bound.
#include <string_view>
#include <utility>

#include "gl/GlApi.h"
#include "gl/StateCache.h"

namespace th {

class GlObject {
public:
    GlObject() = default;
    GlObject(GlObjectKind kind, GLuint id) : mKind(kind), mId(id) {}
    ~GlObject() { destroy(); }
    GlObject(GlObject&& other) noexcept : mKind(other.mKind), mId(std::exchange(other.mId, 0)) {}
    GlObject& operator=(GlObject&& other) noexcept {
        if (this != &other) {
            destroy();
            mKind = other.mKind;
            mId = std::exchange(other.mId, 0);
        }
        return *this;
    }
    GlObject(const GlObject&) = delete;
    GlObject& operator=(const GlObject&) = delete;

    GLuint id() const { return mId; }
    explicit operator bool() const { return mId != 0; }
    GlObjectKind kind() const { return mKind; }
    /// Gives up ownership without deleting.
    GLuint release() { return std::exchange(mId, 0); }

    /// Names the object for debuggers and KHR_debug messages (no-op without KHR_debug).
    void setLabel(std::string_view label) const;

private:
    void destroy();
    GlObjectKind mKind = GlObjectKind::Buffer;
    GLuint mId = 0;
};

} // namespace th
