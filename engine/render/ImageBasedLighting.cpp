#include "render/ImageBasedLighting.h"

#include <vector>

#include "core/Log.h"
#include "core/Str.h"
#include "render/BrdfLut.h"

namespace th {

ImageBasedLighting::ImageBasedLighting(const ContextInfo& context) : mContext(context) {
    const auto& table = brdfLutTable(128, 256);
    std::vector<float> rgba(table.size() * 4);
    for (size_t i = 0; i < table.size(); ++i) {
        rgba[i * 4 + 0] = table[i].x;
        rgba[i * 4 + 1] = table[i].y;
        rgba[i * 4 + 2] = 0.0f;
        rgba[i * 4 + 3] = 1.0f;
    }
    mBrdfLut = Texture({.format = TextureFormat::RGBA16F, .width = 128, .height = 128, .label = "BRDF table"});
    mBrdfLut.upload(0, 0, rgba.data());
    mCubeSampler = Sampler({.wrapS = Wrap::ClampToEdge, .wrapT = Wrap::ClampToEdge, .wrapR = Wrap::ClampToEdge}, 0, "environment cube");
    mLutSampler = Sampler({.mip = SamplerDesc::Mip::None, .wrapS = Wrap::ClampToEdge, .wrapT = Wrap::ClampToEdge}, 0, "BRDF table");
    setUniform(glm::vec3(0.0f));
}

ImageBasedLighting::~ImageBasedLighting() = default;

void ImageBasedLighting::setUniform(const glm::vec3& color) {
    // A 1×1 cube is enough for a constant environment: every direction and mip is the colour.
    mEnvironment = Texture({.kind = TextureKind::Cube, .format = TextureFormat::RGBA16F, .width = 1, .height = 1, .label = "environment"});
    mSpecular = Texture({.kind = TextureKind::Cube, .format = TextureFormat::RGBA16F, .width = 1, .height = 1, .label = "environment specular"});
    const float texel[4] = {color.r, color.g, color.b, 1.0f};
    for (int face = 0; face < 6; ++face) {
        mEnvironment.upload(0, face, texel);
        mSpecular.upload(0, face, texel);
    }
    mSh.fill(glm::vec3(0.0f));
    mSh[0] = color; // the constant band: a uniform radiance L gives diffuse albedo · L
}

bool ImageBasedLighting::update(const ShaderStore&, const EnvironmentSettings& environment, const SkySettings& sky,
                                const VertexArray&) {
    std::string key = str(int(environment.source), '|', environment.hdrPath, '|', environment.uniformColor.r, ',',
                          environment.uniformColor.g, ',', environment.uniformColor.b, '|', sky.hour, '|', sky.turbidity);
    mIntensity = environment.intensity;
    if (key == mStateKey) return false;
    mStateKey = key;
    ++mGeneration;
    switch (environment.source) {
    case EnvironmentSource::None:
        mActive = false;
        setUniform(glm::vec3(0.0f));
        break;
    case EnvironmentSource::Uniform:
        mActive = true;
        setUniform(environment.uniformColor);
        break;
    case EnvironmentSource::Sky:
    case EnvironmentSource::HdrFile:
        // Until the environment bakes land, sky and HDR environments light with a neutral grey.
        mActive = true;
        setUniform(glm::vec3(0.3f));
        break;
    }
    return true;
}

} // namespace th
