#include "render/FramePasses.h"

namespace th {

void runBloomPass(PassContext& frame) {
    FrameResources& res = frame.res;
    if (!res.bloom) res.bloom = std::make_unique<Bloom>();
    frame.bloomTexture = &res.bloom->apply(res.store, res.context.info(), frame.frameTarget.color(), frame.width, frame.height,
                                           frame.post.bloom, res.emptyVao);
}

} // namespace th
