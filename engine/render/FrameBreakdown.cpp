#include "render/FrameBreakdown.h"

namespace th {

const char* toString(FramePass pass) {
    switch (pass) {
    case FramePass::Setup: return "setup";
    case FramePass::Shadow: return "shadow";
    case FramePass::DepthPrepass: return "depth pre-pass";
    case FramePass::AmbientOcclusion: return "ambient occlusion";
    case FramePass::Opaque: return "opaque";
    case FramePass::Background: return "background";
    case FramePass::OpaqueCopy: return "opaque copy";
    case FramePass::FrameReaders: return "transmissive";
    case FramePass::Blended: return "blended";
    case FramePass::Post: return "post";
    case FramePass::Count: break;
    }
    return "?";
}

} // namespace th
