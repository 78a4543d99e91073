#include "render/OpaqueColorCopy.h"

#include "gl/GlApi.h"
#include "gl/StateCache.h"

namespace th {

OpaqueColorCopy::OpaqueColorCopy() : mEffect("post/fullscreen.vert.glsl", "post/opaque_copy.frag.glsl") {
    mEffect.setSamplerUnits({{"frameColor", 0}});
    mSampler = Sampler({.wrapS = Wrap::ClampToEdge, .wrapT = Wrap::ClampToEdge, .wrapR = Wrap::ClampToEdge}, 0,
                       "opaque scene colour");
}

const Texture& OpaqueColorCopy::copy(const ShaderStore& store, const ContextInfo& context, const Texture& frame, int width,
                                     int height, TextureFormat format, glm::vec3 background, bool displayed,
                                     const VertexArray& emptyVao) {
    if (!mTarget || mTarget->width() != width || mTarget->height() != height || mTarget->colorFormat() != format)
        mTarget = std::make_unique<RenderTarget>(width, height, format, "opaque scene colour", false, 0);
    StateCache& state = *StateCache::current();
    const Program& program = mEffect.program(store, context);
    mTarget->bind();
    state.apply(RenderState{.depthTest = false, .depthWrite = false, .cull = CullMode::None});
    program.use();
    frame.bind(0);
    state.bindSampler(0, 0);
    glUniform4f(program.uniformLocation("copyParams"), background.r, background.g, background.b, displayed ? 1.0f : 0.0f);
    drawFullscreenTriangle(emptyVao);
    // The frame texture is read at every level: the chain is remade from this level 0.
    const_cast<Texture&>(mTarget->color()).generateMipmaps();
    return mTarget->color();
}

} // namespace th
