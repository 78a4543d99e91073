#pragma once
// A program for a full-screen or engine-internal pass (tone mapping, sky, environment bakes):
// built through the shader pipeline from store names, without material or plugins, rebuilt
// when the store changes (hot reload). Each define set it has been asked for keeps its
// program, so a pass that switches defines between frames or views (a tone mapper per view,
// bloom on and off) compiles each set once. A build failure throws th::Error with origins.
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

    /// The program for the current defines, built the first time they are asked for (and
    /// again after the store changes). Samplers named in `samplerUnits` get those units and the
    /// engine's blocks their binding points.
    const Program& program(const ShaderStore& store, const ContextInfo& context);
    void setSamplerUnits(std::vector<std::pair<std::string, int>> units) { mSamplerUnits = std::move(units); }
    void setDefines(ShaderDefines defines);

private:
    std::string mVertex, mFragment;
    ShaderDefines mDefines;
    std::vector<std::pair<std::string, int>> mSamplerUnits;
    struct Variant {
        ShaderDefines defines;
        Program program;
        uint64_t generation = ~0ull; ///< the store's generation it was built from
    };
    std::vector<Variant> mVariants; ///< a handful at most: one per define set asked for
};

/// Draws a triangle covering the viewport (the vertex shader makes positions from
/// gl_VertexID). `empty` is a vertex array with no attributes: core profiles need one bound.
void drawFullscreenTriangle(const VertexArray& empty);

} // namespace th
