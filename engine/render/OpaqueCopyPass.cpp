#include "core/Error.h"
#include "core/Log.h"
#include "render/FramePasses.h"

namespace th {

// Makes the frame texture "opaqueSceneColor" from the frame so far and hands it to the
// executor; on failure says so once, and the readers get the placeholder from then on.
void runOpaqueCopyPass(PassContext& frame) {
    FrameResources& res = frame.res;
    const bool floatColor = frame.format.floatColor;
    // The copy reads a single-sampled texture: the samples so far are resolved into the
    // frame's own target first (the final resolve overwrites it with the finished frame).
    if (frame.format.samples > 0) frame.mainTarget.resolveInto(frame.frameTarget);
    if (!floatColor && !res.opaqueLdrSaid) {
        logWarning("transmission: this context renders no float frame",
                   res.context.info().floatRenderTargets ? " with MSAA" : " (EXT_color_buffer_float)",
                   ", so the scene behind transmissive materials is read back from the tone-mapped 8-bit frame (decoded to "
                   "linear, its tone curve not undone): it shows through slightly flatter than around it");
        res.opaqueLdrSaid = true;
    }
    // The clear colour lands in the tone-mapped output untouched by exposure: stored here
    // divided by the exposure, exposure brings it back.
    float exposure = std::max(frame.scene.post.exposureScale(), 1e-6f);
    glm::vec3 background = glm::pow(frame.scene.post.clearColor, glm::vec3(2.2f)) / exposure;
    try {
        if (!res.opaqueCopy) res.opaqueCopy = std::make_unique<OpaqueColorCopy>();
        TextureFormat format = floatColor ? TextureFormat::RGBA16F : TextureFormat::RGBA8;
        const Texture& copy = res.opaqueCopy->copy(res.store, res.context.info(), frame.frameTarget.color(), frame.width, frame.height,
                                                   format, background, !floatColor, res.emptyVao);
        res.executor.setFrameTexture(frame_texture::kOpaqueColor, {&copy, &res.opaqueCopy->sampler()});
        ++frame.stats.opaqueColorCopies;
    } catch (const Error& e) {
        // Never a black surface: the readers get the neutral white placeholder.
        logWarning("transmission: the opaque scene's colour cannot be copied on this context (", e.what(),
                   "); transmissive materials show white instead of the scene behind them");
        frame.capabilities.opaqueCopy = false;
        res.opaqueCopy.reset();
    }
    frame.mainTarget.bind();
}

} // namespace th
