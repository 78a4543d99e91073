#include "render/FramePasses.h"

namespace th {

// Depth first with each material's own depth-pass effect (plugin displacement and discards
// included), then the main pass shades only the visible surface: every covered pixel is shaded
// once, at the cost of drawing the opaque geometry twice. Which parts take part is
// PassHost::depthDraws(): not a material that writes no depth in the main pass (a stencil
// portal's opening) or draws only where the stencil lets it (its depth would hide what the
// stencil reveals), nor an alpha-to-coverage one (the pre-pass's hard alpha test would write
// depth on samples its coverage leaves empty), nor one that reads the opaque colour.
void runDepthPass(PassContext& frame) {
    PassDraws depth = frame.host.depthDraws(frame, frame.format);
    frame.host.drawItems(depth.list.items(), depth.states, 0, FramePass::DepthPrepass);
    // The parts drawn in it are shaded where their depth is equal, writing none.
    for (const DrawItem& item : frame.mainDraws.list.opaque()) {
        RenderState& s = frame.mainDraws.stateOf(item);
        if (!inDepthPrepass(s)) continue; // the main-pass state it was collected with
        if (item.material->readsFrameTexture(frame_texture::kOpaqueColor.name)) continue; // not in the pre-pass
        s.depthCompare = CompareFunc::LessEqual;
        s.depthWrite = false;
    }
}

} // namespace th
