#include "core/Error.h"
#include "core/Log.h"
#include "render/FramePasses.h"

namespace th {

// Reads the single-sampled depth an earlier pass left in the frame's depth texture (the
// pre-pass without MSAA, AO's own depth with it).
void runAmbientOcclusionPass(PassContext& frame) {
    FrameResources& res = frame.res;
    try {
        if (!res.ao) res.ao = std::make_unique<AmbientOcclusion>();
        res.aoTexture = &res.ao->apply(res.store, res.context.info(), frame.frameTarget.depth(), frame.width, frame.height,
                                       frame.camera.projection(), frame.scene.post.ambientOcclusion, res.emptyVao);
    } catch (const Error& e) {
        // Never a black frame: the effects keep their AO variant (nothing to rebuild, no
        // frame skipped) and read the white placeholder: no occlusion.
        logWarning("ambient occlusion cannot run on this context (", e.what(), "): the frame is drawn without it");
        frame.capabilities.ambientOcclusion = false;
        res.aoTexture = nullptr;
    }
    frame.mainTarget.bind();
}

} // namespace th
