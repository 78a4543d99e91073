#pragma once
// Shadows the GL state of one context and skips calls that would set what is already set.
// Everything the renderer binds goes through here; code that touches GL behind its back
// (Dear ImGui's backend) must call invalidate() afterwards. Counters let a test prove that
// redundant calls are skipped.
#include <array>
#include <cstdint>
#include <optional>

#include <glm/vec4.hpp>

#include "gl/GlApi.h"
#include "gl/RenderState.h"

namespace th {

enum class GlObjectKind : uint8_t { Buffer, VertexArray, Texture, Sampler, Framebuffer, Renderbuffer, Program, Shader };

class StateCache {
public:
    static constexpr int kMaxTextureUnits = 32;
    static constexpr int kMaxUniformBindings = 36;

    StateCache();

    /// The cache of the context current on this thread (nullptr when none).
    static StateCache* current();
    void makeCurrent();
    /// Leaves no cache current on this thread (the context went away).
    static void clearCurrent();

    struct Counters {
        uint64_t issued = 0;  ///< GL calls made
        uint64_t skipped = 0; ///< calls avoided because the state was already set
        uint64_t stencil = 0; ///< of the calls made, those that touch stencil state (test, func, op, masks, clear value)
    };
    const Counters& counters() const { return mCounters; }
    void resetCounters() { mCounters = {}; }

    /// When set, every request is passed to GL even when redundant (for comparisons).
    void setBypass(bool bypass) { mBypass = bypass; }
    /// Forget everything known about GL state (after foreign code drew).
    void invalidate();
    /// An object was deleted: GL unbinds it, so drop it from the shadow copy too, or a new
    /// object given the same name would be taken as already bound.
    void forget(GlObjectKind kind, GLuint id);

    void useProgram(GLuint program);
    void bindVertexArray(GLuint vao);
    /// GL_ARRAY_BUFFER, GL_UNIFORM_BUFFER, GL_PIXEL_*, GL_COPY_*; GL_ELEMENT_ARRAY_BUFFER is
    /// vertex-array state and always passes through.
    void bindBuffer(GLenum target, GLuint buffer);
    void bindUniformBuffer(GLuint index, GLuint buffer, GLintptr offset, GLsizeiptr size);
    void bindTexture(unsigned unit, GLenum target, GLuint texture);
    void bindSampler(unsigned unit, GLuint sampler);
    /// GL_FRAMEBUFFER binds draw and read; GL_DRAW_FRAMEBUFFER / GL_READ_FRAMEBUFFER one.
    void bindFramebuffer(GLenum target, GLuint framebuffer);
    void viewport(int x, int y, int width, int height);
    void scissor(std::optional<glm::ivec4> rect);
    void clearColor(const glm::vec4& color);
    void clearDepth(float depth);
    void clearStencil(int value);
    void apply(const RenderState& state);
    /// Clears the bound framebuffer, first opening the write masks the clear obeys (colour,
    /// depth, and the stencil mask only when stencil is cleared).
    void clear(bool color, bool depth, bool stencil);

    GLuint boundFramebuffer() const { return mDrawFramebuffer; }
    /// Selects a texture unit for uploads (texture creation goes through here too).
    void activeTexture(unsigned unit);

private:
    void setCap(GLenum cap, int index, bool on);
    bool skip(bool same) {
        if (same && !mBypass) {
            ++mCounters.skipped;
            return true;
        }
        ++mCounters.issued;
        return false;
    }

    bool mBypass = false;
    Counters mCounters;
    static constexpr GLuint kUnknown = 0xFFFFFFFFu;

    GLuint mProgram = kUnknown;
    GLuint mVertexArray = kUnknown;
    GLuint mArrayBuffer = kUnknown;
    GLuint mUniformBuffer = kUnknown;
    GLuint mDrawFramebuffer = kUnknown;
    GLuint mReadFramebuffer = kUnknown;
    unsigned mActiveUnit = 0xFFFFu;
    struct TextureBinding {
        GLenum target = 0;
        GLuint texture = kUnknown;
    };
    std::array<TextureBinding, kMaxTextureUnits> mTextures;
    std::array<GLuint, kMaxTextureUnits> mSamplers;
    struct UniformBinding {
        GLuint buffer = kUnknown;
        GLintptr offset = -1;
        GLsizeiptr size = -1;
    };
    std::array<UniformBinding, kMaxUniformBindings> mUniformBindings;
    glm::ivec4 mViewport{-1};
    std::optional<glm::ivec4> mScissor;
    bool mScissorKnown = false;
    glm::vec4 mClearColor{-1};
    float mClearDepth = -1;
    int mClearStencil = -1;

    // Fixed-function state; int8 -1 = unknown.
    enum Cap { kDepthTest, kCullFace, kBlend, kStencilTest, kPolygonOffset, kScissor, kAlphaToCoverage, kCapCount };
    std::array<int8_t, kCapCount> mCaps;
    int mDepthMask = -1;
    int mDepthFunc = -1;
    int mCullFace = -1;
    int mFrontFace = -1;
    int mBlendMode = -1;
    int mColorMask = -1;
    float mOffsetFactor = -1e30f, mOffsetUnits = -1e30f;
    std::optional<StencilState> mStencil;
    bool mStencilKnown = false;
};

} // namespace th
