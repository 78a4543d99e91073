#include "render/AmbientOcclusion.h"

#include <algorithm>
#include <string>

#include "gl/GlApi.h"
#include "gl/StateCache.h"

namespace th {

namespace {

ShaderDefines horizonDefines() {
    ShaderDefines d;
    setDefine(d, "AO_SLICES", std::to_string(AmbientOcclusion::kSlices));
    setDefine(d, "AO_STEPS", std::to_string(AmbientOcclusion::kStepsPerSide));
    return d;
}

void setDepthUniforms(const Program& program, const glm::mat4& inverseProjection, int width, int height) {
    glUniformMatrix4fv(program.uniformLocation("aoInverseProjection"), 1, GL_FALSE, &inverseProjection[0][0]);
    glUniform4f(program.uniformLocation("aoDepthTexel"), float(width), float(height), 1.0f / float(width), 1.0f / float(height));
}

} // namespace

AmbientOcclusion::AmbientOcclusion()
    : mHorizons("post/fullscreen.vert.glsl", "post/gtao.frag.glsl", horizonDefines()),
      mBlur("post/fullscreen.vert.glsl", "post/ao_blur.frag.glsl"),
      mUpsample("post/fullscreen.vert.glsl", "post/ao_upsample.frag.glsl") {
    mHorizons.setSamplerUnits({{"sceneDepth", 0}});
    mBlur.setSamplerUnits({{"sceneDepth", 0}, {"aoHalf", 1}});
    mUpsample.setSamplerUnits({{"sceneDepth", 0}, {"aoHalf", 1}});
    // Depth textures are not filterable in ES 3.0 (incomplete, reading 0, under a linear
    // filter) and the passes read exact texels anyway.
    mPoint = Sampler({.minFilter = Filter::Nearest, .magFilter = Filter::Nearest, .mip = SamplerDesc::Mip::None,
                      .wrapS = Wrap::ClampToEdge, .wrapT = Wrap::ClampToEdge},
                     0, "ambient occlusion point");
}

void AmbientOcclusion::resize(int width, int height) {
    if (width == mWidth && height == mHeight && mFull) return;
    mWidth = width;
    mHeight = height;
    int hw = std::max(1, (width + 1) / 2), hh = std::max(1, (height + 1) / 2);
    mHalf = std::make_unique<RenderTarget>(hw, hh, TextureFormat::RGBA8, "ambient occlusion (half)", false);
    mHalfBlurred = std::make_unique<RenderTarget>(hw, hh, TextureFormat::RGBA8, "ambient occlusion (half, blurred)", false);
    mFull = std::make_unique<RenderTarget>(width, height, TextureFormat::RGBA8, "ambient occlusion", false);
}

const Texture& AmbientOcclusion::apply(const ShaderStore& store, const ContextInfo& context, const Texture& depth, int width,
                                       int height, const glm::mat4& projection, const AmbientOcclusionSettings& settings,
                                       const VertexArray& emptyVao) {
    // Built before anything is drawn, so a failure leaves no pass half done.
    const Program& horizons = mHorizons.program(store, context);
    const Program& blur = mBlur.program(store, context);
    const Program& upsample = mUpsample.program(store, context);
    resize(width, height);
    StateCache& state = *StateCache::current();
    state.apply(RenderState{.depthTest = false, .depthWrite = false, .cull = CullMode::None});
    state.scissor(std::nullopt);
    const glm::mat4 inverseProjection = glm::inverse(projection);
    bool orthographic = projection[3][3] > 0.5f;
    depth.bind(0);
    mPoint.bind(0);

    mHalf->bind();
    horizons.use();
    setDepthUniforms(horizons, inverseProjection, width, height);
    // Pixels a metre spans at view distance 1 (perspective) or at any distance (orthographic).
    float pixelsPerMetre = projection[1][1] * 0.5f * float(height);
    glUniform4f(horizons.uniformLocation("aoParams"), std::max(settings.radius, 1e-3f), 0.0f, pixelsPerMetre,
                orthographic ? 1.0f : 0.0f);
    drawFullscreenTriangle(emptyVao);

    mHalfBlurred->bind();
    blur.use();
    setDepthUniforms(blur, inverseProjection, width, height);
    mHalf->color().bind(1);
    mPoint.bind(1);
    drawFullscreenTriangle(emptyVao);

    mFull->bind();
    upsample.use();
    setDepthUniforms(upsample, inverseProjection, width, height);
    glUniform1f(upsample.uniformLocation("aoStrength"), std::max(settings.strength, 0.0f));
    mHalfBlurred->color().bind(1);
    mPoint.bind(1);
    drawFullscreenTriangle(emptyVao);
    return mFull->color();
}

} // namespace th
