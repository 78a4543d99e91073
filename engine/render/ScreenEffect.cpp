#include "render/ScreenEffect.h"

#include "gl/GlApi.h"
#include "gl/StateCache.h"
#include "gl/VertexArray.h"
#include "material/EngineInterface.h"
#include "shader/ShaderBuilder.h"

namespace th {

ScreenEffect::ScreenEffect(std::string vertexShader, std::string fragmentShader, ShaderDefines defines)
    : mVertex(std::move(vertexShader)), mFragment(std::move(fragmentShader)), mDefines(std::move(defines)) {}

void ScreenEffect::setDefines(ShaderDefines defines) {
    if (defines == mDefines) return;
    mDefines = std::move(defines);
    mDirty = true;
}

const Program& ScreenEffect::program(const ShaderStore& store, const ContextInfo& context) {
    if (mProgram && !mDirty && mGeneration == store.generation()) return mProgram;
    ShaderBuilder builder(store);
    ShaderBuildRequest r;
    r.defines = mDefines;
    r.language = context.api == GlApi::Gles30 ? ShaderLanguage::Es300 : ShaderLanguage::Glsl330;
    r.lint = false;
    r.stage = ShaderStage::Vertex;
    r.source = mVertex;
    ShaderBuildResult vs = builder.build(r);
    r.stage = ShaderStage::Fragment;
    r.source = mFragment;
    ShaderBuildResult fs = builder.build(r);
    Program program = Program::build({mFragment, std::move(vs.text), std::move(fs.text), {}});
    program.bindUniformBlock(uniform_block::kScene.name, uniform_block::kScene.binding);
    for (auto& [name, unit] : mSamplerUnits) program.setSamplerUnit(name, unit);
    mProgram = std::move(program);
    mGeneration = store.generation();
    mDirty = false;
    return mProgram;
}

void drawFullscreenTriangle(const VertexArray& empty) {
    empty.bind();
    glDrawArrays(GL_TRIANGLES, 0, 3);
}

} // namespace th
