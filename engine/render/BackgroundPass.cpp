#include "gl/StateCache.h"
#include "material/EngineInterface.h"
#include "render/FramePasses.h"

namespace th {

// The environment behind the scene, where the depth is still the clear's (LessEqual at the
// far plane); tone-mapped in its shader when the frame is 8-bit, as the materials are.
void runBackgroundPass(PassContext& frame) {
    FrameResources& res = frame.res;
    ShaderDefines defines;
    if (!frame.format.floatColor) {
        setDefine(defines, engine_define::kToneMapInShader, "");
        setDefine(defines, engine_define::kToneMapMode, std::to_string(frame.toneMapMode));
    }
    res.background.setDefines(defines);
    const Program& program = res.background.program(res.store, res.context.info());
    StateCache& state = res.context.state();
    state.apply(RenderState{.depthTest = true, .depthWrite = false, .depthCompare = CompareFunc::LessEqual, .cull = CullMode::None});
    program.use();
    state.bindUniformBuffer(uniform_block::kScene.binding, res.sceneBuffer.id(), 0, sizeof(SceneUniforms));
    res.ibl.environmentCube().bind(unsigned(engine_sampler::kFirstScreenEffectUnit));
    res.ibl.cubeSampler().bind(unsigned(engine_sampler::kFirstScreenEffectUnit));
    glUniform4f(program.uniformLocation("backgroundParams"), res.ibl.intensity(),
                frame.scene.environment.source == EnvironmentSource::Sky ? 1.0f : 0.0f, 0, 0);
    drawFullscreenTriangle(res.emptyVao);
}

} // namespace th
