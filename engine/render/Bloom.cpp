#include "render/Bloom.h"

#include <algorithm>

#include "core/Str.h"
#include "gl/GlApi.h"
#include "gl/StateCache.h"

namespace th {

Bloom::Bloom() : mDownsample("post/fullscreen.vert.glsl", "post/bloom_down.frag.glsl"), mUpsample("post/fullscreen.vert.glsl", "post/bloom_up.frag.glsl") {
    mDownsample.setSamplerUnits({{"source", 0}});
    mUpsample.setSamplerUnits({{"wider", 0}, {"level", 1}});
}

void Bloom::resize(int width, int height) {
    if (width == mWidth && height == mHeight && !mDown.empty()) return;
    mWidth = width;
    mHeight = height;
    mDown.clear();
    mUp.clear();
    int w = width, h = height;
    for (int i = 0; i < kMaxLevels; ++i) {
        w = std::max(1, w / 2);
        h = std::max(1, h / 2);
        mDown.emplace_back(w, h, TextureFormat::RGBA16F, str("bloom down ", i), false);
        if (std::min(w, h) <= 4) break;
    }
    for (size_t i = 0; i + 1 < mDown.size(); ++i)
        mUp.emplace_back(mDown[i].width(), mDown[i].height(), TextureFormat::RGBA16F, str("bloom up ", i), false);
}

const Texture& Bloom::apply(const ShaderStore& store, const ContextInfo& context, const Texture& hdr, int width, int height,
                            const BloomSettings& settings, const VertexArray& emptyVao) {
    resize(width, height);
    StateCache& state = *StateCache::current();
    state.apply(RenderState{.depthTest = false, .depthWrite = false, .cull = CullMode::None});

    const Program& down = mDownsample.program(store, context);
    down.use();
    GLint downTexel = down.uniformLocation("sourceTexel");
    const Texture* source = &hdr;
    int sw = width, sh = height;
    for (RenderTarget& level : mDown) {
        level.bind();
        source->bind(0);
        state.bindSampler(0, 0);
        glUniform2f(downTexel, 1.0f / float(sw), 1.0f / float(sh));
        drawFullscreenTriangle(emptyVao);
        source = &level.color();
        sw = level.width();
        sh = level.height();
    }
    if (mUp.empty()) return mDown[0].color();

    const Program& up = mUpsample.program(store, context);
    up.use();
    GLint upTexel = up.uniformLocation("widerTexel");
    GLint upRadius = up.uniformLocation("radius");
    const RenderTarget* wider = &mDown.back();
    for (size_t i = mUp.size(); i-- > 0;) {
        mUp[i].bind();
        wider->color().bind(0);
        state.bindSampler(0, 0);
        mDown[i].color().bind(1);
        state.bindSampler(1, 0);
        glUniform2f(upTexel, 1.0f / float(wider->width()), 1.0f / float(wider->height()));
        glUniform1f(upRadius, std::clamp(settings.radius, 0.0f, 1.0f));
        drawFullscreenTriangle(emptyVao);
        wider = &mUp[i];
    }
    return mUp[0].color();
}

} // namespace th
