#include "render/FramePasses.h"

namespace th {

// Into FXAA's 8-bit input when FXAA follows (FrameTargets made it), else into the output.
void runToneMapPass(PassContext& frame) {
    FrameResources& res = frame.res;
    const RenderTarget& into = frame.toneMapped ? *frame.toneMapped : frame.output;
    res.post.toneMap(res.store, res.context.info(), frame.frameTarget.color(), into, frame.post, res.emptyVao, frame.bloomTexture);
}

} // namespace th
