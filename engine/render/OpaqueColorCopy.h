#pragma once
// The frame texture "opaqueSceneColor" (material/FrameTexture.h): after the opaque parts and the
// background, the main view's colour is drawn into a texture of the frame's size and format
// with the clear colour under uncovered pixels, and its mip chain generated, so a transmissive
// surface can read what lies behind it, blurred by roughness through the level it picks. Made
// only in frames whose render list holds a material that reads it; the texture is kept
// between such frames and dropped by the renderer when none needs it.
#include <memory>

#include <glm/glm.hpp>

#include "gl/Context.h"
#include "gl/Sampler.h"
#include "gl/VertexArray.h"
#include "render/RenderTarget.h"
#include "render/ScreenEffect.h"
#include "shader/ShaderStore.h"

namespace th {

class OpaqueColorCopy {
public:
    OpaqueColorCopy();

    /// Copies `frame` (single-sampled, width×height) into the mip-mapped texture and returns
    /// it. `background` is the clear colour in the frame's linear units; `displayed` says the
    /// frame is 8-bit, tone-mapped and sRGB-encoded already. Leaves the copy's framebuffer
    /// bound. Throws th::Error when the target cannot be made on this context.
    const Texture& copy(const ShaderStore& store, const ContextInfo& context, const Texture& frame, int width, int height,
                        TextureFormat format, glm::vec3 background, bool displayed, const VertexArray& emptyVao);
    /// Trilinear, clamped to the edge: a refracted ray that leaves the screen reads the border.
    const Sampler& sampler() const { return mSampler; }

private:
    ScreenEffect mEffect;
    std::unique_ptr<RenderTarget> mTarget;
    Sampler mSampler;
};

} // namespace th
