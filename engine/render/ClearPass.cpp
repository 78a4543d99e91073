#include "render/FramePasses.h"

namespace th {

void runClearPass(PassContext& frame) {
    StateCache& state = frame.res.context.state();
    frame.mainTarget.bind();
    glm::vec3 clear = frame.debugView != DebugView::None ? glm::vec3(0.0f) : frame.scene.post.clearColor;
    // The float frame clears to transparent: the tone-mapping pass puts the flat background
    // colour exactly where nothing covered the pixel.
    state.clearColor(frame.format.floatColor ? glm::vec4(0.0f) : glm::vec4(clear, frame.scene.post.keepAlpha ? 0.0f : 1.0f));
    state.clearDepth(1.0f);
    // No stencil material in the frame: no stencil state at all, not even its clear.
    if (frame.stencilUsed) state.clearStencil(0);
    state.clear(true, true, frame.stencilUsed);
}

} // namespace th
