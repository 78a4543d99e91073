#include "render/FramePasses.h"

namespace th {

// With MSAA the main pass's depth is a multisampled renderbuffer, which AO cannot sample: AO
// gets a single-sampled depth of its own, in the frame's depth texture (the final resolve
// leaves that depth alone), alpha-tested parts included with their hard test.
void runAoDepthPass(PassContext& frame) {
    StateCache& state = frame.res.context.state();
    frame.frameTarget.bind();
    state.clearDepth(1.0f);
    state.clear(false, true, false);
    PassDraws depth = frame.host.depthDraws(frame, FrameFormat{frame.format.floatColor, 0});
    frame.host.drawItems(depth.list.items(), depth.states, 0, FramePass::DepthPrepass);
}

} // namespace th
