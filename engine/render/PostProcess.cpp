#include "render/PostProcess.h"

#include "gl/GlApi.h"
#include "gl/StateCache.h"

namespace th {

PostProcess::PostProcess() : mToneMap("post/fullscreen.vert.glsl", "post/tonemap.frag.glsl") {
    mToneMap.setSamplerUnits({{"hdrColor", 0}});
}

void PostProcess::toneMap(const ShaderStore& store, const ContextInfo& context, const Texture& hdr,
                          const RenderTarget& output, const PostSettings& settings, const VertexArray& emptyVao) {
    StateCache& state = *StateCache::current();
    const Program& program = mToneMap.program(store, context);
    output.bind();
    state.apply(RenderState{.depthTest = false, .depthWrite = false, .cull = CullMode::None});
    program.use();
    hdr.bind(0);
    state.bindSampler(0, 0);
    glUniform4f(program.uniformLocation("tonemapParams"), settings.exposure, toneMappingMode(settings.toneMapping),
                settings.keepAlpha ? 1.0f : 0.0f, 0);
    glUniform4f(program.uniformLocation("backgroundColor"), settings.clearColor.r, settings.clearColor.g, settings.clearColor.b, 1);
    drawFullscreenTriangle(emptyVao);
}

} // namespace th
