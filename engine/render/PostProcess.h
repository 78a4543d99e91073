#pragma once
// The last pass: exposure, tone mapping (none, ACES, Khronos PBR Neutral) and sRGB output from
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
    void toneMap(const ShaderStore& store, const ContextInfo& context, const Texture& hdr, const RenderTarget& output,
                 const PostSettings& settings, const VertexArray& emptyVao);

private:
    ScreenEffect mToneMap;
};

/// The tone-mapping mode number the shaders use.
inline float toneMappingMode(ToneMapping t) { return t == ToneMapping::None ? 0.0f : t == ToneMapping::Aces ? 1.0f : 2.0f; }

} // namespace th
