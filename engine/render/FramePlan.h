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
#include "scene/Atmosphere.h"

namespace th {

/// Every pass a frame can run, in the order they may appear: its id and its name (logs,
/// tests). Each has its own file, <Id>Pass.cpp, with one entry point, run<Id>Pass
/// (FramePasses.h); the ids, names, entry points and the executor's table are all made from
/// this one list, so a new pass is its file, a line here and its line in planFrame().
#define TRAILHEAD_FRAME_PASSES(PASS)                                                                  \
    PASS(SheenEnvironment, "sheen environment") /* the environment prefiltered with the sheen lobe */ \
    PASS(Shadows, "shadows")                    /* sun cascades and spot-light maps */                \
    PASS(Lights, "lights")                      /* light records, clusters, the views' blocks */      \
    PASS(AoDepth, "AO depth")                   /* with MSAA: a single-sampled depth for AO */        \
    PASS(Clear, "clear")                        /* the main view's colour, depth and stencil */       \
    PASS(Depth, "depth pre-pass")               /* the opaque parts' depth before shading */          \
    PASS(AmbientOcclusion, "ambient occlusion")                                                       \
    PASS(Opaque, "opaque")                                                                            \
    PASS(Background, "background")              /* the environment behind the scene */                \
    PASS(OpaqueCopy, "opaque copy")             /* the opaque colour, for materials that read it */   \
    PASS(FrameReaders, "frame readers")         /* the opaque parts that read it (transmission) */    \
    PASS(Blended, "blended")                                                                          \
    PASS(Resolve, "resolve")                    /* the MSAA samples into the single-sampled frame */  \
    PASS(Bloom, "bloom")                                                                              \
    PASS(ToneMap, "tone map")                   /* the float frame into 8 bits */                     \
    PASS(Fxaa, "FXAA")                                                                                \
    PASS(Blit, "blit")                          /* an 8-bit frame of our own into the output */

enum class PassId : uint8_t {
#define TRAILHEAD_PASS_ID(id, name) id,
    TRAILHEAD_FRAME_PASSES(TRAILHEAD_PASS_ID)
#undef TRAILHEAD_PASS_ID
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
    PostSettings post;             ///< the scene's post effects (bloom, ...) as it asks for them
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
