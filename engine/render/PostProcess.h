#pragma once
// The last pass: bloom's mix, exposure, tone mapping (none, ACES, Khronos PBR Neutral, AgX) and sRGB output from
// the HDR frame into the output target.
#include "gl/Context.h"
#include "gl/VertexArray.h"
#include "render/RenderTarget.h"
#include "render/ScreenEffect.h"
#include "scene/Atmosphere.h"
#include "shader/ShaderStore.h"

namespace th {

class PostProcess {
public:
    PostProcess();
    /// `bloom` (the Bloom chain's result, or null) is mixed in by settings.bloom.strength.
    void toneMap(const ShaderStore& store, const ContextInfo& context, const Texture& hdr, const RenderTarget& output,
                 const PostSettings& settings, const VertexArray& emptyVao, const Texture* bloom = nullptr);
    /// FXAA 3.11 (shaders/post/fxaa.frag.glsl) from the tone-mapped `image` into `output`:
    /// the post-process anti-aliasing for targets without MSAA.
    void fxaa(const ShaderStore& store, const ContextInfo& context, const Texture& image, const RenderTarget& output,
              const VertexArray& emptyVao);

private:
    ScreenEffect mToneMap;
    ScreenEffect mFxaa;
};

/// The tone-mapping mode number the shaders use.
inline float toneMappingMode(ToneMapping t) {
    switch (t) {
    case ToneMapping::None: return 0.0f;
    case ToneMapping::Aces: return 1.0f;
    case ToneMapping::PbrNeutral: return 2.0f;
    case ToneMapping::Agx: return 3.0f;
    case ToneMapping::AgxPunchy: return 4.0f;
    }
    return 0.0f;
}

} // namespace th
