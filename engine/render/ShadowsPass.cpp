#include "render/FramePasses.h"

namespace th {

void runShadowsPass(PassContext& frame) {
    FrameResources& res = frame.res;
    const Limits& limits = res.context.limits();
    res.shadows.plan(frame.scene, frame.camera, frame.sceneBounds, frame.shadowSettings, limits.maxTextureSize,
                     limits.maxArrayTextureLayers, res.sceneBlocks[0]);

    // Each shadow view gets its own copy of the scene block with the light's matrices, so the
    // material's own vertex code (and plugins in it) runs unchanged. The copy is taken first:
    // the pushes below may reallocate the blocks.
    const SceneUniforms mainBlock = res.sceneBlocks[0];
    std::vector<uint32_t> blocks;
    for (const ShadowPass::View& view : res.shadows.views()) {
        SceneUniforms b = mainBlock;
        b.view = view.view;
        b.projection = view.projection;
        b.viewProjection = view.projection * view.view;
        res.sceneBlocks.push_back(b);
        blocks.push_back(uint32_t(res.sceneBlocks.size() - 1));
    }
    frame.host.uploadSceneBlocks();

    for (size_t i = 0; i < res.shadows.views().size(); ++i) {
        const ShadowPass::View& view = res.shadows.views()[i];
        res.shadows.begin(view, res.context.state());
        PassDraws casters = frame.host.shadowCasters(frame, Frustum::fromMatrix(view.viewProjection));
        frame.host.drawItems(casters.list.items(), casters.states, blocks[i], FramePass::Shadow);
    }
}

} // namespace th
