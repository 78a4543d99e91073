#include "render/FramePasses.h"

namespace th {

void runOpaquePass(PassContext& frame) {
    frame.host.drawItems(frame.opaqueFirst, frame.mainDraws.states, 0, FramePass::Opaque);
}

} // namespace th
