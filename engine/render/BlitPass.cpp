#include "gl/StateCache.h"
#include "render/FramePasses.h"

namespace th {

// An 8-bit frame of our own (scaled, or multisampled and resolved) copied into the output,
// filtered when the sizes differ.
void runBlitPass(PassContext& frame) {
    StateCache& state = frame.res.context.state();
    state.bindFramebuffer(GL_READ_FRAMEBUFFER, frame.frameTarget.framebufferId());
    state.bindFramebuffer(GL_DRAW_FRAMEBUFFER, frame.output.framebufferId());
    glBlitFramebuffer(0, 0, frame.width, frame.height, 0, 0, frame.output.width(), frame.output.height(), GL_COLOR_BUFFER_BIT,
                      GL_LINEAR);
}

} // namespace th
