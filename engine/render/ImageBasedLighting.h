#pragma once
// Image-based lighting: the environment's radiance as a cube map (also the background), its
// GGX-prefiltered specular cube (roughness along the mip chain), its diffuse irradiance as 9
// spherical-harmonic coefficients, and the split-sum DFG table. Regenerated when the
// environment settings change (for the procedural sky: when the hour or weather changes).
#include <array>
#include <cstdint>
#include <string>

#include <glm/glm.hpp>

#include "gl/Context.h"
#include "gl/Sampler.h"
#include "gl/Texture.h"
#include "gl/VertexArray.h"
#include "scene/Atmosphere.h"
#include "shader/ShaderStore.h"

namespace th {

class ImageBasedLighting {
public:
    explicit ImageBasedLighting(const ContextInfo& context);
    ~ImageBasedLighting();

    /// Regenerates what changed. Returns true when the environment was rebuilt.
    bool update(const ShaderStore& store, const EnvironmentSettings& environment, const SkySettings& sky,
                const VertexArray& emptyVao);

    bool active() const { return mActive; }
    const Texture& environmentCube() const { return mEnvironment; }
    const Texture& specularCube() const { return mSpecular; }
    int specularMipCount() const { return mSpecular.mipLevels(); }
    const std::array<glm::vec3, 9>& irradianceSh() const { return mSh; }
    const Texture& brdfLut() const { return mBrdfLut; }
    const Sampler& cubeSampler() const { return mCubeSampler; }
    const Sampler& lutSampler() const { return mLutSampler; }
    float intensity() const { return mIntensity; }
    uint64_t generation() const { return mGeneration; }

private:
    void setUniform(const glm::vec3& color);
    const ContextInfo& mContext;
    bool mActive = false;
    Texture mEnvironment;
    Texture mSpecular;
    Texture mBrdfLut;
    Sampler mCubeSampler;
    Sampler mLutSampler;
    std::array<glm::vec3, 9> mSh{};
    float mIntensity = 1.0f;
    std::string mStateKey;
    uint64_t mGeneration = 0;
};

} // namespace th
