#pragma once
// The passes that draw materials. Every pass uses the material's own effect with a pass define,
// so plugin code (a vertex displacement, a discard) reaches shadow maps and depth too.
#include <array>
#include <string_view>

namespace th {

enum class RenderPass { Main, Depth, Shadow };

inline constexpr std::array<RenderPass, 3> kAllPasses = {RenderPass::Main, RenderPass::Depth, RenderPass::Shadow};

constexpr const char* toString(RenderPass pass) {
    switch (pass) {
    case RenderPass::Main: return "main";
    case RenderPass::Depth: return "depth";
    case RenderPass::Shadow: return "shadow";
    }
    return "?";
}

// The define each pass compiles with (PASS_MAIN, ...) is part of the engine's interface to
// its shaders: passDefine() in material/EngineInterface.h.

inline bool parseRenderPass(std::string_view name, RenderPass& out) {
    for (RenderPass p : kAllPasses)
        if (name == toString(p)) {
            out = p;
            return true;
        }
    return false;
}

} // namespace th
