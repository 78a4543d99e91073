#include "render/FramePasses.h"

namespace th {

// Made in the frame, not in Renderer::prepare(), so FrameStats counts it where it is paid for;
// ImageBasedLighting keeps the cube until the environment changes.
void runSheenEnvironmentPass(PassContext& frame) {
    bool built = false;
    const Texture& sheen = frame.res.ibl.sheenCube(frame.res.store, frame.res.emptyVao, &built);
    frame.stats.sheenEnvironmentBuilds += built ? 1 : 0;
    frame.res.executor.setFrameTexture(frame_texture::kSheenEnvironment, {&sheen, &frame.res.ibl.cubeSampler()});
}

} // namespace th
