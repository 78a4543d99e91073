#include "render/ScreenEffect.h"

#include <algorithm>

#include "gl/GlApi.h"
#include "gl/StateCache.h"
#include "gl/VertexArray.h"
#include "material/EngineInterface.h"
#include "shader/ShaderBuilder.h"

namespace th {

ScreenEffect::ScreenEffect(std::string vertexShader, std::string fragmentShader, ShaderDefines defines)
    : mVertex(std::move(vertexShader)), mFragment(std::move(fragmentShader)), mDefines(std::move(defines)) {}

void ScreenEffect::setDefines(ShaderDefines defines) { mDefines = std::move(defines); }

const Program& ScreenEffect::program(const ShaderStore& store, const ContextInfo& context) {
    auto found = std::find_if(mVariants.begin(), mVariants.end(), [&](const Variant& v) { return v.defines == mDefines; });
    if (found != mVariants.end() && found->program && found->generation == store.generation()) return found->program;
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
    if (found == mVariants.end()) found = mVariants.insert(mVariants.end(), Variant{mDefines, Program(), 0});
    found->program = std::move(program);
    found->generation = store.generation();
    return found->program;
}

void drawFullscreenTriangle(const VertexArray& empty) {
    empty.bind();
    glDrawArrays(GL_TRIANGLES, 0, 3);
}

} // namespace th
