#include "render/FramePlan.h"

#include <algorithm>

#include "core/Str.h"

namespace th {

const char* toString(PassId pass) {
    switch (pass) {
#define TRAILHEAD_PASS_NAME(id, name) \
    case PassId::id: return name;
        TRAILHEAD_FRAME_PASSES(TRAILHEAD_PASS_NAME)
#undef TRAILHEAD_PASS_NAME
    case PassId::Count: break;
    }
    return "?";
}

const char* toString(FrameTarget target) {
    switch (target) {
    case FrameTarget::SheenCube: return "sheen cube";
    case FrameTarget::ShadowMaps: return "shadow maps";
    case FrameTarget::LightClusters: return "light clusters";
    case FrameTarget::DepthTexture: return "depth texture";
    case FrameTarget::AoTexture: return "AO texture";
    case FrameTarget::MainColor: return "main colour";
    case FrameTarget::MainDepth: return "main depth";
    case FrameTarget::OpaqueColor: return "opaque colour";
    case FrameTarget::FrameColor: return "frame colour";
    case FrameTarget::BloomTexture: return "bloom texture";
    case FrameTarget::ToneMapped: return "tone-mapped frame";
    case FrameTarget::Output: return "output";
    case FrameTarget::Count: break;
    }
    return "?";
}

bool FramePlan::has(PassId id) const {
    return std::any_of(passes.begin(), passes.end(), [&](const PlannedPass& p) { return p.id == id; });
}

std::string FramePlan::describe() const {
    std::string out;
    for (const PlannedPass& p : passes) out += str(out.empty() ? "" : ", ", toString(p.id));
    return out;
}

FramePlan planFrame(const FrameFacts& f) {
    using T = FrameTarget;
    FramePlan plan;
    auto add = [&](PassId id, FramePass timedAs, std::vector<T> reads, std::vector<T> writes, std::string why,
                   std::vector<T> optionalReads = {}) {
        plan.passes.push_back({id, std::move(reads), std::move(optionalReads), std::move(writes), std::move(why), timedAs});
    };
    const bool debugView = f.debugView != DebugView::None;
    const bool msaa = f.samples > 0;
    // Without MSAA the main target is the frame (and, drawn directly, the output): what writes
    // the main colour writes those; the main depth is then the depth texture AO reads.
    std::vector<T> mainColor{T::MainColor};
    if (!msaa) mainColor.push_back(T::FrameColor);
    if (f.direct) mainColor.push_back(T::Output);
    std::vector<T> mainColorAndDepth = mainColor;
    mainColorAndDepth.push_back(T::MainDepth);
    const bool ao = f.ambientOcclusion;
    // Once AO has failed on this context it is not planned again (it said so as it failed),
    // nor the pre-pass it alone asked for.
    const bool aoRuns = ao && f.capabilities.ambientOcclusion;
    const bool aoOwnDepth = aoRuns && msaa;
    const bool prepass = f.depthPrepass || (aoRuns && !msaa);

    if (f.sheenEnvironment)
        add(PassId::SheenEnvironment, FramePass::Setup, {}, {T::SheenCube}, "a material reads the sheen environment under image-based light");
    // Always: the pass also writes what the scene block says of shadows (none, when off).
    add(PassId::Shadows, FramePass::Shadow, {}, {T::ShadowMaps}, f.shadows ? "shadows are on" : "every frame: shadows off, no views");
    // Lights are packed after the shadows, so spot lights know their shadow layers.
    add(PassId::Lights, FramePass::Setup, {}, {T::LightClusters}, "every frame: light records and clusters",
        {T::ShadowMaps});
    if (aoOwnDepth) {
        add(PassId::AoDepth, FramePass::DepthPrepass, {}, {T::DepthTexture},
            "ambient occlusion with MSAA: the samples' depth is no texture AO can read");
        add(PassId::AmbientOcclusion, FramePass::AmbientOcclusion, {T::DepthTexture}, {T::AoTexture},
            debugView && f.debugView == DebugView::AmbientOcclusion ? "the ambient-occlusion debug view" : "the scene asks for ambient occlusion");
    }
    add(PassId::Clear, FramePass::Setup, {}, mainColorAndDepth, "every frame");
    if (prepass) {
        std::vector<T> writes{T::MainDepth};
        if (!msaa) writes.push_back(T::DepthTexture);
        add(PassId::Depth, FramePass::DepthPrepass, {T::MainDepth}, writes,
            f.depthPrepass ? "the depth pre-pass option" : "ambient occlusion reads the pre-pass's depth");
        if (aoRuns && !aoOwnDepth)
            add(PassId::AmbientOcclusion, FramePass::AmbientOcclusion, {T::DepthTexture}, {T::AoTexture},
                f.debugView == DebugView::AmbientOcclusion ? "the ambient-occlusion debug view" : "the scene asks for ambient occlusion");
    }
    std::vector<T> shading{T::MainDepth, T::LightClusters};
    add(PassId::Opaque, FramePass::Opaque, shading, mainColorAndDepth, "every frame",
        {T::ShadowMaps, T::AoTexture, T::SheenCube});
    if (f.background && !debugView)
        add(PassId::Background, FramePass::Background, {T::MainDepth}, mainColor, "the environment is shown as the background");
    if (f.opaqueColorRead) {
        // After a failed copy the readers are still drawn, with the placeholder.
        if (f.capabilities.opaqueCopy)
            add(PassId::OpaqueCopy, FramePass::OpaqueCopy, {T::MainColor}, {T::OpaqueColor}, "a drawn material reads the opaque scene's colour");
        add(PassId::FrameReaders, FramePass::FrameReaders, shading, mainColorAndDepth, "a drawn material reads the opaque scene's colour",
            {T::OpaqueColor, T::ShadowMaps, T::AoTexture, T::SheenCube});
    }
    add(PassId::Blended, FramePass::Blended, shading, mainColor, "every frame", {T::OpaqueColor, T::ShadowMaps, T::SheenCube});
    if (msaa) add(PassId::Resolve, FramePass::Blended, {T::MainColor}, {T::FrameColor}, "MSAA");

    // Post: a debug view shows its values as they are (no bloom, no FXAA).
    const bool fxaa = f.fxaa && !debugView;
    const bool bloom = f.post.bloom.enabled && f.post.bloom.strength > 0.0f && !debugView;
    if (f.floatColor) {
        if (bloom) add(PassId::Bloom, FramePass::Post, {T::FrameColor}, {T::BloomTexture}, "the scene asks for bloom");
        add(PassId::ToneMap, FramePass::Post, {T::FrameColor}, {fxaa ? T::ToneMapped : T::Output}, "a float frame",
            {T::BloomTexture});
        if (fxaa) add(PassId::Fxaa, FramePass::Post, {T::ToneMapped}, {T::Output}, "the FXAA option");
    } else {
        // An 8-bit frame is tone-mapped in the shaders; bloom needs the float frame the
        // context did not give: asked for, it is left out by runnablePlan() with its line.
        if (bloom) add(PassId::Bloom, FramePass::Post, {T::FrameColor}, {T::BloomTexture}, "the scene asks for bloom");
        if (fxaa) add(PassId::Fxaa, FramePass::Post, {T::FrameColor}, {T::Output}, "the FXAA option");
        else if (!f.direct) add(PassId::Blit, FramePass::Post, {T::FrameColor}, {T::Output}, "an 8-bit frame of our own");
    }
    return plan;
}

namespace {

/// What a pass needs of the context, or an empty string when the context has it.
std::string missingCapability(PassId pass, const PlanCapabilities& c) {
    switch (pass) {
    case PassId::Bloom:
    case PassId::ToneMap:
        return c.floatColor ? "" : "a float frame, which this context does not offer for this frame (EXT_color_buffer_float, or its MSAA)";
    case PassId::Resolve: return c.multisample ? "" : "a multisampled target, which this context does not offer";
    case PassId::AoDepth:
    case PassId::AmbientOcclusion: return c.ambientOcclusion ? "" : "ambient occlusion, which failed on this context";
    case PassId::OpaqueCopy: return c.opaqueCopy ? "" : "the opaque colour copy, which failed on this context";
    default: return "";
    }
}

} // namespace

std::vector<PlanProblem> checkPlan(const FramePlan& plan, const PlanCapabilities& capabilities) {
    std::vector<PlanProblem> problems;
    std::array<bool, size_t(FrameTarget::Count)> written{};
    for (const PlannedPass& p : plan.passes) {
        for (FrameTarget t : p.reads)
            if (!written[size_t(t)])
                problems.push_back({p.id, t, str("pass '", toString(p.id), "' reads the ", toString(t), ", which no earlier pass writes")});
        std::string missing = missingCapability(p.id, capabilities);
        if (!missing.empty())
            problems.push_back({p.id, FrameTarget::Count, str("pass '", toString(p.id), "' needs ", missing)});
        for (FrameTarget t : p.writes) written[size_t(t)] = true;
    }
    if (!written[size_t(FrameTarget::Output)])
        problems.push_back({plan.passes.empty() ? PassId::Count : plan.passes.back().id, FrameTarget::Output,
                            "no pass of the frame writes the output"});
    return problems;
}

FramePlan runnablePlan(FramePlan plan, const PlanCapabilities& capabilities, std::vector<PlanProblem>& dropped) {
    // Passes are checked in order, so a pass whose input was left out is left out too.
    FramePlan kept;
    std::array<bool, size_t(FrameTarget::Count)> written{};
    for (PlannedPass& p : plan.passes) {
        std::string missing = missingCapability(p.id, capabilities);
        if (!missing.empty()) {
            dropped.push_back({p.id, FrameTarget::Count, str("pass '", toString(p.id), "' needs ", missing, ": the frame is drawn without ",
                                                             toString(p.id))});
            continue;
        }
        auto unwritten = std::find_if(p.reads.begin(), p.reads.end(), [&](FrameTarget t) { return !written[size_t(t)]; });
        if (unwritten != p.reads.end()) {
            dropped.push_back({p.id, *unwritten, str("pass '", toString(p.id), "' reads the ", toString(*unwritten),
                                                     ", which no earlier pass writes: the frame is drawn without ", toString(p.id))});
            continue;
        }
        for (FrameTarget t : p.writes) written[size_t(t)] = true;
        kept.passes.push_back(std::move(p));
    }
    // Never black in silence: a frame whose way to the output was left out is copied there.
    if (!written[size_t(FrameTarget::Output)] && written[size_t(FrameTarget::FrameColor)]) {
        kept.passes.push_back({PassId::Blit, {FrameTarget::FrameColor}, {}, {FrameTarget::Output},
                               "the output's own pass was left out", FramePass::Post});
        dropped.push_back({PassId::Blit, FrameTarget::Output, "the frame is copied to the output as it is (no tone curve)"});
    } else if (!written[size_t(FrameTarget::Output)]) {
        dropped.push_back({PassId::Count, FrameTarget::Output, "no pass left in the frame writes the output: the frame is not shown"});
    }
    return kept;
}

} // namespace th
