#pragma once
// The frame as data: which passes run this frame, in order, what each reads and writes and why
// it is on. The renderer assembles a plan from the frame's facts (FrameFacts: the options, the
// format, what the scene and its drawn parts need, what the context offers) and the executor
// runs it (FrameExecutor). The conditions that turn a pass on are written once, in
// planFrame(); a new pass is a new file, a name here and a line there.
//
// GL-free, so that plans are unit-tested without a context: checkPlan() names the pass and the
// target of a plan that reads what nothing earlier wrote, or asks for a pass the context
// cannot run; runnablePlan() leaves such passes out at run time, with one line each.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "render/DebugView.h"
#include "render/FrameBreakdown.h"

namespace th {

/// The passes a frame can run, in the order they may appear.
enum class PassId : uint8_t {
    SheenEnvironment, ///< the environment prefiltered with the sheen's lobe
    Shadows,          ///< sun cascades and spot-light maps
    Lights,           ///< light records, clusters and the views' scene blocks
    AoDepth,          ///< with MSAA: a single-sampled depth of the opaque parts for AO
    Clear,            ///< the main view's colour, depth and stencil
    DepthPrepass,     ///< depth of the opaque parts before they are shaded
    AmbientOcclusion,
    Opaque,
    Background,       ///< the environment behind the scene
    OpaqueCopy,       ///< the opaque scene's colour, for materials that read it
    FrameReaders,     ///< the opaque parts that read it (transmission)
    Blended,
    Resolve,          ///< the MSAA samples into the single-sampled frame
    Bloom,
    ToneMap,          ///< the float frame into 8 bits (the output, or FXAA's input)
    Fxaa,
    Blit,             ///< an 8-bit frame of our own copied (scaled) into the output
    Count
};
const char* toString(PassId pass);

/// What passes read and write. The main targets are the multisampled ones when the frame is.
enum class FrameTarget : uint8_t {
    SheenCube,
    ShadowMaps,
    LightClusters,
    DepthTexture, ///< a single-sampled depth texture (AO reads it)
    AoTexture,
    MainColor,
    MainDepth,
    OpaqueColor,
    FrameColor,   ///< the single-sampled frame (the main target itself without MSAA)
    BloomTexture,
    ToneMapped,   ///< the 8-bit frame FXAA reads
    Output,
    Count
};
const char* toString(FrameTarget target);

struct PlannedPass {
    PassId id = PassId::Opaque;
    std::vector<FrameTarget> reads;         ///< must be written earlier in the plan
    std::vector<FrameTarget> optionalReads; ///< read when written; a neutral placeholder otherwise
    std::vector<FrameTarget> writes;
    std::string why;                        ///< what turned it on
    FramePass timedAs = FramePass::Setup;   ///< its row in the breakdown
};

struct FramePlan {
    std::vector<PlannedPass> passes;

    bool has(PassId id) const;
    /// The pass ids in order ("shadows, lights, clear, ...") for logs and tests.
    std::string describe() const;
};

/// What the context (and what has failed on it before) lets a frame do.
struct PlanCapabilities {
    bool floatColor = true;       ///< float colour targets (EXT_color_buffer_float on ES)
    bool multisample = true;      ///< a multisampled target of the frame's format
    bool ambientOcclusion = true; ///< AO ran (or has not failed) on this context
    bool opaqueCopy = true;       ///< the opaque colour copy ran (or has not failed)
};

/// Everything planFrame() decides from: one struct, filled once per frame.
struct FrameFacts {
    // The frame's format and size.
    bool floatColor = false; ///< the frame is RGBA16F, tone-mapped after
    int samples = 0;         ///< 0: single-sampled
    bool direct = false;     ///< drawn straight into the output (8-bit, single-sampled, output's size)
    // The options.
    bool shadows = false;
    bool depthPrepass = false;
    bool fxaa = false;
    DebugView debugView = DebugView::None;
    // The scene.
    bool ambientOcclusion = false; ///< the scene (or the AO debug view) asks for it
    bool bloom = false;            ///< on with a strength above zero
    bool background = false;       ///< the environment is shown and image-based light is on
    bool sheenEnvironment = false; ///< image-based light is on and a material reads the sheen cube
    bool opaqueColorRead = false;  ///< a drawn part reads the opaque scene's colour
    PlanCapabilities capabilities;
};

/// The passes this frame runs, with their targets and reasons.
FramePlan planFrame(const FrameFacts& facts);

struct PlanProblem {
    PassId pass = PassId::Opaque;
    FrameTarget target = FrameTarget::Count; ///< the target read before it was written (Count: none)
    std::string message;                     ///< names the pass and the target or the capability
};

/// Every pass that reads a target no earlier pass writes, or needs what `capabilities` lacks;
/// and a plan in which no pass writes the output.
std::vector<PlanProblem> checkPlan(const FramePlan& plan, const PlanCapabilities& capabilities);

/// `plan` without the passes checkPlan() finds fault with (and those that then lose a required
/// input), the problems in `dropped`. If nothing would reach the output, the returned plan
/// ends in what does: never a frame left black in silence.
FramePlan runnablePlan(FramePlan plan, const PlanCapabilities& capabilities, std::vector<PlanProblem>& dropped);

} // namespace th
