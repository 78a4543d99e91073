#pragma once
// The passes a FramePlan names, one entry point each, each in its own file (named after it).
// FrameExecutor calls them in the plan's order.
#include "render/PassContext.h"

namespace th {

/// Whether a part drawn in the main pass with `main` takes part in a depth pre-pass (why not:
/// DepthPrepass.cpp).
inline bool inDepthPrepass(const RenderState& main) { return main.depthWrite && !main.stencil && !main.alphaToCoverage; }

void runSheenEnvironmentPass(PassContext& frame);
void runShadowMapsPass(PassContext& frame);
void runLightsPass(PassContext& frame);
void runAoDepthPass(PassContext& frame);
void runClearPass(PassContext& frame);
void runDepthPrepass(PassContext& frame);
void runAmbientOcclusionPass(PassContext& frame);
void runOpaquePass(PassContext& frame);
void runBackgroundPass(PassContext& frame);
void runOpaqueCopyPass(PassContext& frame);
void runFrameReadersPass(PassContext& frame);
void runBlendedPass(PassContext& frame);
void runResolvePass(PassContext& frame);
void runBloomPass(PassContext& frame);
void runToneMapPass(PassContext& frame);
void runFxaaPass(PassContext& frame);
void runBlitPass(PassContext& frame);

} // namespace th
