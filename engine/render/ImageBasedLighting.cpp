#include "render/ImageBasedLighting.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "core/Log.h"
#include "core/SteadyClock.h"
#include "core/Str.h"
#include "gl/GlApi.h"
#include "gl/StateCache.h"
#include "render/BrdfLut.h"
#include "render/SkyModel.h"

namespace th {

namespace {

constexpr int kSkyCubeSize = 128;
constexpr int kImageCubeSize = 256;
/// The specular cube is never larger: its mirror level is the only one that would gain.
constexpr int kMaxSpecularSize = 128;
/// Face size of the roughest level (roughness 1). The GGX lobe at roughness 1 still varies
/// smoothly across a face; a 1×1 or 2×2 face turns that into six flat colours and a rough
/// metal into a faceted, washed-out ball. 16 is where the Khronos Sample Viewer stops too.
constexpr int kMinSpecularSize = 16;
/// The sheen cube's faces: the Charlie lobe is wide at every roughness (with V = N its
/// reflections leave at 45° to 90° from the normal), so 64² holds what it keeps.
constexpr int kSheenSize = 64;
constexpr int kMinSheenSize = 8;
constexpr int kSheenSamples = 128;
/// The smallest sheen roughness the sheen plugin shades (its clamp): level 0.
constexpr float kMinSheenRoughness = 0.03f;
/// Face size of the level the irradiance is projected from: 6 × 16² texels is plenty for
/// 9 coefficients and cheap to read back.
constexpr int kShFaceSize = 16;
/// The largest radiance kept: half floats end at 65504.
constexpr float kMaxRadiance = 65000.0f;

int log2Int(int v) {
    int l = 0;
    while ((1 << (l + 1)) <= v) ++l;
    return l;
}

/// Levels from a face of `size` down to kMinSpecularSize (one level when size is smaller).
int specularMipLevels(int size) {
    return std::max(1, log2Int(size) - log2Int(kMinSpecularSize) + 1);
}

/// GGX samples per texel for a level of the specular cube: few where the lobe is narrow
/// (the source mip selection does the blurring there), more where it is wide.
int prefilterSamples(int level) {
    if (level <= 0) return 1;
    if (level == 1) return 16;
    if (level == 2) return 48;
    return 128;
}

/// Draws levels `firstLevel` to `levels` − 1 of a cube from the environment's mip chain with a
/// variant of the prefilter shader, one lobe per level (`roughnessOf`, `samplesOf`);
/// `drawFace` renders one face of one level. The GGX specular chain and the Charlie sheen cube
/// differ only in these. `mirrorLod` is the environment level whose texels match level 0.
void prefilterInto(const Program& p, const Texture& environment, const Sampler& cubeSampler, int firstLevel, int levels,
                   const std::function<float(int level)>& roughnessOf, const std::function<int(int level)>& samplesOf,
                   float mirrorLod, const std::function<void(int level, int face)>& drawFace) {
    StateCache& state = *StateCache::current();
    state.apply(RenderState{.depthTest = false, .depthWrite = false, .cull = CullMode::None});
    state.scissor(std::nullopt);
    p.use();
    environment.bind(0);
    cubeSampler.bind(0);
    GLint faceLocation = p.uniformLocation("cubeFace");
    GLint params = p.uniformLocation("prefilterParams");
    // Only the GGX lobe reads prefilterTarget: the Charlie variant compiles it out (and 0, what
    // it is given, is a uniform's initial value anyway).
    glUniform4f(p.uniformLocation("prefilterTarget"), mirrorLod, 0, 0, 0);
    float sourceSize = float(environment.width());
    float sourceMips = float(environment.mipLevels() - 1);
    for (int level = firstLevel; level < levels; ++level) {
        glUniform4f(params, roughnessOf(level), float(samplesOf(level)), sourceSize, sourceMips);
        for (int face = 0; face < 6; ++face) {
            glUniform1i(faceLocation, face);
            drawFace(level, face);
        }
    }
}

void setAtmosphereUniforms(const Program& program, const AtmosphereParams& a) {
    glUniform4f(program.uniformLocation("atmRadii"), a.groundRadius, a.topRadius, a.groundRadius + a.observerAltitude,
                a.mieAnisotropy);
    glUniform4f(program.uniformLocation("atmRayleigh"), a.rayleighScattering.r, a.rayleighScattering.g,
                a.rayleighScattering.b, a.rayleighScaleHeight);
    glUniform4f(program.uniformLocation("atmMie"), a.mieScattering, a.mieExtinction, a.mieScaleHeight, 0.0f);
    glUniform4f(program.uniformLocation("atmOzone"), a.ozoneAbsorption.r, a.ozoneAbsorption.g, a.ozoneAbsorption.b, 0.0f);
    glUniform4f(program.uniformLocation("atmOzoneShape"), a.ozoneCentre, a.ozoneHalfWidth, 0.0f, 0.0f);
    glUniform4f(program.uniformLocation("atmGroundAlbedo"), a.groundAlbedo.r, a.groundAlbedo.g, a.groundAlbedo.b, 0.0f);
    glUniform4f(program.uniformLocation("atmTableSizes"), float(skytables::kTransmittanceWidth),
                float(skytables::kTransmittanceHeight), float(skytables::kMultipleSize), float(skytables::kMultipleSize));
}
} // namespace

ImageBasedLighting::ImageBasedLighting(const ContextInfo& context)
    : mContext(context), mTransmittancePass("post/fullscreen.vert.glsl", "sky/transmittance.frag.glsl"),
      mMultipleScatteringPass("post/fullscreen.vert.glsl", "sky/multiple_scattering.frag.glsl"),
      mGroundPass("post/fullscreen.vert.glsl", "sky/ground.frag.glsl"),
      mSkyViewPass("post/fullscreen.vert.glsl", "sky/sky_view.frag.glsl"),
      mSkyCubePass("post/fullscreen.vert.glsl", "sky/sky_cube.frag.glsl"),
      mEquirectPass("post/fullscreen.vert.glsl", "ibl/equirect_to_cube.frag.glsl"),
      mPrefilterPass("post/fullscreen.vert.glsl", "ibl/prefilter.frag.glsl"),
      mSheenPass("post/fullscreen.vert.glsl", "ibl/prefilter.frag.glsl") {
    mFormat = context.floatRenderTargets ? TextureFormat::RGBA16F : TextureFormat::RGBA8;
    if (!context.floatRenderTargets)
        logWarning("image-based lighting: this context cannot render to float textures (no EXT_color_buffer_float); "
                   "environment maps are 8-bit and clamp radiance at 1");
    const auto& table = brdfLutTable(kBrdfLutSize, kBrdfLutSamples);
    std::vector<float> rgba(table.size() * 4);
    for (size_t i = 0; i < table.size(); ++i) {
        rgba[i * 4 + 0] = table[i].x;
        rgba[i * 4 + 1] = table[i].y;
        rgba[i * 4 + 2] = 0.0f;
        rgba[i * 4 + 3] = 1.0f;
    }
    // Sampled, never rendered to: RGBA16F is filterable on every context.
    mBrdfLut = Texture({.format = TextureFormat::RGBA16F, .width = kBrdfLutSize, .height = kBrdfLutSize, .label = "BRDF table"});
    mBrdfLut.upload(0, 0, rgba.data());
    mCubeSampler = Sampler({.wrapS = Wrap::ClampToEdge, .wrapT = Wrap::ClampToEdge, .wrapR = Wrap::ClampToEdge}, 0, "environment cube");
    mLutSampler = Sampler({.mip = SamplerDesc::Mip::None, .wrapS = Wrap::ClampToEdge, .wrapT = Wrap::ClampToEdge}, 0, "BRDF table");
    mEquirectSampler = Sampler({.wrapS = Wrap::Repeat, .wrapT = Wrap::ClampToEdge}, 0, "equirectangular environment");
    std::vector<std::pair<std::string, int>> atmosphereUnits = {
        {"transmittanceLut", 0}, {"multipleScatteringLut", 1}, {"groundRadiance", 2}};
    mTransmittancePass.setSamplerUnits(atmosphereUnits);
    mMultipleScatteringPass.setSamplerUnits(atmosphereUnits);
    mGroundPass.setSamplerUnits(atmosphereUnits);
    mSkyViewPass.setSamplerUnits(atmosphereUnits);
    mSkyCubePass.setSamplerUnits({{"skyViewLut", 0}});
    mEquirectPass.setSamplerUnits({{"equirect", 0}});
    mPrefilterPass.setSamplerUnits({{"environment", 0}});
    mSheenPass.setSamplerUnits({{"environment", 0}});
    ShaderDefines charlie;
    setDefine(charlie, "PREFILTER_CHARLIE", "");
    mSheenPass.setDefines(std::move(charlie));
    setUniform(glm::vec3(0.0f));
}

ImageBasedLighting::~ImageBasedLighting() = default;

void ImageBasedLighting::setUniform(const glm::vec3& color) {
    // A 1×1 cube is enough for a constant environment: every direction and mip is the colour.
    mEnvironment = Texture({.kind = TextureKind::Cube, .format = TextureFormat::RGBA16F, .width = 1, .height = 1, .label = "environment"});
    mSpecular = Texture({.kind = TextureKind::Cube, .format = TextureFormat::RGBA16F, .width = 1, .height = 1, .label = "environment specular"});
    mUniformColor = color;
    const float texel[4] = {color.r, color.g, color.b, 1.0f};
    for (int face = 0; face < 6; ++face) {
        mEnvironment.upload(0, face, texel);
        mSpecular.upload(0, face, texel);
    }
    mSh.fill(glm::vec3(0.0f));
    mSh[0] = color; // the constant band: a uniform radiance L gives diffuse albedo · L
}

void ImageBasedLighting::ensureCubes(int size) {
    if (mEnvironment.width() != size || mEnvironment.desc().format != mFormat || mEnvironment.mipLevels() == 1)
        mEnvironment = Texture({.kind = TextureKind::Cube, .format = mFormat, .width = size, .height = size, .mipLevels = 0,
                                .label = "environment"});
    int specularSize = std::min(size, kMaxSpecularSize);
    if (mSpecular.width() != specularSize || mSpecular.desc().format != mFormat || mSpecular.mipLevels() == 1)
        mSpecular = Texture({.kind = TextureKind::Cube, .format = mFormat, .width = specularSize, .height = specularSize,
                             .mipLevels = specularMipLevels(specularSize), .label = "environment specular"});
    if (!mFramebuffer) mFramebuffer = Framebuffer("environment bake");
}

void ImageBasedLighting::drawInto(const Texture& target, int level, int face, const VertexArray& emptyVao) {
    mFramebuffer.attachColor(0, target, level, face);
    mFramebuffer.setDrawBuffers(1);
    mFramebuffer.check();
    int w = std::max(1, target.width() >> level), h = std::max(1, target.height() >> level);
    StateCache::current()->viewport(0, 0, w, h);
    drawFullscreenTriangle(emptyVao);
}

bool ImageBasedLighting::update(const ShaderStore& store, const EnvironmentSettings& environment, const SkySettings& sky,
                                const VertexArray& emptyVao) {
    mIntensity = environment.intensity;
    // Only what the chosen source depends on goes into the key: an HDR environment must not
    // rebuild because the hour moved. The sky's hour counts to the minute (the sun moves
    // 0.25° a minute), so an animated day rebuilds a few times a second at most.
    std::string key;
    switch (environment.source) {
    case EnvironmentSource::None: key = "none"; break;
    case EnvironmentSource::Uniform:
        key = str("uniform|", environment.uniformColor.r, ',', environment.uniformColor.g, ',', environment.uniformColor.b);
        break;
    case EnvironmentSource::HdrFile:
        key = str("image|", reinterpret_cast<uintptr_t>(environment.hdrImage.get()), '|', environment.hdrPath, '|',
                  environment.cubeSize);
        break;
    case EnvironmentSource::Sky: {
        double hour = std::fmod(double(sky.hour), 24.0);
        if (hour < 0) hour += 24.0;
        long minute = std::lround(hour * 60.0) % (24 * 60);
        key = str("sky|", sky.enabled, '|', minute, '|', sky.latitude, '|', sky.turbidity, '|', sky.sunIlluminance, '|',
                  sky.skyIntensity, '|', sky.nightFill.r, ',', sky.nightFill.g, ',', sky.nightFill.b, '|', sky.groundAlbedo.r,
                  ',', sky.groundAlbedo.g, ',', sky.groundAlbedo.b, '|', environment.cubeSize);
        break;
    }
    }
    if (key == mStateKey) return false;
    mStateKey = key;
    ++mGeneration;
    mTimes = BuildTimes{};
    auto start = SteadyClock::now();
    switch (environment.source) {
    case EnvironmentSource::None:
        mActive = false;
        setUniform(glm::vec3(0.0f));
        return true;
    case EnvironmentSource::Uniform:
        mActive = true;
        setUniform(environment.uniformColor);
        return true;
    case EnvironmentSource::HdrFile:
        if (!environment.hdrImage || environment.hdrImage->empty()) {
            logWarning("environment '", environment.hdrPath, "': no decoded image was given (EnvironmentSettings::hdrImage); "
                       "lighting with a flat grey instead");
            mActive = true;
            setUniform(glm::vec3(0.3f));
            return true;
        }
        ensureCubes(environment.cubeSize > 0 ? environment.cubeSize : kImageCubeSize);
        buildFromImage(store, *environment.hdrImage, emptyVao);
        break;
    case EnvironmentSource::Sky:
        if (!sky.enabled) {
            mActive = false;
            setUniform(glm::vec3(0.0f));
            return true;
        }
        ensureCubes(environment.cubeSize > 0 ? environment.cubeSize : kSkyCubeSize);
        buildSky(store, sky, emptyVao);
        break;
    }
    mActive = true;
    if (mStageTiming) glFinish();
    mTimes.skyMs = msSince(start);
    auto t1 = SteadyClock::now();
    prefilter(store, emptyVao);
    if (mStageTiming) glFinish();
    mTimes.prefilterMs = msSince(t1);
    auto t2 = SteadyClock::now();
    projectSh();
    mTimes.shMs = msSince(t2);
    mTimes.totalMs = msSince(start);
    StateCache::current()->bindFramebuffer(GL_FRAMEBUFFER, 0);
    return true;
}

void ImageBasedLighting::buildSky(const ShaderStore& store, const SkySettings& sky, const VertexArray& emptyVao) {
    using namespace skytables;
    StateCache& state = *StateCache::current();
    state.apply(RenderState{.depthTest = false, .depthWrite = false, .cull = CullMode::None});
    state.scissor(std::nullopt);
    SkyModel model(sky);
    const AtmosphereParams& a = model.atmosphere();
    // Each pass binds only the tables drawn before it: never the one it draws into.
    auto bindTables = [&](int count) {
        const Texture* tables[3] = {&mTransmittanceLut, &mMultipleScatteringLut, &mGroundRadiance};
        for (int i = 0; i < count; ++i) {
            tables[i]->bind(unsigned(i));
            mLutSampler.bind(unsigned(i));
        }
    };
    if (!mTransmittanceLut) {
        mTransmittanceLut = Texture({.format = mFormat, .width = kTransmittanceWidth, .height = kTransmittanceHeight,
                                     .label = "sky transmittance"});
        mMultipleScatteringLut = Texture({.format = mFormat, .width = kMultipleSize, .height = kMultipleSize,
                                          .label = "sky multiple scattering"});
        mGroundRadiance = Texture({.format = mFormat, .width = 1, .height = 1, .label = "sky ground radiance"});
        mSkyViewLut = Texture({.format = mFormat, .width = kSkyViewWidth, .height = kSkyViewHeight, .label = "sky view"});
        mAtmosphereKey.clear();
    }

    // The tables depend on the air and the ground, not on the hour.
    std::string atmosphereKey = str(a.mieScattering, '|', a.groundAlbedo.r, ',', a.groundAlbedo.g, ',', a.groundAlbedo.b);
    if (atmosphereKey != mAtmosphereKey) {
        const Program& t = mTransmittancePass.program(store, mContext);
        t.use();
        setAtmosphereUniforms(t, a);
        glUniform1i(t.uniformLocation("atmSteps"), kTransmittanceSteps);
        bindTables(0);
        drawInto(mTransmittanceLut, 0, 0, emptyVao);
        const Program& m = mMultipleScatteringPass.program(store, mContext);
        m.use();
        setAtmosphereUniforms(m, a);
        glUniform1i(m.uniformLocation("atmSteps"), kMultipleSteps);
        glUniform1i(m.uniformLocation("atmDirections"), kMultipleDirections);
        bindTables(1);
        drawInto(mMultipleScatteringLut, 0, 0, emptyVao);
        mAtmosphereKey = atmosphereKey;
    }

    glm::vec3 toSun = model.toSun();
    glm::vec3 night = sky.nightFill * model.nightFactor();
    const glm::vec3& solar = a.solarIrradiance;
    {
        const Program& p = mGroundPass.program(store, mContext);
        p.use();
        setAtmosphereUniforms(p, a);
        glm::vec3 sun = model.sunIlluminance();
        glUniform1i(p.uniformLocation("atmSteps"), kGroundSteps);
        glUniform2i(p.uniformLocation("groundGrid"), kGroundRings, kGroundSectors);
        glUniform4f(p.uniformLocation("skySun"), toSun.x, toSun.y, toSun.z, 0);
        glUniform4f(p.uniformLocation("skySolar"), solar.r, solar.g, solar.b, 0);
        glUniform4f(p.uniformLocation("groundSun"), sun.r, sun.g, sun.b, 0);
        glUniform4f(p.uniformLocation("skyNight"), night.r, night.g, night.b, 0);
        bindTables(2);
        drawInto(mGroundRadiance, 0, 0, emptyVao);
    }
    {
        const Program& p = mSkyViewPass.program(store, mContext);
        p.use();
        setAtmosphereUniforms(p, a);
        glUniform1i(p.uniformLocation("atmSteps"), kSkyViewSteps);
        glUniform4f(p.uniformLocation("skySun"), toSun.y, 0, 0, 0);
        glUniform4f(p.uniformLocation("skySolar"), solar.r, solar.g, solar.b, 0);
        bindTables(3);
        drawInto(mSkyViewLut, 0, 0, emptyVao);
    }
    {
        const Program& p = mSkyCubePass.program(store, mContext);
        p.use();
        glUniform4f(p.uniformLocation("skyToSun"), toSun.x, toSun.y, toSun.z, 0);
        glUniform4f(p.uniformLocation("skyNight"), night.r, night.g, night.b, 0);
        glUniform4f(p.uniformLocation("skyIntensity"), sky.skyIntensity, 0, 0, 0);
        mSkyViewLut.bind(0);
        mLutSampler.bind(0);
        GLint faceLocation = p.uniformLocation("cubeFace");
        for (int face = 0; face < 6; ++face) {
            glUniform1i(faceLocation, face);
            drawInto(mEnvironment, 0, face, emptyVao);
        }
    }
}

void ImageBasedLighting::buildFromImage(const ShaderStore& store, const ImageRgbaF& image, const VertexArray& emptyVao) {
    StateCache& state = *StateCache::current();
    // Halve the panorama until the context can hold it (box filter: radiance is averaged).
    ImageRgbaF scaled;
    const ImageRgbaF* source = &image;
    int maxSize = std::max(1, mContext.limits.maxTextureSize);
    while (source->width > maxSize || source->height > maxSize) {
        ImageRgbaF half(std::max(1, source->width / 2), std::max(1, source->height / 2));
        for (int y = 0; y < half.height; ++y)
            for (int x = 0; x < half.width; ++x)
                for (int c = 0; c < 4; ++c) {
                    int x0 = std::min(2 * x, source->width - 1), x1 = std::min(2 * x + 1, source->width - 1);
                    int y0 = std::min(2 * y, source->height - 1), y1 = std::min(2 * y + 1, source->height - 1);
                    half.at(x, y)[c] = 0.25f * (source->at(x0, y0)[c] + source->at(x1, y0)[c] + source->at(x0, y1)[c] +
                                                source->at(x1, y1)[c]);
                }
        scaled = std::move(half);
        source = &scaled;
    }
    // Rows stay top first: texture row 0 is the image's top, and the shader reads v from the top.
    std::vector<float> texels(source->pixels.size());
    float limit = mFormat == TextureFormat::RGBA16F ? kMaxRadiance : 1.0f;
    for (size_t i = 0; i < texels.size(); ++i) {
        float v = source->pixels[i];
        texels[i] = std::isfinite(v) ? std::clamp(v, 0.0f, limit) : 0.0f;
    }
    mEquirect = Texture({.format = mFormat, .width = source->width, .height = source->height, .mipLevels = 0,
                         .label = "equirectangular environment"});
    if (mFormat == TextureFormat::RGBA16F) {
        mEquirect.upload(0, 0, texels.data());
    } else {
        std::vector<uint8_t> bytes(texels.size());
        for (size_t i = 0; i < texels.size(); ++i) bytes[i] = uint8_t(std::lround(texels[i] * 255.0f));
        mEquirect.upload(0, 0, bytes.data());
    }
    mEquirect.generateMipmaps();

    state.apply(RenderState{.depthTest = false, .depthWrite = false, .cull = CullMode::None});
    state.scissor(std::nullopt);
    const Program& p = mEquirectPass.program(store, mContext);
    p.use();
    // Along the equator a cube texel spans width / (4 · size) panorama texels.
    float lod = std::max(0.0f, std::log2(float(source->width) / (4.0f * float(mEnvironment.width()))));
    glUniform4f(p.uniformLocation("equirectParams"), lod, 1.0f, limit, 0.0f);
    mEquirect.bind(0);
    mEquirectSampler.bind(0);
    GLint faceLocation = p.uniformLocation("cubeFace");
    for (int face = 0; face < 6; ++face) {
        glUniform1i(faceLocation, face);
        drawInto(mEnvironment, 0, face, emptyVao);
    }
}

void ImageBasedLighting::prefilter(const ShaderStore& store, const VertexArray& emptyVao) {
    mEnvironment.generateMipmaps();
    int levels = mSpecular.mipLevels();
    float mirrorLod = std::log2(std::max(float(mEnvironment.width()) / float(mSpecular.width()), 1.0f));
    prefilterInto(
        mPrefilterPass.program(store, mContext), mEnvironment, mCubeSampler, 1, levels,
        [levels](int level) { return float(level) / float(levels - 1); }, prefilterSamples, mirrorLod,
        [&](int level, int face) { drawInto(mSpecular, level, face, emptyVao); });
    // The mirror level is the environment itself (or its level of the same size): a blit. After
    // the chain (which never reads it), so that the chain's set-up has turned off the scissor,
    // which clips blits.
    StateCache& state = *StateCache::current();
    int mirrorLevel = int(std::lround(mirrorLod));
    if (!mReadFramebuffer) mReadFramebuffer = Framebuffer("environment bake source");
    for (int face = 0; face < 6; ++face) {
        mReadFramebuffer.attachColor(0, mEnvironment, mirrorLevel, face);
        mReadFramebuffer.check();
        mFramebuffer.attachColor(0, mSpecular, 0, face);
        mFramebuffer.setDrawBuffers(1);
        mFramebuffer.check();
        state.bindFramebuffer(GL_READ_FRAMEBUFFER, mReadFramebuffer.id());
        state.bindFramebuffer(GL_DRAW_FRAMEBUFFER, mFramebuffer.id());
        glReadBuffer(GL_COLOR_ATTACHMENT0);
        int size = mSpecular.width();
        glBlitFramebuffer(0, 0, size, size, 0, 0, size, size, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    }
}

const Texture& ImageBasedLighting::sheenCube(const ShaderStore& store, const VertexArray& emptyVao, bool* built) {
    if (built) *built = false;
    if (mSheenGeneration == mGeneration && mSheen) return mSheen;
    mSheenGeneration = mGeneration;
    if (built) *built = true;
    auto start = SteadyClock::now();
    if (mEnvironment.width() <= 1) {
        // A constant environment (or none): every lobe sees the same colour.
        mSheen = Texture({.kind = TextureKind::Cube, .format = TextureFormat::RGBA16F, .width = 1, .height = 1,
                          .label = "environment sheen"});
        const float texel[4] = {mUniformColor.r, mUniformColor.g, mUniformColor.b, 1.0f};
        for (int face = 0; face < 6; ++face) mSheen.upload(0, face, texel);
        mTimes.sheenMs = msSince(start);
        return mSheen;
    }
    int levels = log2Int(kSheenSize) - log2Int(kMinSheenSize) + 1;
    if (mSheen.width() != kSheenSize || mSheen.desc().format != mFormat)
        mSheen = Texture({.kind = TextureKind::Cube, .format = mFormat, .width = kSheenSize, .height = kSheenSize,
                          .mipLevels = levels, .label = "environment sheen"});
    if (!mFramebuffer) mFramebuffer = Framebuffer("environment bake");
    // Level 0 is not a mirror here: the Charlie lobe is wide even at the smallest roughness.
    prefilterInto(
        mSheenPass.program(store, mContext), mEnvironment, mCubeSampler, 0, levels,
        [levels](int level) { return std::max(float(level) / float(levels - 1), kMinSheenRoughness); },
        [](int) { return kSheenSamples; }, 0.0f, [&](int level, int face) { drawInto(mSheen, level, face, emptyVao); });
    StateCache::current()->bindFramebuffer(GL_FRAMEBUFFER, 0);
    if (mStageTiming) glFinish();
    mTimes.sheenMs = msSince(start);
    return mSheen;
}

CubeImage ImageBasedLighting::readCube(const Texture& cube, int level) {
    CubeImage image;
    level = std::clamp(level, 0, cube.mipLevels() - 1);
    image.size = std::max(1, cube.width() >> level);
    if (!mFramebuffer) mFramebuffer = Framebuffer("environment bake");
    size_t count = size_t(image.size) * size_t(image.size) * 4;
    bool isFloat = cube.desc().format == TextureFormat::RGBA16F || cube.desc().format == TextureFormat::RGBA32F;
    std::vector<uint8_t> bytes;
    for (int face = 0; face < 6; ++face) {
        mFramebuffer.attachColor(0, cube, level, face);
        mFramebuffer.setDrawBuffers(1);
        mFramebuffer.check();
        glReadBuffer(GL_COLOR_ATTACHMENT0);
        glPixelStorei(GL_PACK_ALIGNMENT, 4);
        std::vector<float>& out = image.faces[size_t(face)];
        out.resize(count);
        if (isFloat) {
            glReadPixels(0, 0, image.size, image.size, GL_RGBA, GL_FLOAT, out.data());
        } else {
            bytes.resize(count);
            glReadPixels(0, 0, image.size, image.size, GL_RGBA, GL_UNSIGNED_BYTE, bytes.data());
            for (size_t i = 0; i < count; ++i) out[i] = float(bytes[i]) / 255.0f;
        }
    }
    return image;
}

void ImageBasedLighting::projectSh() {
    int level = std::max(0, log2Int(mEnvironment.width()) - log2Int(kShFaceSize));
    mSh = projectIrradianceSh(readCube(mEnvironment, level));
}

} // namespace th
