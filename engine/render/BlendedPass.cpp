#include "render/FramePasses.h"

namespace th {

void runBlendedPass(PassContext& frame) {
    frame.host.drawItems(frame.mainDraws.list.blended(), frame.mainDraws.states, 0, FramePass::Blended);
}

} // namespace th
