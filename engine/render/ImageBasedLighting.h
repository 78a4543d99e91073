#pragma once
// Image-based lighting: the environment's radiance as a cube map (also the background), its
// GGX-prefiltered specular cube (roughness along the mip chain), its diffuse irradiance as 9
// spherical-harmonic coefficients, and the split-sum DFG table. Regenerated when the
// environment settings change (for the procedural sky: when the hour, to the minute, or the
// weather changes).
//
// Sources: the procedural sky (SkyModel; GPU passes: the sun's transmittance and the multiple-
// scattering tables when the haze changes, then for each hour the ground's radiance, the
// sky-view table and the cube), an equirectangular HDR image
// (EnvironmentSettings::hdrImage) converted to a cube on the GPU, or a uniform colour (the
// white furnace: 1×1 cubes). Every pass renders to RGBA16F; a context that cannot render to
// floats (ES 3.0 without EXT_color_buffer_float) gets RGBA8 maps that clamp at 1, said once in
// the log.
#include <array>
#include <cstdint>
#include <string>

#include <glm/glm.hpp>

#include "gl/Context.h"
#include "gl/Framebuffer.h"
#include "gl/Sampler.h"
#include "gl/Texture.h"
#include "gl/VertexArray.h"
#include "render/ScreenEffect.h"
#include "render/SphericalHarmonics.h"
#include "scene/Atmosphere.h"
#include "shader/ShaderStore.h"

namespace th {

class SkyModel;

class ImageBasedLighting {
public:
    explicit ImageBasedLighting(const ContextInfo& context);
    ~ImageBasedLighting();
    ImageBasedLighting(const ImageBasedLighting&) = delete;
    ImageBasedLighting& operator=(const ImageBasedLighting&) = delete;

    /// Regenerates what changed. Returns true when the environment was rebuilt. Leaves the
    /// framebuffer binding, viewport and program changed (through the state cache).
    bool update(const ShaderStore& store, const EnvironmentSettings& environment, const SkySettings& sky,
                const VertexArray& emptyVao);

    bool active() const { return mActive; }
    const Texture& environmentCube() const { return mEnvironment; }
    const Texture& specularCube() const { return mSpecular; }
    int specularMipCount() const { return mSpecular.mipLevels(); }
    const std::array<glm::vec3, 9>& irradianceSh() const { return mSh; }
    const Texture& brdfLut() const { return mBrdfLut; }
    /// The environment prefiltered with the sheen's Charlie lobe (frame_texture::
    /// kSheenEnvironment: faces 64² down to 8², roughness along the mips), made on the first
    /// call after each rebuild, so a frame that draws no sheen pays nothing. Sets `built` when
    /// this call made it. Leaves the framebuffer binding, viewport and program changed.
    const Texture& sheenCube(const ShaderStore& store, const VertexArray& emptyVao, bool* built = nullptr);
    const Sampler& cubeSampler() const { return mCubeSampler; }
    const Sampler& lutSampler() const { return mLutSampler; }
    float intensity() const { return mIntensity; }
    /// Bumped by every rebuild.
    uint64_t generation() const { return mGeneration; }
    /// RGBA16F, or RGBA8 where the context cannot render to floats.
    TextureFormat format() const { return mFormat; }

    /// Wall time of the last rebuild, GPU work included: the SH read-back at the end waits
    /// for every pass before it.
    struct BuildTimes {
        double totalMs = 0;
        double skyMs = 0;       ///< tables and cube (sky), or upload and conversion (image)
        double prefilterMs = 0; ///< mip chain and specular cube
        double shMs = 0;        ///< read-back and projection
        double sheenMs = 0;     ///< the sheen cube, when a frame first asks for it (not in totalMs)
    };
    const BuildTimes& lastBuildTimes() const { return mTimes; }
    /// Waits for the GPU after each stage so BuildTimes attributes the work to its stage
    /// (benchmarks); off, only the total is the GPU's time.
    void setStageTiming(bool on) { mStageTiming = on; }

    /// Reads a cube's level back as float RGBA (tests and tools).
    CubeImage readCube(const Texture& cube, int level);

private:
    void setUniform(const glm::vec3& color);
    void ensureCubes(int size);
    void buildSky(const ShaderStore& store, const SkySettings& sky, const VertexArray& emptyVao);
    void buildFromImage(const ShaderStore& store, const ImageRgbaF& image, const VertexArray& emptyVao);
    void prefilter(const ShaderStore& store, const VertexArray& emptyVao);
    void projectSh();
    void drawInto(const Texture& target, int level, int face, const VertexArray& emptyVao);

    const ContextInfo& mContext;
    TextureFormat mFormat = TextureFormat::RGBA16F;
    bool mActive = false;
    Texture mEnvironment;
    Texture mSpecular;
    Texture mSheen;
    uint64_t mSheenGeneration = UINT64_MAX; ///< the generation mSheen was made from
    glm::vec3 mUniformColor{0.0f};          ///< the 1×1 cubes' colour (setUniform)
    Texture mBrdfLut;
    Texture mTransmittanceLut;
    Texture mMultipleScatteringLut;
    Texture mGroundRadiance; ///< 1×1
    Texture mSkyViewLut;
    Texture mEquirect;
    Framebuffer mFramebuffer;
    Framebuffer mReadFramebuffer;
    Sampler mCubeSampler;
    Sampler mLutSampler;
    Sampler mEquirectSampler;
    ScreenEffect mTransmittancePass;
    ScreenEffect mMultipleScatteringPass;
    ScreenEffect mGroundPass;
    ScreenEffect mSkyViewPass;
    ScreenEffect mSkyCubePass;
    ScreenEffect mEquirectPass;
    ScreenEffect mPrefilterPass;
    ScreenEffect mSheenPass; ///< the prefilter under PREFILTER_CHARLIE
    std::array<glm::vec3, 9> mSh{};
    float mIntensity = 1.0f;
    std::string mStateKey;
    std::string mAtmosphereKey;
    uint64_t mGeneration = 0;
    BuildTimes mTimes;
    bool mStageTiming = false;
};

} // namespace th
