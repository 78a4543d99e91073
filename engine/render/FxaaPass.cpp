#include "render/FramePasses.h"

namespace th {

// Reads the tone-mapped frame: the tone-mapping pass's target, or an 8-bit frame the shaders
// tone-mapped already.
void runFxaaPass(PassContext& frame) {
    FrameResources& res = frame.res;
    const Texture& image = frame.toneMapped ? frame.toneMapped->color() : frame.frameTarget.color();
    res.post.fxaa(res.store, res.context.info(), image, frame.output, res.emptyVao);
}

} // namespace th
