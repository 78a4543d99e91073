#include "render/FramePasses.h"

namespace th {

// Parts whose materials read the opaque scene's colour (transmission) go after it is made:
// they see everything opaque behind them, and not themselves.
void runFrameReadersPass(PassContext& frame) {
    frame.host.drawItems(frame.opaqueReaders, frame.mainDraws.states, 0, FramePass::FrameReaders);
}

} // namespace th
