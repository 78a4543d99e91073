#include "gl/StateCache.h"

namespace th {

namespace {
thread_local StateCache* tCurrent = nullptr;

GLenum glCompare(CompareFunc f) {
    static const GLenum table[] = {GL_NEVER, GL_LESS, GL_EQUAL, GL_LEQUAL, GL_GREATER, GL_NOTEQUAL, GL_GEQUAL, GL_ALWAYS};
    return table[int(f)];
}

GLenum toGlStencilOp(StencilOp op) {
    static const GLenum table[] = {GL_KEEP, GL_ZERO, GL_REPLACE, GL_INCR, GL_INCR_WRAP, GL_DECR, GL_DECR_WRAP, GL_INVERT};
    return table[int(op)];
}
} // namespace

StateCache::StateCache() {
    invalidate();
    // A fresh context has the stencil test off. Knowing that lets a frame in which no material
    // uses stencil make no stencil call at all.
    mCaps[kStencilTest] = 0;
    mStencilKnown = true;
}

StateCache* StateCache::current() { return tCurrent; }
void StateCache::makeCurrent() { tCurrent = this; }
void StateCache::clearCurrent() { tCurrent = nullptr; }

void StateCache::invalidate() {
    mProgram = mVertexArray = mArrayBuffer = mUniformBuffer = kUnknown;
    mDrawFramebuffer = mReadFramebuffer = kUnknown;
    mActiveUnit = 0xFFFFu;
    mTextures.fill({});
    mSamplers.fill(kUnknown);
    mUniformBindings.fill({});
    mViewport = glm::ivec4(-1);
    mScissorKnown = false;
    mClearColor = glm::vec4(-1);
    mClearDepth = -1;
    mClearStencil = -1;
    bool stencilOff = mStencilKnown && !mStencil && mCaps[kStencilTest] == 0;
    mCaps.fill(-1);
    mDepthMask = mDepthFunc = mCullFace = mFrontFace = mBlendMode = mColorMask = -1;
    mOffsetFactor = mOffsetUnits = -1e30f;
    // Foreign code (Dear ImGui) never enables stencil; keeping it known-off preserves the
    // "no stencil calls unless a material asks" guarantee across UI frames.
    if (stencilOff) mCaps[kStencilTest] = 0;
    else {
        mStencil.reset();
        mStencilKnown = false;
    }
}

void StateCache::forget(GlObjectKind kind, GLuint id) {
    switch (kind) {
    case GlObjectKind::Program:
        if (mProgram == id) mProgram = kUnknown;
        break;
    case GlObjectKind::VertexArray:
        if (mVertexArray == id) mVertexArray = kUnknown;
        break;
    case GlObjectKind::Buffer:
        if (mArrayBuffer == id) mArrayBuffer = kUnknown;
        if (mUniformBuffer == id) mUniformBuffer = kUnknown;
        // Deleting a buffer unbinds it from indexed binding points, and Mesa resets the
        // generic GL_UNIFORM_BUFFER binding while doing so: forget both.
        for (auto& b : mUniformBindings)
            if (b.buffer == id) b = {}, mUniformBuffer = kUnknown;
        break;
    case GlObjectKind::Texture:
        for (auto& t : mTextures)
            if (t.texture == id) t = {};
        break;
    case GlObjectKind::Sampler:
        for (auto& s : mSamplers)
            if (s == id) s = kUnknown;
        break;
    case GlObjectKind::Framebuffer:
        if (mDrawFramebuffer == id) mDrawFramebuffer = kUnknown;
        if (mReadFramebuffer == id) mReadFramebuffer = kUnknown;
        break;
    case GlObjectKind::Renderbuffer:
    case GlObjectKind::Shader: break;
    }
}

void StateCache::useProgram(GLuint program) {
    if (skip(mProgram == program)) return;
    glUseProgram(program);
    mProgram = program;
}

void StateCache::bindVertexArray(GLuint vao) {
    if (skip(mVertexArray == vao)) return;
    glBindVertexArray(vao);
    mVertexArray = vao;
}

void StateCache::bindBuffer(GLenum target, GLuint buffer) {
    GLuint* slot = target == GL_ARRAY_BUFFER ? &mArrayBuffer : target == GL_UNIFORM_BUFFER ? &mUniformBuffer : nullptr;
    if (slot && skip(*slot == buffer)) return;
    if (!slot) ++mCounters.issued;
    glBindBuffer(target, buffer);
    if (slot) *slot = buffer;
}

void StateCache::bindUniformBuffer(GLuint index, GLuint buffer, GLintptr offset, GLsizeiptr size) {
    if (index >= kMaxUniformBindings) {
        ++mCounters.issued;
        glBindBufferRange(GL_UNIFORM_BUFFER, index, buffer, offset, size);
        mUniformBuffer = buffer;
        return;
    }
    UniformBinding& b = mUniformBindings[index];
    if (skip(b.buffer == buffer && b.offset == offset && b.size == size)) return;
    glBindBufferRange(GL_UNIFORM_BUFFER, index, buffer, offset, size);
    b = {buffer, offset, size};
    mUniformBuffer = buffer; // glBindBufferRange also sets the generic binding
}

void StateCache::activeTexture(unsigned unit) {
    if (skip(mActiveUnit == unit)) return;
    glActiveTexture(GL_TEXTURE0 + unit);
    mActiveUnit = unit;
}

void StateCache::bindTexture(unsigned unit, GLenum target, GLuint texture) {
    if (unit < kMaxTextureUnits) {
        TextureBinding& t = mTextures[unit];
        if (skip(t.target == target && t.texture == texture)) return;
        --mCounters.issued; // counted by activeTexture + the bind below
        activeTexture(unit);
        ++mCounters.issued;
        glBindTexture(target, texture);
        // A unit holds one texture per target; a new target on the same unit leaves the old
        // binding in place, so remember only the latest and re-bind when the target changes.
        t = {target, texture};
        return;
    }
    activeTexture(unit);
    ++mCounters.issued;
    glBindTexture(target, texture);
}

void StateCache::bindSampler(unsigned unit, GLuint sampler) {
    if (unit < kMaxTextureUnits && skip(mSamplers[unit] == sampler)) return;
    if (unit >= kMaxTextureUnits) ++mCounters.issued;
    glBindSampler(unit, sampler);
    if (unit < kMaxTextureUnits) mSamplers[unit] = sampler;
}

void StateCache::bindFramebuffer(GLenum target, GLuint framebuffer) {
    if (target == GL_FRAMEBUFFER) {
        if (skip(mDrawFramebuffer == framebuffer && mReadFramebuffer == framebuffer)) return;
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
        mDrawFramebuffer = mReadFramebuffer = framebuffer;
        return;
    }
    GLuint& slot = target == GL_DRAW_FRAMEBUFFER ? mDrawFramebuffer : mReadFramebuffer;
    if (skip(slot == framebuffer)) return;
    glBindFramebuffer(target, framebuffer);
    slot = framebuffer;
}

void StateCache::viewport(int x, int y, int width, int height) {
    glm::ivec4 v(x, y, width, height);
    if (skip(mViewport == v)) return;
    glViewport(x, y, width, height);
    mViewport = v;
}

void StateCache::scissor(std::optional<glm::ivec4> rect) {
    if (!rect) {
        setCap(GL_SCISSOR_TEST, kScissor, false);
        return;
    }
    setCap(GL_SCISSOR_TEST, kScissor, true);
    if (skip(mScissorKnown && mScissor == rect)) return;
    glScissor((*rect)[0], (*rect)[1], (*rect)[2], (*rect)[3]);
    mScissor = rect;
    mScissorKnown = true;
}

void StateCache::clearColor(const glm::vec4& c) {
    if (skip(mClearColor == c)) return;
    glClearColor(c.r, c.g, c.b, c.a);
    mClearColor = c;
}

void StateCache::clearDepth(float depth) {
    if (skip(mClearDepth == depth)) return;
    glClearDepthf(depth);
    mClearDepth = depth;
}

void StateCache::clearStencil(int value) {
    if (skip(mClearStencil == value)) return;
    ++mCounters.stencil;
    glClearStencil(value);
    mClearStencil = value;
}

void StateCache::setCap(GLenum cap, int index, bool on) {
    if (skip(mCaps[size_t(index)] == int8_t(on))) return;
    on ? glEnable(cap) : glDisable(cap);
    mCaps[size_t(index)] = int8_t(on);
}

void StateCache::apply(const RenderState& s) {
    setCap(GL_DEPTH_TEST, kDepthTest, s.depthTest);
    if (s.depthTest) {
        if (!skip(mDepthFunc == int(s.depthCompare))) {
            glDepthFunc(glCompare(s.depthCompare));
            mDepthFunc = int(s.depthCompare);
        }
    }
    if (!skip(mDepthMask == int(s.depthWrite))) {
        glDepthMask(s.depthWrite ? GL_TRUE : GL_FALSE);
        mDepthMask = int(s.depthWrite);
    }
    setCap(GL_CULL_FACE, kCullFace, s.cull != CullMode::None);
    if (s.cull != CullMode::None && !skip(mCullFace == int(s.cull))) {
        glCullFace(s.cull == CullMode::Back ? GL_BACK : GL_FRONT);
        mCullFace = int(s.cull);
    }
    if (!skip(mFrontFace == int(s.frontFaceCounterClockwise))) {
        glFrontFace(s.frontFaceCounterClockwise ? GL_CCW : GL_CW);
        mFrontFace = int(s.frontFaceCounterClockwise);
    }
    setCap(GL_BLEND, kBlend, s.blend != BlendMode::Opaque);
    if (s.blend != BlendMode::Opaque && !skip(mBlendMode == int(s.blend))) {
        glBlendEquation(GL_FUNC_ADD);
        switch (s.blend) {
        case BlendMode::Alpha: glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA); break;
        case BlendMode::Premultiplied: glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA); break;
        case BlendMode::Additive: glBlendFunc(GL_ONE, GL_ONE); break;
        case BlendMode::Opaque: break;
        }
        mBlendMode = int(s.blend);
    }
    if (!skip(mColorMask == int(s.colorWrite))) {
        GLboolean w = s.colorWrite ? GL_TRUE : GL_FALSE;
        glColorMask(w, w, w, w);
        mColorMask = int(s.colorWrite);
    }
    setCap(GL_SAMPLE_ALPHA_TO_COVERAGE, kAlphaToCoverage, s.alphaToCoverage);
    bool offset = s.polygonOffsetFactor != 0.0f || s.polygonOffsetUnits != 0.0f;
    setCap(GL_POLYGON_OFFSET_FILL, kPolygonOffset, offset);
    if (offset && !skip(mOffsetFactor == s.polygonOffsetFactor && mOffsetUnits == s.polygonOffsetUnits)) {
        glPolygonOffset(s.polygonOffsetFactor, s.polygonOffsetUnits);
        mOffsetFactor = s.polygonOffsetFactor;
        mOffsetUnits = s.polygonOffsetUnits;
    }
    // Stencil: nothing at all unless a material asks for it (then only what changed).
    uint64_t issuedBefore = mCounters.issued;
    if (!s.stencil) {
        if (mCaps[kStencilTest] != 0) setCap(GL_STENCIL_TEST, kStencilTest, false);
        mCounters.stencil += mCounters.issued - issuedBefore;
        return;
    }
    setCap(GL_STENCIL_TEST, kStencilTest, true);
    const StencilState& st = *s.stencil;
    const bool known = mStencilKnown && mStencil;
    if (!skip(known && mStencil->compare == st.compare && mStencil->reference == st.reference &&
              mStencil->readMask == st.readMask))
        glStencilFunc(glCompare(st.compare), st.reference, st.readMask);
    if (!skip(known && mStencil->fail == st.fail && mStencil->depthFail == st.depthFail && mStencil->pass == st.pass))
        glStencilOp(toGlStencilOp(st.fail), toGlStencilOp(st.depthFail), toGlStencilOp(st.pass));
    if (!skip(known && mStencil->writeMask == st.writeMask)) glStencilMask(st.writeMask);
    mCounters.stencil += mCounters.issued - issuedBefore;
    mStencil = st;
    mStencilKnown = true;
}

void StateCache::clear(bool color, bool depth, bool stencil) {
    if (color && !skip(mColorMask == 1)) {
        glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
        mColorMask = 1;
    }
    if (depth && !skip(mDepthMask == 1)) {
        glDepthMask(GL_TRUE);
        mDepthMask = 1;
    }
    // Known and never set means GL's default write mask, 0xFF.
    if (stencil && !skip(mStencilKnown && (!mStencil || mStencil->writeMask == 0xFF))) {
        ++mCounters.stencil;
        glStencilMask(0xFF);
        if (mStencil) mStencil->writeMask = 0xFF;
    }
    GLbitfield bits = (color ? GL_COLOR_BUFFER_BIT : 0) | (depth ? GL_DEPTH_BUFFER_BIT : 0) | (stencil ? GL_STENCIL_BUFFER_BIT : 0);
    if (bits) {
        ++mCounters.issued;
        glClear(bits);
    }
}

} // namespace th
