#pragma once
// A program for a full-screen or engine-internal pass (tone mapping, sky, environment bakes):
// built through the shader pipeline from store names, without material or plugins, rebuilt
// when the store changes (hot reload). A build failure throws th::Error with origins.
#include <string>

#include "gl/Context.h"
#include "gl/Program.h"
#include "gl/VertexArray.h"
#include "shader/ShaderDefines.h"
#include "shader/ShaderStore.h"

namespace th {

class ScreenEffect {
public:
    ScreenEffect(std::string vertexShader, std::string fragmentShader, ShaderDefines defines = {});

    /// The program, (re)built when needed. Samplers named in `samplerUnits` get those units
    /// and the engine's blocks their binding points.
    const Program& program(const ShaderStore& store, const ContextInfo& context);
    void setSamplerUnits(std::vector<std::pair<std::string, int>> units) { mSamplerUnits = std::move(units); }
    void setDefines(ShaderDefines defines);

private:
    std::string mVertex, mFragment;
    ShaderDefines mDefines;
    std::vector<std::pair<std::string, int>> mSamplerUnits;
    Program mProgram;
    uint64_t mGeneration = ~0ull;
    bool mDirty = true;
};

/// Draws a triangle covering the viewport (the vertex shader makes positions from
/// gl_VertexID). `empty` is a vertex array with no attributes: core profiles need one bound.
void drawFullscreenTriangle(const VertexArray& empty);

} // namespace th
