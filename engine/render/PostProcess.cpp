#include "render/PostProcess.h"

#include <algorithm>

#include "gl/GlApi.h"
#include "gl/StateCache.h"

namespace th {

PostProcess::PostProcess()
    : mToneMap("post/fullscreen.vert.glsl", "post/tonemap.frag.glsl"), mFxaa("post/fullscreen.vert.glsl", "post/fxaa.frag.glsl") {
    mFxaa.setSamplerUnits({{"source", 0}});
    mToneMap.setSamplerUnits({{"hdrColor", 0}, {"bloomColor", 1}});
}

void PostProcess::toneMap(const ShaderStore& store, const ContextInfo& context, const Texture& hdr,
                          const RenderTarget& output, const PostSettings& settings, const VertexArray& emptyVao,
                          const Texture* bloom) {
    StateCache& state = *StateCache::current();
    float strength = bloom ? std::clamp(settings.bloom.strength, 0.0f, 1.0f) : 0.0f;
    // The frame's curve and bloom are compiled in, not chosen by uniform: a CPU rasteriser
    // would run every curve and the bloom taps for each pixel.
    ShaderDefines defines;
    setDefine(defines, "TONEMAP_MODE", std::to_string(int(toneMappingMode(settings.toneMapping))));
    if (strength > 0.0f) setDefine(defines, "BLOOM", "");
    mToneMap.setDefines(std::move(defines));
    const Program& program = mToneMap.program(store, context);
    output.bind();
    state.apply(RenderState{.depthTest = false, .depthWrite = false, .cull = CullMode::None});
    program.use();
    hdr.bind(0);
    state.bindSampler(0, 0);
    // Unit 1 always holds a 2D texture (the frame itself when there is no bloom), so the
    // sampler never reads an incomplete texture.
    (bloom ? *bloom : hdr).bind(1);
    state.bindSampler(1, 0);
    glUniform4f(program.uniformLocation("bloomParams"), strength, 0, bloom ? 1.0f / float(bloom->width()) : 0.0f,
                bloom ? 1.0f / float(bloom->height()) : 0.0f);
    glUniform4f(program.uniformLocation("tonemapParams"), settings.exposureScale(), toneMappingMode(settings.toneMapping),
                settings.keepAlpha ? 1.0f : 0.0f, 0);
    glUniform4f(program.uniformLocation("backgroundColor"), settings.clearColor.r, settings.clearColor.g, settings.clearColor.b, 1);
    drawFullscreenTriangle(emptyVao);
}

void PostProcess::fxaa(const ShaderStore& store, const ContextInfo& context, const Texture& image, const RenderTarget& output,
                       const VertexArray& emptyVao) {
    StateCache& state = *StateCache::current();
    const Program& program = mFxaa.program(store, context);
    output.bind();
    state.apply(RenderState{.depthTest = false, .depthWrite = false, .cull = CullMode::None});
    program.use();
    image.bind(0);
    state.bindSampler(0, 0);
    glUniform2f(program.uniformLocation("sourceTexel"), 1.0f / float(image.width()), 1.0f / float(image.height()));
    drawFullscreenTriangle(emptyVao);
}

} // namespace th
