#include "render/Renderer.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>

#include "core/Hash.h"
#include "core/Log.h"
#include "core/ShaderTime.h"
#include "core/SteadyClock.h"
#include "gl/GlApi.h"
#include "gl/StateCache.h"
#include "material/EngineInterface.h"
#include "render/FramePasses.h"
#include "render/MainSceneBlock.h"

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
    mClusters = std::make_unique<LightClusters>(LightClusters::fitTexture(mOptions.clusters, context.info().limits.maxTextureSize));
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
    mResources.reset(new FrameResources{mContext, *mStore, mEmptyVao, *mIbl, *mShadows, *mLights, *mClusters, *mExecutor, mPost,
                                        mBackground, mPointClamp, mSceneBlocks, mSceneBuffer});
}

Renderer::~Renderer() { mContext.makeCurrent(); }

bool Renderer::floatTarget() const { return mContext.info().floatRenderTargets; }

bool Renderer::wantsFloatFrame(const Scene& scene, const FrameSummary& summary) const {
    // The float frame and its separate tone-mapping pass: bloom reads the HDR colour; blended
    // materials must blend, MSAA samples resolve and a frame drawn below the output's
    // resolution be scaled up in linear light, before the tone curve (after it, an edge's
    // coverage reads darker and scaled edges shift); a transmissive surface reads the scene
    // behind it in linear HDR. Otherwise the materials tone-map as they shade, and no float
    // target is written and read again (on llvmpipe that pass alone is about a fifth of a
    // simple scene's frame). A debug view shows its values through the path it was made on.
    if (mOptions.msaaSamples > 1 || mOptions.resolutionScale != 1.0f || mOptions.debugView != DebugView::None) return true;
    if (scene.post.bloom.enabled && scene.post.bloom.strength > 0.0f) return true;
    return summary.blends || summary.readsOpaqueColor;
}

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
    t[s::indexOf(s::kLightClusters)] = {&mResources->clusterTexture, &mPointClamp};
    t[s::indexOf(s::kScreenAo)] = {mResources->aoTexture, &mPointClamp};
    return t;
}

void Renderer::drawItems(std::span<DrawItem> items, const std::vector<RenderState>& states, uint32_t sceneBlock,
                         FramePass pass) {
    SceneBlockRange scene{&mSceneBuffer, sceneBlock * mSceneStride, sizeof(SceneUniforms)};
    mExecutor->timeDraws(mOptions.breakdown == Breakdown::PassesAndDraws ? std::optional<FramePass>(pass)
                                                                         : std::nullopt);
    mExecutor->draw(items, states, scene, engineTextures(), frameInfo(), pass == FramePass::Shadow, mStats);
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

PassDraws Renderer::shadowCasters(PassContext& frame, const Frustum& frustum) {
    PassDraws casters;
    CpuScope cpu{mStats.cpuOutsideDriverMs};
    collect(frame.scene.root(), &frustum, RenderPass::Shadow, glm::vec3(0.0f), glm::vec3(0.0f), casters, true);
    casters.list.sort();
    return casters;
}

PassDraws Renderer::depthDraws(PassContext& frame, const FrameFormat& format) {
    PassDraws depth;
    CpuScope cpu{mStats.cpuOutsideDriverMs};
    collect(frame.scene.root(), &frame.frustum, RenderPass::Depth, frame.camera.position, frame.camera.forward(), depth, false);
    depth.list.removeIf([&](const DrawItem& i) {
        RenderState main = i.material->renderState(RenderPass::Main);
        main.alphaToCoverage = format.samples > 0 && i.material->alphaMode() == AlphaMode::Mask;
        // A part that reads the opaque colour must not hide, in depth, what it shows through.
        return !inDepthPrepass(main) || i.material->readsFrameTexture(frame_texture::kOpaqueColor.name);
    });
    depth.list.sort();
    applyInstanceFacing(depth, frame.camera, frame.frustum);
    return depth;
}

void Renderer::applyInstanceFacing(PassDraws& draws, const Camera& camera, const Frustum& frustum) {
    if (!mOptions.instanceFacing) return;
    InstanceFacingStats facing;
    mFacing.apply(draws, camera.position, frustum, !camera.orthographic, mFrame, facing);
    mStats.instancesCulled += facing.instancesCulled;
    mStats.trianglesFacingAway += facing.trianglesSkipped;
}

void Renderer::beginFrame(Scene& scene, const Camera& camera, int width, int height, double seconds) {
    mToneMapMode = int(toneMappingMode(scene.post.toneMapping));
    mAoThisFrame = ambientOcclusionOn(scene);
    mSceneBlocks.assign(1, mainSceneBlock(scene, camera, width, height, seconds, *mIbl, *mStore, mEmptyVao));
    mLighting = frameLighting(scene.lights, mSceneBlocks[0], mOptions.specializeLighting, mOptions.shadows.enabled,
                              mOptions.shadows.cascades);
}

FrameFacts Renderer::frameFacts(const Scene& scene, const FrameSummary& summary, const FrameFormat& format, bool direct,
                                bool opaqueColorRead) const {
    FrameFacts f;
    f.floatColor = format.floatColor;
    f.samples = format.samples;
    f.direct = direct;
    f.shadows = mOptions.shadows.enabled;
    f.depthPrepass = mOptions.depthPrepass;
    f.fxaa = mOptions.fxaa && !scene.post.keepAlpha; // a bake's alpha is coverage
    f.debugView = mOptions.debugView;
    f.ambientOcclusion = mAoThisFrame;
    f.post = scene.post;
    f.background = scene.environment.showAsBackground && mIbl->active();
    f.sheenEnvironment = mIbl->active() && summary.readsSheenEnvironment;
    f.opaqueColorRead = opaqueColorRead;
    f.capabilities = mCapabilities;
    return f;
}

void Renderer::prepare(Scene& scene, Camera camera, const RenderTarget& output) {
    mContext.makeCurrent();
    scene.update();
    mFloatWanted = wantsFloatFrame(scene, summarizeScene(scene));
    camera.aspect = float(output.width()) / float(std::max(output.height(), 1));
    // The frame's light, as render() will find it, so the programs compiled here are its.
    beginFrame(scene, camera, output.width(), std::max(output.height(), 1), 0.0);
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
    mFrameExecutor.startFrame(mOptions.breakdown);
    mEffects->poll();
    mExecutor->clearFrameTextures(); // none is made yet this frame (and last frame's may be gone)

    FrameSummary summary;
    {
        CpuScope cpu{mStats.cpuOutsideDriverMs};
        scene.update();
        mSceneBounds = scene.bounds();
        summary = summarizeScene(scene);
        mFloatWanted = wantsFloatFrame(scene, summary);
    }
    int width = std::max(1, int(std::lround(output.width() * mOptions.resolutionScale)));
    int height = std::max(1, int(std::lround(output.height() * mOptions.resolutionScale)));
    camera.aspect = float(width) / float(height);
    mCamera = camera;
    beginFrame(scene, camera, width, height, seconds);
    mShadows->resetSpotLayers(scene.lights.size()); // last frame's layers are not this frame's

    FrameFormat format = frameFormat();
    reportFrameFormat(format);
    mLastFormat = format;
    mCapabilities.floatColor = format.floatColor;
    mCapabilities.multisample = (format.floatColor ? mMaxFloatSamples : mMaxByteSamples) >= 2;
    const bool debugView = mOptions.debugView != DebugView::None;
    const bool fxaa = mOptions.fxaa && !scene.post.keepAlpha && !debugView;
    // An 8-bit single-sampled frame at the output's size that nothing reads after it is drawn
    // is drawn into the output itself: no frame of our own, no copy at the end (on llvmpipe
    // that copy is about 3 ms of a 1280x720 frame).
    const bool direct = !format.floatColor && format.samples == 0 && !fxaa && width == output.width() &&
                        height == output.height() && output.hasDepthTexture() && output.colorFormat() == TextureFormat::RGBA8;
    mStats.drawnIntoOutput = direct;
    mTargets.prepare(format, width, height, direct, format.floatColor && fxaa, output);

    Frustum frustum = camera.frustum();
    PassDraws mainDraws;
    {
        CpuScope cpu{mStats.cpuOutsideDriverMs};
        collect(scene.root(), &frustum, RenderPass::Main, camera.position, camera.forward(), mainDraws, false);
        mainDraws.list.sort();
        applyInstanceFacing(mainDraws, camera, frustum);
    }
    bool stencilUsed = std::any_of(mainDraws.states.begin(), mainDraws.states.end(), [](auto& s) { return s.stencil.has_value(); });
    if (mOptions.debugView == DebugView::Overdraw)
        for (RenderState& s : mainDraws.states) {
            // Every rasterised fragment counts, hidden ones too: the blend adds each layer.
            s.depthTest = false;
            s.depthWrite = false;
            s.blend = BlendMode::Additive;
        }
    // The opaque parts that read the opaque scene's colour are drawn after it is copied.
    auto readsOpaque = [](const DrawItem& i) { return i.material->readsFrameTexture(frame_texture::kOpaqueColor.name); };
    std::span<DrawItem> opaqueItems = mainDraws.list.opaque();
    auto firstReader = std::stable_partition(opaqueItems.begin(), opaqueItems.end(), [&](const DrawItem& i) { return !readsOpaque(i); });
    std::span<DrawItem> blended = mainDraws.list.blended();
    bool opaqueColorRead = firstReader != opaqueItems.end() || std::any_of(blended.begin(), blended.end(), readsOpaque);

    std::vector<PlanProblem> problems;
    FramePlan plan = runnablePlan(planFrame(frameFacts(scene, summary, format, direct, opaqueColorRead)), mCapabilities, problems);
    for (const PlanProblem& p : problems)
        if (mPlanSaid.insert(p.message).second) logWarning("frame plan: ", p.message);
    if (!plan.has(PassId::OpaqueCopy)) mResources->opaqueCopy.reset(); // no reader this frame: no copy kept
    mResources->aoTexture = nullptr;

    // A debug view shows its values as they are: no exposure, curve, bloom, FXAA or background.
    PostSettings post = scene.post;
    if (debugView) {
        post.toneMapping = ToneMapping::None;
        post.exposure = 1.0f;
        post.ev100.reset();
        post.bloom.enabled = false;
        post.clearColor = glm::vec3(0.0f);
    }
    PassContext frame{*this, *mResources, scene, camera, frustum, mSceneBounds, mOptions.shadows, width, height, output, format,
                      mToneMapMode, mLighting.lightMasks, mTargets.frame(output), mTargets.main(output), mTargets.toneMapped(),
                      mainDraws, std::span<DrawItem>(opaqueItems.begin(), firstReader),
                      std::span<DrawItem>(firstReader, opaqueItems.end()), stencilUsed, post, mOptions.debugView, mStats,
                      mCapabilities};
    mFrameExecutor.book(FramePass::Setup, mStats);
    mFrameExecutor.run(plan, frame);
    mLastPlan = std::move(plan);

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
