#include "render/Renderer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <functional>
#include <thread>

#include <glm/gtc/matrix_transform.hpp>

#include "core/Hash.h"
#include "core/Log.h"
#include "core/ShaderTime.h"
#include "core/SteadyClock.h"
#include "core/Str.h"
#include "gl/GlApi.h"
#include "gl/Readback.h"
#include "gl/StateCache.h"
#include "material/EngineInterface.h"
#include "render/OpaqueColorCopy.h"
#include "render/SkyModel.h"

namespace th {

namespace {

/// Adds the time of a scope to `total`: the CPU work of a frame (FrameStats::cpuOutsideDriverMs)
/// is summed from the scopes that make no GL call, so driver work (llvmpipe rasterises shadow
/// maps when their framebuffer is switched) never counts as gathering.
struct CpuScope {
    double& total;
    SteadyClock::time_point start = SteadyClock::now();
    ~CpuScope() { total += msSince(start); }
};

size_t alignUp(size_t v, size_t a) { return (v + a - 1) / a * a; }

/// The most samples a renderbuffer of `format` takes: GL_MAX_SAMPLES, and on ES the
/// format's own list (float formats may offer fewer, or none, under EXT_color_buffer_float).
int maxSamplesFor(const Context& context, GLenum internalFormat) {
    int max = context.limits().maxSamples;
    if (context.api() == GlApi::Gles30) {
        GLint count = 0;
        glGetInternalformativ(GL_RENDERBUFFER, internalFormat, GL_NUM_SAMPLE_COUNTS, 1, &count);
        GLint first = 0;
        if (count > 0) glGetInternalformativ(GL_RENDERBUFFER, internalFormat, GL_SAMPLES, 1, &first); // descending
        max = std::min(max, count > 0 ? int(first) : 0);
    }
    return max;
}

} // namespace

struct Renderer::EffectSlot {
    const Mesh* mesh = nullptr;
    const Material* material = nullptr;
    uint32_t part = 0;
    RenderPass pass = RenderPass::Main;
    std::shared_ptr<Effect> effect;
    uint64_t materialVersion = 0;
    uint64_t storeGeneration = 0;
    bool instanced = false;
    uint64_t lastFrame = 0;
    uint32_t variant = 0; ///< the frame format's bits in the request (tone mapping in shader, alpha to coverage)
};

std::vector<std::string> Renderer::engineDefineNames() { return th::engineDefineNames(); }

std::vector<std::pair<std::string, std::string>> Renderer::engineSamplers() {
    std::vector<std::pair<std::string, std::string>> out;
    for (const EngineSampler& s : engine_sampler::kAll) out.emplace_back(std::string(s.name), std::string(s.label));
    return out;
}

namespace {

/// The cluster settings with the pair budget lowered to what one cluster texture of the
/// context's largest size holds (three texels a pair at most, after the headers), with one
/// line saying so.
ClusterSettings clusterSettingsFor(ClusterSettings settings, int maxTextureSize) {
    long long clusters = (long long)std::clamp(settings.tilesX, 1, 256) * std::clamp(settings.tilesY, 1, 256) * std::clamp(settings.slices, 1, 256);
    long long fit = ((long long)std::max(maxTextureSize, 1) * LightClusters::kTextureWidth - clusters) / 3;
    if (fit < 1) throw Error(str("light clusters: ", clusters, " clusters do not fit a ", LightClusters::kTextureWidth, " x ", maxTextureSize,
                                 " texture (the context's largest); use a coarser grid"));
    if (settings.maxIndices > fit) {
        logInfo("light clusters: a budget of ", settings.maxIndices, " light-cluster pairs needs more than this context's largest texture (",
                LightClusters::kTextureWidth, " x ", maxTextureSize, ") holds; it is ", fit);
        settings.maxIndices = int(fit);
    }
    return settings;
}

} // namespace

Renderer::Renderer(Context& context, RendererOptions options) : mContext(context), mOptions(std::move(options)),
    mBackground("post/fullscreen.vert.glsl", "sky/background.frag.glsl") {
    context.makeCurrent();
    mStore = std::make_unique<ShaderStore>(mOptions.shaderDirectory);
    mBinaries = std::make_unique<ProgramBinaryCache>(mOptions.programCacheDirectory, context.info());
    mEffects = std::make_unique<EffectCache>(*mStore, context.info(), mBinaries.get());
    configureEffectCache(*mEffects);
    mEffects->setParallelCompile(mOptions.parallelCompile);
    mIbl = std::make_unique<ImageBasedLighting>(context.info());
    mLights = std::make_unique<LightData>(mOptions.maxLights);
    mClusters = std::make_unique<LightClusters>(clusterSettingsFor(mOptions.clusters, context.info().limits.maxTextureSize));
    mExecutor = std::make_unique<DrawExecutor>(context);
    mShadows = std::make_unique<ShadowPass>(mOptions.shadows);
    mEmptyVao = VertexArray("empty");
    mMaxByteSamples = maxSamplesFor(context, GL_RGBA8);
    mMaxFloatSamples = floatTarget() ? maxSamplesFor(context, GL_RGBA16F) : 0;
    mBackground.setSamplerUnits({{std::string(engine_sampler::kEnvironmentCube.name), engine_sampler::kFirstScreenEffectUnit}});
    mPointClamp = Sampler({.minFilter = Filter::Nearest, .magFilter = Filter::Nearest, .mip = SamplerDesc::Mip::None,
                           .wrapS = Wrap::ClampToEdge, .wrapT = Wrap::ClampToEdge}, 0, "point clamp");

    size_t align = std::max<size_t>(16, size_t(context.info().limits.uniformBufferOffsetAlignment));
    mSceneStride = alignUp(sizeof(SceneUniforms), align);
    mSceneBuffer = Buffer(GL_UNIFORM_BUFFER, mSceneStride * 16, nullptr, BufferUsage::Stream, "scene blocks");
}

Renderer::~Renderer() { mContext.makeCurrent(); }

bool Renderer::floatTarget() const { return mContext.info().floatRenderTargets; }

namespace {

/// Whether a material of the scene meets `wanted`. Every node counts, shown or hidden, so that
/// hiding one does not switch every program's variant (or rebuild what a frame texture needs).
template <class Predicate>
bool anySceneMaterial(const Scene& scene, Predicate wanted) {
    std::vector<const Node*> stack{&scene.root()};
    while (!stack.empty()) {
        const Node* node = stack.back();
        stack.pop_back();
        if (node->mesh)
            for (const MeshPart& part : node->mesh->parts())
                if (part.material && wanted(*part.material)) return true;
        for (const auto& child : node->children()) stack.push_back(child.get());
    }
    return false;
}

/// Whether a frame of `scene` needs the float frame and its separate tone-mapping pass: bloom
/// reads the HDR colour; blended materials must blend, MSAA samples resolve and a frame drawn
/// below the output's resolution be scaled up in linear light, before the tone curve (after
/// it, an edge's coverage reads darker and scaled edges shift). Otherwise the materials tone-map as they shade, and no
/// float target is written and read again (on llvmpipe that pass alone is about a fifth of a simple scene's frame).
/// Every node counts (anySceneMaterial).
bool wantsFloatFrame(const Scene& scene, const RendererOptions& options) {
    // A debug view shows its values through the path it was made on (the post pass, no curve).
    if (options.msaaSamples > 1 || options.resolutionScale != 1.0f || options.debugView != DebugView::None) return true;
    if (scene.post.bloom.enabled && scene.post.bloom.strength > 0.0f) return true;
    // A transmissive surface reads the scene behind it in linear HDR.
    return anySceneMaterial(scene, [](const Material& m) {
        return m.alphaMode() == AlphaMode::Blend || m.readsFrameTexture(frame_texture::kOpaqueColor.name);
    });
}

} // namespace

FrameFormat Renderer::frameFormat() const {
    FrameFormat f;
    f.floatColor = floatTarget() && mFloatWanted;
    int requested = mOptions.msaaSamples;
    if (requested <= 1) return f;
    if (f.floatColor && mMaxFloatSamples < 2 && mMaxByteSamples >= 2) f.floatColor = false; // 8-bit MSAA instead
    int max = f.floatColor ? mMaxFloatSamples : mMaxByteSamples;
    f.samples = std::min(requested, max);
    if (f.samples < 2) f.samples = 0;
    return f;
}

void Renderer::reportFrameFormat(const FrameFormat& f) {
    int requested = mOptions.msaaSamples;
    if (requested == mReportedSamplesRequest) return;
    mReportedSamplesRequest = requested;
    if (requested <= 1) return;
    if (f.samples == 0)
        logWarning("MSAA: ", requested, " samples asked for, but this context offers no multisampled colour target; "
                   "the frame is single-sampled");
    else if (f.samples < requested)
        logWarning("MSAA: ", requested, " samples asked for, this context offers at most ", f.samples, " (GL_MAX_SAMPLES",
                floatTarget() ? " for RGBA16F" : "", "): using ", f.samples);
    if (f.samples > 0 && floatTarget() && mFloatWanted && !f.floatColor)
        logWarning("MSAA: this context cannot multisample float targets; the frame is 8-bit sRGB with ", f.samples,
                   " samples, tone-mapped in the shaders (no bloom)");
    if (f.samples > 0 && !mContext.info().sampleVariables)
        logInfo("MSAA: this context lets no fragment write gl_SampleMask (",
                mContext.api() == GlApi::Gl33Core ? "GL_ARB_sample_shading" : "GL_OES_sample_variables",
                "); cross-fades (the dither plugin's LODs) split pixels, not samples");
}

bool Renderer::softShadowsOn() const {
    return mOptions.shadows.enabled && mOptions.shadows.filter == ShadowFilter::Poisson;
}

FrameInfo Renderer::frameInfo() const { return {mSeconds, wrappedShaderTime(mSeconds), mFrame}; }

const Texture& Renderer::shadowCascadeMap() const { return mShadows->cascadeMap(); }
const CascadeSet& Renderer::cascades() const { return mShadows->cascades(); }

void Renderer::configureEffectCache(EffectCache& cache) {
    cache.setEngineSamplers(engineSamplers());
    cache.setBuiltinDefines(engineDefineNames());
}

EffectRequest Renderer::effectRequest(const Material& material, const DrawInfo& draw) const {
    FrameFormat f = frameFormat();
    FrameDefines frame;
    frame.toneMapInShader = !f.floatColor;
    frame.toneMapMode = mToneMapMode;
    frame.alphaToCoverage = f.samples > 0 && material.alphaMode() == AlphaMode::Mask;
    frame.sampleMask = mContext.info().sampleVariables ? f.samples : 0;
    frame.screenAo = mAoThisFrame && material.alphaMode() != AlphaMode::Blend;
    frame.debugView = debugViewCode(mOptions.debugView);
    frame.softShadows = softShadowsOn();
    frame.lighting = mLighting;
    return makeEffectRequest(material, draw, frame);
}

namespace {

/// What lights the frame, from the scene block setupScene filled and the scene's lights
/// (any enabled one counts, in view or not, so that turning the camera selects no new program).
FrameLighting frameLighting(const Scene& scene, const SceneUniforms& s, bool specialize, bool shadows, int cascades) {
    FrameLighting l;
    if (!specialize) return l;
    l.sun = s.sunDirection.w > 0.5f;
    l.sunShadow = l.sun && shadows && cascades > 0;
    l.hemisphere = s.hemiSkyColor.w > 0.5f;
    l.imageBased = s.iblParams.z > 0.5f;
    l.fog = s.fogParams.w > 0.5f;
    auto any = [&](auto wanted) {
        return std::any_of(scene.lights.begin(), scene.lights.end(), [&](const Light& light) { return light.enabled && wanted(light); });
    };
    auto local = [](const Light& light) { return light.type == LightType::Point || light.type == LightType::Spot; };
    l.directional = any([](const Light& light) { return light.type == LightType::Directional; });
    l.local = any(local);
    // Whether a shadow map is granted is known only after the shadow pass; a light that asks
    // for one keeps the shadowed loop (one that then gets none costs only its time).
    l.localShadows = shadows && any([&](const Light& light) { return local(light) && light.castShadows; });
    // With every light on every bit, the cluster's union test alone decides (a mesh with no
    // bit set is then skipped whole) and no light fetches its mask.
    l.lightMasks = any([](const Light& light) { return light.type != LightType::Hemispheric && light.mask != 0xFFFFFFFFu; });
    return l;
}

} // namespace

std::shared_ptr<Effect> Renderer::effectFor(Mesh& mesh, size_t part, Material& material, RenderPass pass) {
    uint64_t key = hashCombine(hashCombine(reinterpret_cast<uintptr_t>(&mesh), part), uint64_t(pass));
    auto& slot = mSlots[key];
    if (!slot) slot = std::make_unique<EffectSlot>();
    EffectSlot& s = *slot;
    s.lastFrame = mFrame;
    uint64_t version = material.version();
    FrameFormat format = frameFormat();
    uint32_t variant = (format.floatColor ? 0u : 1u) | (format.samples > 0 ? 2u : 0u) | (mAoThisFrame ? 4u : 0u) |
                       (softShadowsOn() ? 8u : 0u) | uint32_t(debugViewCode(mOptions.debugView)) << 4 | mLighting.bits() << 9 |
                       (format.floatColor ? 0u : uint32_t(mToneMapMode) << 18);
    if (s.effect && s.mesh == &mesh && s.part == part && s.pass == pass && s.material == &material &&
        s.materialVersion == version && s.storeGeneration == mStore->generation() && s.instanced == mesh.instanced() &&
        s.variant == variant)
        return s.effect;
    s = EffectSlot{&mesh, &material, uint32_t(part), pass, mEffects->get(effectRequest(material, mesh.drawInfo(pass, part))),
                   version, mStore->generation(), mesh.instanced(), mFrame, variant};
    return s.effect;
}

void Renderer::collect(Node& node, const Frustum* frustum, RenderPass pass, const glm::vec3& eye, const glm::vec3& viewDir,
                       PassDraws& out, bool shadowCasters) {
    if (!node.visible) return;
    for (auto& child : node.children()) collect(*child, frustum, pass, eye, viewDir, out, shadowCasters);
    Mesh* mesh = node.mesh.get();
    if (!mesh || !mesh->visible || (shadowCasters && !mesh->castShadows)) return;
    if (mesh->instanced() && mesh->instances()->count() == 0) return;
    if (frustum && !frustum->intersects(node.worldBounds())) {
        if (pass == RenderPass::Main) mStats.culled += uint32_t(mesh->parts().size());
        return;
    }
    float depth = glm::dot(node.worldBounds().center() - eye, viewDir);
    for (size_t i = 0; i < mesh->parts().size(); ++i) {
        MeshPart& part = mesh->parts()[i];
        Material* material = part.material.get();
        if (!material || part.indexCount == 0) continue;
        if (shadowCasters && !isTriangles(part.topology) && !mesh->pointsAndLinesCastShadows) continue;
        // Global plugin factories reach every material drawn, not only the imported ones.
        if (!material->registeredWith(mMaterials)) mMaterials.add(part.material);
        if (pass != RenderPass::Main && material->alphaMode() == AlphaMode::Blend) continue; // no blended casters
        bool ready = material->isReady();
        for (auto& p : material->plugins()) ready = ready && (!p->enabled() || p->isReady());
        if (!ready) {
            ++mStats.skippedNotReady;
            continue;
        }
        std::shared_ptr<Effect> effect = effectFor(*mesh, i, *material, pass);
        if (effect->failed()) {
            // The error material marks the spot loudly; only in the main pass.
            if (pass != RenderPass::Main) continue;
            effect = effectFor(*mesh, i, mErrorMaterial, pass);
            material = &mErrorMaterial;
            ++mStats.errorDraws;
            if (!effect->ready()) continue;
        } else if (!effect->ready()) {
            ++mStats.skippedNotReady;
            continue;
        }
        DrawItem item;
        RenderState state = material->renderState(pass);
        item.mesh = mesh;
        item.part = uint32_t(i);
        item.material = material;
        item.effect = effect.get();
        item.vao = &mesh->vertexArray(material->instanceAttributeLocations());
        item.world = node.world();
        item.depth = depth;
        item.instances = mesh->instanced() ? uint32_t(mesh->instances()->count()) : 0;
        item.instanceData = mesh->instanced() ? mesh->instances().get() : nullptr;
        item.pass = pass;
        // glTF: a transform that mirrors (negative determinant) turns the triangles' winding,
        // whether the node's world transform mirrors or every instance's matrix does.
        bool mirrored = glm::determinant(glm::mat3(item.world)) < 0.0f;
        if (mesh->instanced()) {
            mirrored = mirrored != mesh->instances()->allMirrored();
            if (mesh->instances()->mixedHandedness() && mMixedHandednessWarned.insert(mesh->name()).second)
                logWarning("mesh '", mesh->name(), "': ", mesh->instances()->mirroredCount(), " of ", mesh->instances()->count(),
                           " instances mirror and the rest do not; one draw has one winding, so the mirrored ones show "
                           "their back faces: split the instance buffer by handedness");
        }
        if (mirrored) state.frontFaceCounterClockwise = !state.frontFaceCounterClockwise;
        item.receiveShadows = mesh->receiveShadows;
        if (pass == RenderPass::Main && material->alphaMode() == AlphaMode::Mask && frameFormat().samples > 0)
            state.alphaToCoverage = true;
        if (pass == RenderPass::Shadow) {
            state.polygonOffsetFactor = mOptions.shadows.depthBiasFactor;
            state.polygonOffsetUnits = mOptions.shadows.depthBiasUnits;
        }
        bool blended = material->alphaMode() == AlphaMode::Blend && pass == RenderPass::Main;
        if (blended) {
            item.key = SortKey::blended(unsigned(pass), depth);
        } else {
            // Stencil writers first, so materials testing the stencil see the finished mask.
            SortKey::Layer layer = pass == RenderPass::Main && material->writesStencil() ? SortKey::Layer::StencilWriters
                                   : material->alphaMode() == AlphaMode::Mask            ? SortKey::Layer::AlphaTested
                                                                                          : SortKey::Layer::Opaque;
            uint64_t materialHash = hash64(std::string_view(reinterpret_cast<const char*>(&material), sizeof material));
            item.key = SortKey::opaque(unsigned(pass), layer, effect->id(), materialHash, depth);
        }
        out.add(item, state);
    }
}

EngineTextures Renderer::engineTextures() const {
    namespace s = engine_sampler;
    const TextureBinding none = mExecutor->noShadows();
    EngineTextures t{};
    t[s::indexOf(s::kIblSpecular)] = {&mIbl->specularCube(), &mIbl->cubeSampler()};
    t[s::indexOf(s::kBrdfLut)] = {&mIbl->brdfLut(), &mIbl->lutSampler()};
    t[s::indexOf(s::kShadowCascades)] = mShadows->cascadeBinding(none);
    t[s::indexOf(s::kSpotShadows)] = mShadows->spotBinding(none);
    t[s::indexOf(s::kSpotShadowMatrices)] = mShadows->spotMatricesBinding(mPointClamp);
    t[s::indexOf(s::kLightData)] = {&mLights->texture(), &mPointClamp};
    t[s::indexOf(s::kEnvironmentCube)] = {&mIbl->environmentCube(), &mIbl->cubeSampler()};
    t[s::indexOf(s::kLightClusters)] = {&mClusterTexture, &mPointClamp};
    t[s::indexOf(s::kScreenAo)] = {mAoTexture, &mPointClamp};
    return t;
}

void Renderer::draw(std::span<DrawItem> items, const std::vector<RenderState>& states, uint32_t sceneBlock,
                    FramePass pass) {
    SceneBlockRange scene{&mSceneBuffer, sceneBlock * mSceneStride, sizeof(SceneUniforms)};
    mExecutor->timeDraws(mOptions.breakdown == Breakdown::PassesAndDraws ? std::optional<FramePass>(pass)
                                                                         : std::nullopt);
    mExecutor->draw(items, states, scene, engineTextures(), frameInfo(), pass == FramePass::Shadow, mStats);
}

void Renderer::endPass(FramePass pass) {
    if (mOptions.breakdown == Breakdown::Off) return;
    glFinish();
    auto now = SteadyClock::now();
    mStats.breakdown.passMs[size_t(pass)] += std::chrono::duration<double, std::milli>(now - mPassStart).count();
    mPassStart = now;
}

void Renderer::setupScene(const Scene& scene, const Camera& camera, int width, int height, double seconds) {
    mSceneBlocks.assign(1, SceneUniforms{});
    SceneUniforms& s = mSceneBlocks[0];
    s.view = camera.view();
    s.projection = camera.projection();
    s.viewProjection = s.projection * s.view;
    s.inverseViewProjection = glm::inverse(s.viewProjection);
    s.cameraPosition = glm::vec4(camera.position, wrappedShaderTime(seconds));
    s.viewportSize = glm::vec4(float(width), float(height), 1.0f / float(width), 1.0f / float(height));

    const SkySettings& sky = scene.sky;
    glm::vec3 sunDir = sunDirectionForHour(sky.hour, sky.latitude);
    float elevation = -sunDir.y;
    if (scene.sunLight && sky.enabled) {
        // The same atmosphere as the sky's environment, so the sun and the sky agree.
        glm::vec3 radiance = sunIlluminanceForSky(sky);
        bool on = glm::length(radiance) > 1e-4f;
        s.sunDirection = glm::vec4(sunDir, on ? 1.0f : 0.0f);
        s.sunColor = glm::vec4(radiance, 0.0f);
    }
    for (const Light& l : scene.lights) {
        if (!l.enabled || l.type != LightType::Hemispheric) continue;
        s.hemiSkyColor = glm::vec4(l.color * l.intensity, 1.0f);
        s.hemiGroundColor = glm::vec4(l.groundColor * l.intensity, 0.0f);
        break;
    }
    bool skyLights = scene.environment.source == EnvironmentSource::Sky;
    if (scene.sunLight && sky.enabled && elevation < 0.1f && !skyLights) {
        // Night fill: moon and sky glow keep the scene readable after sunset (the procedural
        // sky's environment carries the same glow, so it is not added twice).
        float night = glm::smoothstep(0.1f, -0.1f, elevation);
        s.hemiSkyColor = glm::vec4(glm::vec3(s.hemiSkyColor) + sky.nightFill * night, 1.0f);
        s.hemiGroundColor = glm::vec4(glm::vec3(s.hemiGroundColor) + sky.nightFill * 0.3f * night, 0.0f);
    }

    mIbl->update(*mStore, scene.environment, scene.sky, mEmptyVao);
    s.iblParams = glm::vec4(mIbl->intensity(), float(mIbl->specularMipCount()), mIbl->active() ? 1.0f : 0.0f, 0.0f);
    for (int i = 0; i < 9; ++i) s.shIrradiance[i] = glm::vec4(mIbl->irradianceSh()[size_t(i)], 0.0f);

    const FogSettings& fog = scene.fog;
    s.fogColor = glm::vec4(fog.color, fog.density);
    s.fogParams = glm::vec4(fog.heightFalloff, fog.baseHeight, fog.startDistance, fog.enabled ? 1.0f : 0.0f);
    s.exposureParams = glm::vec4(scene.post.exposureScale(), toneMappingMode(scene.post.toneMapping), 0.0f, 0.0f);
}

void Renderer::renderShadows(Scene& scene, const Camera& camera) {
    mShadows->plan(scene, camera, mSceneBounds, mOptions.shadows, mContext.limits().maxTextureSize,
                   mContext.limits().maxArrayTextureLayers, mSceneBlocks[0]);

    // Each shadow view gets its own copy of the scene block with the light's matrices, so the
    // material's own vertex code (and plugins in it) runs unchanged. The copy is taken first:
    // the pushes below may reallocate the blocks.
    const SceneUniforms mainBlock = mSceneBlocks[0];
    std::vector<uint32_t> blocks;
    for (const ShadowPass::View& view : mShadows->views()) {
        SceneUniforms b = mainBlock;
        b.view = view.view;
        b.projection = view.projection;
        b.viewProjection = view.projection * view.view;
        mSceneBlocks.push_back(b);
        blocks.push_back(uint32_t(mSceneBlocks.size() - 1));
    }
    uploadSceneBlocks();

    StateCache& state = mContext.state();
    for (size_t i = 0; i < mShadows->views().size(); ++i) {
        const ShadowPass::View& view = mShadows->views()[i];
        mShadows->begin(view, state);
        Frustum frustum = Frustum::fromMatrix(view.viewProjection);
        PassDraws casters;
        {
            CpuScope cpu{mStats.cpuOutsideDriverMs};
            collect(scene.root(), &frustum, RenderPass::Shadow, glm::vec3(0.0f), glm::vec3(0.0f), casters, true);
            casters.list.sort();
        }
        draw(casters.list.items(), casters.states, blocks[i], FramePass::Shadow);
    }
}

void Renderer::updateLightClusters(const Scene& scene, const Camera& camera, int width, int height) {
    // Point and spot lights in view space, most important first (a full cluster keeps those).
    const std::vector<int>& packed = mLights->packedIndices();
    const std::vector<int>& spotLayers = mShadows->spotShadowLayers();
    glm::mat4 view = camera.view();
    mClusterLights.clear();
    std::vector<std::pair<float, float>> rank;
    for (int slot = mLights->directionalCount(); slot < mLights->count(); ++slot) {
        const Light& l = scene.lights[size_t(packed[size_t(slot)])];
        ClusterLight c;
        c.position = glm::vec3(view * glm::vec4(l.position, 1.0f));
        c.direction = glm::normalize(glm::mat3(view) * glm::normalize(l.direction));
        c.range = l.range;
        c.spot = l.type == LightType::Spot;
        c.outerConeAngle = c.spot ? l.outerConeAngle : 3.14159265f;
        int source = packed[size_t(slot)];
        c.shadowed = size_t(source) < spotLayers.size() && spotLayers[size_t(source)] >= 0;
        c.index = uint32_t(slot);
        c.mask = l.mask;
        mClusterLights.push_back(c);
        rank.emplace_back(l.importance, l.intensity * glm::length(l.color));
    }
    std::vector<size_t> order(mClusterLights.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return rank[a] > rank[b]; });
    std::vector<ClusterLight> sorted;
    sorted.reserve(order.size());
    for (size_t i : order) sorted.push_back(mClusterLights[i]);
    mClusterLights.swap(sorted);

    size_t droppedBefore = mClusters->stats().droppedEntries;
    bool rebuilt = mClusters->build(mClusterLights, {camera.projection(), camera.nearPlane, camera.farPlane});
    const LightClusters::Stats& cs = mClusters->stats();
    if (rebuilt && cs.droppedEntries > 0 && droppedBefore == 0)
        logWarning("light clusters: ", cs.droppedEntries, " light-cluster pairs over the limits (", mClusters->settings().maxLightsPerCluster,
                   " per cluster, ", mClusters->settings().maxIndices, " in all) were left out, the least important lights first");
    // Each listed light's record: position and range, then colour and cone; a third texel
    // (shadow layer, type, mask) for a shadowed light, and for every light where the frame's
    // programs test light masks.
    int otherTexels = mLighting.lightMasks ? 3 : 2;
    if (rebuilt || mLights->recordsHash() != mClusterRecordsHash || otherTexels != mClusterOtherTexels) {
        mClusters->writeTexels({mLights->records(), LightData::kWordsPerLight, 3, otherTexels});
        mClusterRecordsHash = mLights->recordsHash();
        mClusterOtherTexels = otherTexels;
        int rows = mClusters->textureRows();
        if (!mClusterTexture || mClusterTexture.height() < rows) {
            int textureRows = 4;
            while (textureRows < rows) textureRows *= 2;
            textureRows = std::max(std::min(textureRows, mContext.info().limits.maxTextureSize), rows);
            mClusterTexture = Texture({.format = TextureFormat::RGBA32UI, .width = LightClusters::kTextureWidth, .height = textureRows,
                                       .label = "light clusters"});
        }
        mClusterTexture.uploadRegion(0, 0, 0, 0, LightClusters::kTextureWidth, rows, mClusters->texels().data());
    }
    mStats.clusterBuildMs = cs.buildMs;
    mStats.clusterEntries = uint32_t(cs.entries);
    const ClusterSettings& grid = mClusters->settings();
    SceneUniforms& s = mSceneBlocks[0];
    s.lightingParams.z = float(mLights->directionalCount());
    s.lightingParams.w = float(otherTexels);
    s.clusterGrid = glm::vec4(float(grid.tilesX), float(grid.tilesY), float(grid.slices), float(LightClusters::kTextureWidth));
    s.clusterParams = glm::vec4(float(grid.tilesX) / float(width), float(grid.tilesY) / float(height), mClusters->sliceScale(),
                                mClusters->sliceBias());
}

void Renderer::uploadSceneBlocks() {
    std::vector<uint8_t> bytes(mSceneBlocks.size() * mSceneStride);
    for (size_t i = 0; i < mSceneBlocks.size(); ++i) std::memcpy(bytes.data() + i * mSceneStride, &mSceneBlocks[i], sizeof(SceneUniforms));
    mSceneBuffer.replace(bytes.size(), bytes.data());
}

bool Renderer::ambientOcclusionOn(const Scene& scene) const {
    const AmbientOcclusionSettings& ao = scene.post.ambientOcclusion;
    return (ao.enabled && ao.strength > 0.0f) || mOptions.debugView == DebugView::AmbientOcclusion;
}

PassDraws Renderer::depthDraws(Scene& scene, const Frustum& frustum, const Camera& camera, const FrameFormat& frame) {
    auto prepassed = [](const RenderState& main) { return main.depthWrite && !main.stencil && !main.alphaToCoverage; };
    PassDraws depth;
    CpuScope cpu{mStats.cpuOutsideDriverMs};
    collect(scene.root(), &frustum, RenderPass::Depth, camera.position, camera.forward(), depth, false);
    depth.list.removeIf([&](const DrawItem& i) {
        RenderState main = i.material->renderState(RenderPass::Main);
        main.alphaToCoverage = frame.samples > 0 && i.material->alphaMode() == AlphaMode::Mask;
        // A part that reads the opaque colour must not hide, in depth, what it shows through.
        return !prepassed(main) || i.material->readsFrameTexture(frame_texture::kOpaqueColor.name);
    });
    depth.list.sort();
    applyInstanceFacing(depth, camera, frustum);
    return depth;
}

void Renderer::applyInstanceFacing(PassDraws& draws, const Camera& camera, const Frustum& frustum) {
    if (!mOptions.instanceFacing) return;
    InstanceFacingStats facing;
    mFacing.apply(draws, camera.position, frustum, !camera.orthographic, mFrame, facing);
    mStats.instancesCulled += facing.instancesCulled;
    mStats.trianglesFacingAway += facing.trianglesSkipped;
}

void Renderer::copyOpaqueColor(const Scene& scene, const RenderTarget& mainTarget, const RenderTarget& frameTarget, int width,
                               int height, const FrameFormat& frame) {
    if (mOpaqueCopyUnavailable) return; // said once; the readers get the placeholder
    // The copy reads a single-sampled texture: the samples so far are resolved into the
    // frame's own target first (the final resolve overwrites it with the finished frame).
    if (mMsaaTarget) mMsaaTarget->resolveInto(frameTarget);
    if (!frame.floatColor && !mOpaqueLdrSaid) {
        logWarning("transmission: this context renders no float frame", floatTarget() ? " with MSAA" : " (EXT_color_buffer_float)",
                   ", so the scene behind transmissive materials is read back from the tone-mapped 8-bit frame (decoded to "
                   "linear, its tone curve not undone): it shows through slightly flatter than around it");
        mOpaqueLdrSaid = true;
    }
    // The clear colour lands in the tone-mapped output untouched by exposure: stored here
    // divided by the exposure, exposure brings it back.
    float exposure = std::max(scene.post.exposureScale(), 1e-6f);
    glm::vec3 background = glm::pow(scene.post.clearColor, glm::vec3(2.2f)) / exposure;
    try {
        if (!mOpaqueCopy) mOpaqueCopy = std::make_unique<OpaqueColorCopy>();
        TextureFormat format = frame.floatColor ? TextureFormat::RGBA16F : TextureFormat::RGBA8;
        const Texture& copy = mOpaqueCopy->copy(*mStore, mContext.info(), frameTarget.color(), width, height, format, background,
                                                !frame.floatColor, mEmptyVao);
        mExecutor->setFrameTexture(frame_texture::kOpaqueColor, {&copy, &mOpaqueCopy->sampler()});
        ++mStats.opaqueColorCopies;
    } catch (const Error& e) {
        // Never a black surface: the readers get the neutral white placeholder.
        logWarning("transmission: the opaque scene's colour cannot be copied on this context (", e.what(),
                   "); transmissive materials show white instead of the scene behind them");
        mOpaqueCopyUnavailable = true;
        mOpaqueCopy.reset();
    }
    mainTarget.bind();
}

void Renderer::computeAmbientOcclusion(const Scene& scene, const Texture& depth, int width, int height) {
    try {
        if (!mAo) mAo = std::make_unique<AmbientOcclusion>();
        mAoTexture = &mAo->apply(*mStore, mContext.info(), depth, width, height, mCamera.projection(),
                                 scene.post.ambientOcclusion, mEmptyVao);
    } catch (const Error& e) {
        // Never a black frame: the effects read the white placeholder (no occlusion).
        logWarning("ambient occlusion cannot run on this context (", e.what(), "): the frame is drawn without it");
        mAoUnavailable = true;
        mAoTexture = nullptr;
    }
}

void Renderer::prepare(Scene& scene, Camera camera, const RenderTarget& output) {
    mContext.makeCurrent();
    scene.update();
    mFloatWanted = wantsFloatFrame(scene, mOptions);
    mToneMapMode = int(toneMappingMode(scene.post.toneMapping));
    camera.aspect = float(output.width()) / float(std::max(output.height(), 1));
    mAoThisFrame = ambientOcclusionOn(scene);
    // The frame's light, as render() will find it, so the programs compiled here are its.
    setupScene(scene, camera, output.width(), std::max(output.height(), 1), 0.0);
    mLighting = frameLighting(scene, mSceneBlocks[0], mOptions.specializeLighting, mOptions.shadows.enabled,
                              mOptions.shadows.cascades);
    for (int round = 0; round < 2; ++round) { // the second round picks up error-material fallbacks
        std::vector<RenderPass> passes = {RenderPass::Main, RenderPass::Shadow};
        if (mOptions.depthPrepass || mAoThisFrame) passes.push_back(RenderPass::Depth);
        for (RenderPass pass : passes) {
            // Select every effect without culling, so nothing pops in later.
            std::function<void(Node&)> visit = [&](Node& node) {
                for (auto& c : node.children()) visit(*c);
                if (!node.mesh) return;
                for (size_t i = 0; i < node.mesh->parts().size(); ++i) {
                    auto& part = node.mesh->parts()[i];
                    if (part.material) effectFor(*node.mesh, i, *part.material, pass);
                }
            };
            visit(scene.root());
        }
        mEffects->finishAll();
    }
    PassDraws errorProbe;
    Frustum frustum = camera.frustum();
    collect(scene.root(), &frustum, RenderPass::Main, camera.position, camera.forward(), errorProbe, false);
    mEffects->finishAll();
}

void Renderer::render(Scene& scene, Camera camera, const RenderTarget& output, double seconds) {
    auto t0 = SteadyClock::now();
    mContext.makeCurrent();
    ++mFrame;
    mSeconds = seconds;
    mStats = FrameStats{};
    if (mOptions.breakdown != Breakdown::Off) {
        glFinish(); // what came before the frame is not its cost
        mPassStart = SteadyClock::now();
    }
    mEffects->poll();
    StateCache& state = mContext.state();
    mExecutor->clearFrameTextures(); // none is made yet this frame (and last frame's may be gone)

    {
        CpuScope cpu{mStats.cpuOutsideDriverMs};
        scene.update();
        mSceneBounds = scene.bounds();
        mFloatWanted = wantsFloatFrame(scene, mOptions);
    mToneMapMode = int(toneMappingMode(scene.post.toneMapping));
    }
    int width = std::max(1, int(std::lround(output.width() * mOptions.resolutionScale)));
    int height = std::max(1, int(std::lround(output.height() * mOptions.resolutionScale)));
    camera.aspect = float(width) / float(height);
    mCamera = camera;
    mAoThisFrame = ambientOcclusionOn(scene);
    setupScene(scene, camera, width, height, seconds);
    // The sheen's environment, where the scene holds a sheen under image-based light (made in
    // the frame, not in prepare(), so FrameStats counts it where it is paid for).
    if (mIbl->active() && anySceneMaterial(scene, [](const Material& m) {
            return m.readsFrameTexture(frame_texture::kSheenEnvironment.name);
        })) {
        bool built = false;
        const Texture& sheen = mIbl->sheenCube(*mStore, mEmptyVao, &built);
        mStats.sheenEnvironmentBuilds += built ? 1 : 0;
        mExecutor->setFrameTexture(frame_texture::kSheenEnvironment, {&sheen, &mIbl->cubeSampler()});
    }
    mLighting = frameLighting(scene, mSceneBlocks[0], mOptions.specializeLighting, mOptions.shadows.enabled,
                              mOptions.shadows.cascades);

    Frustum frustum = camera.frustum();
    // Lights are packed before shadows so spot lights know their shadow layers.
    mShadows->resetSpotLayers(scene.lights.size());
    endPass(FramePass::Setup);
    renderShadows(scene, camera);
    endPass(FramePass::Shadow);
    mSceneBlocks[0].lightingParams.x = float(mLights->update(scene.lights, mShadows->spotShadowLayers()));
    updateLightClusters(scene, camera, width, height);
    uploadSceneBlocks();

    FrameFormat frame = frameFormat();
    reportFrameFormat(frame);
    mLastFormat = frame;
    bool hdr = frame.floatColor;
    TextureFormat format = hdr ? TextureFormat::RGBA16F : TextureFormat::RGBA8;
    const bool debugView = mOptions.debugView != DebugView::None;
    const bool fxaa = mOptions.fxaa && !scene.post.keepAlpha && !debugView;
    // An 8-bit single-sampled frame at the output's size that nothing reads after it is drawn
    // is drawn into the output itself: no frame of our own, no copy at the end (on llvmpipe
    // that copy is about 3 ms of a 1280x720 frame).
    const bool direct = !hdr && frame.samples == 0 && !fxaa && width == output.width() && height == output.height() &&
                        output.hasDepthTexture() && output.colorFormat() == TextureFormat::RGBA8;
    mStats.drawnIntoOutput = direct;
    if (direct) mHdrTarget.reset();
    else if (!mHdrTarget || mHdrTarget->width() != width || mHdrTarget->height() != height || mHdrTarget->colorFormat() != format)
        mHdrTarget = std::make_unique<RenderTarget>(width, height, format, "frame");
    // The single-sampled frame: where the main pass draws, or where its samples resolve.
    const RenderTarget& frameTarget = direct ? output : *mHdrTarget;
    if (frame.samples == 0) mMsaaTarget.reset();
    else if (!mMsaaTarget || mMsaaTarget->width() != width || mMsaaTarget->height() != height ||
             mMsaaTarget->colorFormat() != format || mMsaaTarget->samples() != frame.samples)
        mMsaaTarget = std::make_unique<RenderTarget>(RenderTarget::multisampled(width, height, format, frame.samples, "frame samples"));
    // Every pass of the main view (depth pre-pass, opaque, background, blended) draws into the
    // multisampled target when there is one, so the pre-pass's depth is the one the main pass
    // tests against, sample for sample; shadow maps stay single-sampled.
    const RenderTarget& mainTarget = mMsaaTarget ? *mMsaaTarget : frameTarget;
    PassDraws mainDraws;
    {
        CpuScope cpu{mStats.cpuOutsideDriverMs};
        collect(scene.root(), &frustum, RenderPass::Main, camera.position, camera.forward(), mainDraws, false);
        mainDraws.list.sort();
        applyInstanceFacing(mainDraws, camera, frustum);
    }
    // No stencil material in the frame: no stencil state at all, not even its clear.
    bool stencilUsed = std::any_of(mainDraws.states.begin(), mainDraws.states.end(), [](auto& s) { return s.stencil.has_value(); });

    // Ambient occlusion reads a single-sampled depth texture. Without MSAA the pre-pass into the
    // frame's own target is that depth (and the main pass then shades each pixel once); with
    // MSAA the samples' depth is in a renderbuffer, so AO gets a pre-pass of its own into the
    // resolve target's depth texture, alpha-tested materials included with their hard test.
    mAoTexture = nullptr;
    // Once AO has failed on this context the effects keep their SCREEN_AO variant (nothing to
    // rebuild, no frame skipped) and read the white placeholder: no occlusion.
    bool aoRuns = mAoThisFrame && !mAoUnavailable;
    bool aoOwnDepth = aoRuns && mMsaaTarget;
    bool prepass = mOptions.depthPrepass || (aoRuns && !mMsaaTarget);
    if (aoOwnDepth) {
        endPass(FramePass::Setup);
        frameTarget.bind();
        state.clearDepth(1.0f);
        state.clear(false, true, false);
        PassDraws depth = depthDraws(scene, frustum, camera, FrameFormat{hdr, 0});
        draw(depth.list.items(), depth.states, 0, FramePass::DepthPrepass);
        endPass(FramePass::DepthPrepass);
        computeAmbientOcclusion(scene, frameTarget.depth(), width, height);
        endPass(FramePass::AmbientOcclusion);
    }

    mainTarget.bind();
    glm::vec3 clear = mOptions.debugView != DebugView::None ? glm::vec3(0.0f) : scene.post.clearColor;
    // The HDR frame clears to transparent: the tone-mapping pass puts the flat background
    // colour exactly where nothing covered the pixel.
    state.clearColor(hdr ? glm::vec4(0.0f) : glm::vec4(clear, scene.post.keepAlpha ? 0.0f : 1.0f));
    state.clearDepth(1.0f);
    if (stencilUsed) state.clearStencil(0);
    state.clear(true, true, stencilUsed);
    endPass(FramePass::Setup);

    if (prepass) {
        // Depth first with each material's own depth-pass effect (plugin displacement and
        // discards included), then shade only the visible surface: every covered pixel is
        // shaded once, at the cost of drawing the opaque geometry twice. A material that
        // writes no depth in the main pass (a stencil portal's opening) or draws only where
        // the stencil lets it stays out: its depth would hide what the stencil reveals.
        // An alpha-to-coverage material stays out too: the pre-pass's hard alpha test would
        // write depth on samples its coverage leaves empty, and they would keep the clear.
        auto prepassed = [](const RenderState& main) { return main.depthWrite && !main.stencil && !main.alphaToCoverage; };
        PassDraws depth = depthDraws(scene, frustum, camera, frame);
        draw(depth.list.items(), depth.states, 0, FramePass::DepthPrepass);
        endPass(FramePass::DepthPrepass);
        for (const DrawItem& item : mainDraws.list.opaque()) {
            RenderState& s = mainDraws.stateOf(item);
            if (!prepassed(s)) continue; // the main-pass state it was collected with
            if (item.material->readsFrameTexture(frame_texture::kOpaqueColor.name)) continue; // not in the pre-pass
            s.depthCompare = CompareFunc::LessEqual;
            s.depthWrite = false;
        }
        if (aoRuns && !aoOwnDepth) {
            computeAmbientOcclusion(scene, frameTarget.depth(), width, height);
            mainTarget.bind();
            endPass(FramePass::AmbientOcclusion);
        }
    }
    if (mOptions.debugView == DebugView::Overdraw)
        for (RenderState& s : mainDraws.states) {
            // Every rasterised fragment counts, hidden ones too: the blend adds each layer.
            s.depthTest = false;
            s.depthWrite = false;
            s.blend = BlendMode::Additive;
        }
    // Parts whose materials read the opaque scene's colour (transmission) go after it is made:
    // they see everything opaque behind them, and not themselves.
    auto readsOpaque = [](const DrawItem& i) { return i.material->readsFrameTexture(frame_texture::kOpaqueColor.name); };
    std::span<DrawItem> opaqueItems = mainDraws.list.opaque();
    auto firstReader = std::stable_partition(opaqueItems.begin(), opaqueItems.end(), [&](const DrawItem& i) { return !readsOpaque(i); });
    std::span<DrawItem> opaqueFirst(opaqueItems.begin(), firstReader), opaqueReaders(firstReader, opaqueItems.end());
    bool opaqueColorRead = !opaqueReaders.empty() || std::any_of(mainDraws.list.blended().begin(), mainDraws.list.blended().end(), readsOpaque);
    draw(opaqueFirst, mainDraws.states, 0, FramePass::Opaque);
    endPass(FramePass::Opaque);
    if (scene.environment.showAsBackground && mIbl->active() && !debugView) {
        ShaderDefines defines;
        if (!hdr) {
            setDefine(defines, engine_define::kToneMapInShader, "");
            setDefine(defines, engine_define::kToneMapMode, std::to_string(mToneMapMode));
        }
        mBackground.setDefines(defines);
        const Program& program = mBackground.program(*mStore, mContext.info());
        state.apply(RenderState{.depthTest = true, .depthWrite = false, .depthCompare = CompareFunc::LessEqual, .cull = CullMode::None});
        program.use();
        state.bindUniformBuffer(uniform_block::kScene.binding, mSceneBuffer.id(), 0, sizeof(SceneUniforms));
        mIbl->environmentCube().bind(unsigned(engine_sampler::kFirstScreenEffectUnit));
        mIbl->cubeSampler().bind(unsigned(engine_sampler::kFirstScreenEffectUnit));
        glUniform4f(program.uniformLocation("backgroundParams"), mIbl->intensity(),
                    scene.environment.source == EnvironmentSource::Sky ? 1.0f : 0.0f, 0, 0);
        drawFullscreenTriangle(mEmptyVao);
        endPass(FramePass::Background);
    }
    if (opaqueColorRead) {
        copyOpaqueColor(scene, mainTarget, frameTarget, width, height, frame);
        endPass(FramePass::OpaqueCopy);
        draw(opaqueReaders, mainDraws.states, 0, FramePass::FrameReaders);
        endPass(FramePass::FrameReaders);
    } else {
        mOpaqueCopy.reset(); // no reader in this frame: no copy and no texture
        mExecutor->setFrameTexture(frame_texture::kOpaqueColor, {});
    }
    draw(mainDraws.list.blended(), mainDraws.states, 0, FramePass::Blended);
    if (mMsaaTarget) mMsaaTarget->resolveInto(frameTarget);
    endPass(FramePass::Blended);

    // A debug view shows its values as they are: no exposure, curve, bloom, FXAA or background.
    PostSettings post = scene.post;
    if (debugView) {
        post.toneMapping = ToneMapping::None;
        post.exposure = 1.0f;
        post.ev100.reset();
        post.bloom.enabled = false;
        post.clearColor = glm::vec3(0.0f);
    }
    const BloomSettings& bloom = post.bloom;
    bool bloomOn = bloom.enabled && bloom.strength > 0.0f;
    if (bloomOn && !hdr && !mBloomFallbackSaid) {
        logWarning("bloom needs a float frame, which this context does not offer", floatTarget() ? " with MSAA" : " (EXT_color_buffer_float)",
                   ": the frame is drawn without bloom");
        mBloomFallbackSaid = true;
    }
    if (hdr) {
        const Texture* bloomTexture = nullptr;
        if (bloomOn) {
            if (!mBloom) mBloom = std::make_unique<Bloom>();
            bloomTexture = &mBloom->apply(*mStore, mContext.info(), mHdrTarget->color(), width, height, bloom, mEmptyVao);
        }
        if (fxaa) {
            if (!mLdrTarget || mLdrTarget->width() != output.width() || mLdrTarget->height() != output.height())
                mLdrTarget = std::make_unique<RenderTarget>(output.width(), output.height(), TextureFormat::RGBA8, "tone-mapped frame", false);
            mPost.toneMap(*mStore, mContext.info(), mHdrTarget->color(), *mLdrTarget, post, mEmptyVao, bloomTexture);
            mPost.fxaa(*mStore, mContext.info(), mLdrTarget->color(), output, mEmptyVao);
        } else {
            mPost.toneMap(*mStore, mContext.info(), mHdrTarget->color(), output, post, mEmptyVao, bloomTexture);
        }
    } else if (fxaa) {
        // The 8-bit frame is tone-mapped already: FXAA reads it directly.
        mPost.fxaa(*mStore, mContext.info(), mHdrTarget->color(), output, mEmptyVao);
    } else if (!direct) {
        state.bindFramebuffer(GL_READ_FRAMEBUFFER, mHdrTarget->framebufferId());
        state.bindFramebuffer(GL_DRAW_FRAMEBUFFER, output.framebufferId());
        glBlitFramebuffer(0, 0, width, height, 0, 0, output.width(), output.height(), GL_COLOR_BUFFER_BIT, GL_LINEAR);
    }
    if (!fxaa) mLdrTarget.reset();
    endPass(FramePass::Post);

    if (mFrame % 120 == 0) { // forget effect slots and facing bins of meshes not drawn for a while
        for (auto it = mSlots.begin(); it != mSlots.end();)
            it = mFrame - it->second->lastFrame > 240 ? mSlots.erase(it) : std::next(it);
        mFacing.prune(mFrame);
    }
    mStats.effectsPending = uint32_t(mEffects->pending());
    mStats.programsBuilt = mEffects->stats().built;
    mStats.cpuMs = msSince(t0);
    mStats.cpuOutsideDriverMs += mStats.clusterBuildMs;
}

} // namespace th

namespace th {

bool Renderer::sceneReady(const Scene& scene, std::string* waitingFor) {
    std::function<bool(const Node&)> visit = [&](const Node& node) {
        if (node.mesh) {
            for (auto& part : node.mesh->parts()) {
                if (!part.material) continue;
                if (!part.material->isReady()) {
                    if (waitingFor) *waitingFor = str("material '", part.material->name(), "'");
                    return false;
                }
                for (auto& p : part.material->plugins())
                    if (p->enabled() && !p->isReady()) {
                        if (waitingFor) *waitingFor = str("plugin '", p->name(), "' of material '", part.material->name(), "'");
                        return false;
                    }
            }
        }
        for (auto& c : node.children())
            if (!visit(*c)) return false;
        return true;
    };
    return visit(scene.root());
}

BakeResult Renderer::bake(Scene& scene, const Camera& camera, int width, int height, const std::string& label,
                          double timeoutSeconds) {
    mContext.makeCurrent();
    auto start = SteadyClock::now();
    std::string waitingFor;
    while (!sceneReady(scene, &waitingFor)) {
        if (msSince(start) > timeoutSeconds * 1000.0)
            throw Error(str("bake '", label, "': timed out after ", timeoutSeconds, " s waiting for ", waitingFor));
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    RenderTarget target(width, height, TextureFormat::RGBA8, str("bake ", label), true, 0);
    // The bake's own pass and camera: compile exactly what it will draw, then draw once.
    PostSettings savedPost = scene.post;
    bool savedBackground = scene.environment.showAsBackground;
    scene.post.keepAlpha = true;
    scene.post.clearColor = glm::vec3(0.0f);
    scene.post.ambientOcclusion.enabled = false; // a bake draws no pre-pass; its impostor is shaded where it stands
    scene.environment.showAsBackground = false;
    // Bakes stay single-sampled: their coverage feeds CoverageMips, which expects the alpha
    // test's hard edge.
    int savedSamples = mOptions.msaaSamples, savedReported = mReportedSamplesRequest;
    mOptions.msaaSamples = 1;
    prepare(scene, camera, target);
    render(scene, camera, target, mSeconds);
    mOptions.msaaSamples = savedSamples;
    mReportedSamplesRequest = savedReported;
    scene.post = savedPost;
    scene.environment.showAsBackground = savedBackground;

    BakeResult result;
    result.image = readPixels(target.framebufferId(), 0, 0, width, height);
    for (size_t i = 3; i < result.image.pixels.size(); i += 4)
        if (result.image.pixels[i] > 0) ++result.coveredPixels;
    if (result.coveredPixels == 0)
        throw Error(str("bake '", label, "' covered no pixels (", width, "x", height, "): check its camera and that its "
                        "meshes are visible; ", mStats.skippedNotReady, " draws were skipped as not ready, ",
                        mStats.errorDraws, " used the error material"));
    Texture texture = target.takeColor();
    texture.generateMipmaps();
    result.texture = std::make_shared<Texture>(std::move(texture));
    return result;
}

} // namespace th
