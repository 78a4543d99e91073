#pragma once
// The passes a FramePlan names: one entry point each, run<Id>Pass, each in its own file,
// <Id>Pass.cpp (the list is FramePlan.h's TRAILHEAD_FRAME_PASSES). FrameExecutor calls them
// in the plan's order.
#include "render/PassContext.h"

namespace th {

/// Whether a part drawn in the main pass with `main` takes part in a depth pre-pass (why not:
/// DepthPass.cpp).
inline bool inDepthPrepass(const RenderState& main) { return main.depthWrite && !main.stencil && !main.alphaToCoverage; }

#define TRAILHEAD_PASS_ENTRY(id, name) void run##id##Pass(PassContext& frame);
TRAILHEAD_FRAME_PASSES(TRAILHEAD_PASS_ENTRY)
#undef TRAILHEAD_PASS_ENTRY

} // namespace th
