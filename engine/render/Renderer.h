#pragma once
// The forward renderer: its public API and the frame's assembly. For each frame: update
// transforms and the main view's Scene block, answer what the materials ask of the frame in
// one walk (FrameSummary), choose the frame's format and targets (FrameTargets), gather the
// main view's render list (RenderList, ordered by SortKey: opaque and alpha-tested parts by
// effect then front to back, blended parts back to front), then plan the frame's passes
// (FramePlan: shadows, lights, depth pre-pass, AO, opaque, background, opaque copy, blended,
// bloom, tone map, FXAA) and run them (FrameExecutor). Each pass is its own file
// (FramePasses.h); what turns it on is stated once, in planFrame().
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/Image.h"
#include "core/SteadyClock.h"
#include "gl/Buffer.h"
#include "gl/Context.h"
#include "gl/Sampler.h"
#include "gl/Texture.h"
#include "gl/VertexArray.h"
#include "material/DrawInfo.h"
#include "material/EffectCache.h"
#include "material/ErrorMaterial.h"
#include "material/MaterialRegistry.h"
#include "material/ProgramBinaryCache.h"
#include "render/AmbientOcclusion.h"
#include "render/Bloom.h"
#include "render/DebugView.h"
#include "render/DrawExecutor.h"
#include "render/FrameExecutor.h"
#include "render/FramePlan.h"
#include "render/FrameStats.h"
#include "render/FrameSummary.h"
#include "render/FrameTargets.h"
#include "render/ImageBasedLighting.h"
#include "render/PassContext.h"
#include "render/InstanceFacing.h"
#include "render/LightClusters.h"
#include "render/LightData.h"
#include "render/PostProcess.h"
#include "render/RenderList.h"
#include "render/RenderTarget.h"
#include "render/SceneUniforms.h"
#include "render/ScreenEffect.h"
#include "render/ShadowCascades.h"
#include "render/ShadowPass.h"
#include "scene/Camera.h"
#include "scene/Scene.h"
#include "shader/ShaderStore.h"

namespace th {

/// A one-shot render into a texture (an impostor, a thumbnail).
struct BakeResult {
    std::shared_ptr<Texture> texture; ///< RGBA8 with mipmaps; alpha is coverage
    uint64_t coveredPixels = 0;
    ImageRgba8 image;                 ///< the pixels read back (top row first)
};

struct RendererOptions {
    /// Load shaders from this folder instead of the embedded copies (hot reload).
    std::filesystem::path shaderDirectory;
    /// Program binaries on disk; empty turns the cache off.
    std::filesystem::path programCacheDirectory = ProgramBinaryCache::defaultDirectory();
    bool parallelCompile = true;
    int maxLights = 1024;
    /// The light cluster grid and its limits (render/LightClusters.h).
    ClusterSettings clusters;
    ShadowSettings shadows;
    bool depthPrepass = false;
    /// Instanced parts of the camera's passes drop the instances outside the view and, per
    /// facing bin, the triangles that face away (render/InstanceFacing.h): the same image
    /// with fewer triangles. False draws every instance with every triangle.
    bool instanceFacing = true;
    /// Main-pass programs leave out each kind of light the frame has none of (FrameLighting:
    /// sun, hemisphere, image-based, fog, punctual lights), which on a CPU rasteriser saves a
    /// third of a one-light frame. False keeps one program per material whatever lights the
    /// frame, for an application that switches its lights often and cannot afford a compile.
    bool specializeLighting = true;
    /// Internal resolution relative to the output (quality tiers lower it).
    float resolutionScale = 1.0f;
    /// Samples per pixel of the main pass (1: no MSAA). Clamped to what the context offers
    /// for the frame's format, with one line saying so; alpha-tested materials then use
    /// alpha to coverage. Depth pre-pass and shadows: see Renderer::render.
    int msaaSamples = 1;
    /// FXAA 3.11 after tone mapping (the low tier's anti-aliasing, and any target without
    /// MSAA). Bakes skip it: their alpha is coverage.
    bool fxaa = false;
    /// Time each pass, or each pass and each draw, finishing the GL work after each
    /// (FrameBreakdown.h): for benchmarks; it slows the frame.
    Breakdown breakdown = Breakdown::Off;
    /// Show one input of the frame instead of its light (render/DebugView.h); no exposure,
    /// tone curve, bloom, FXAA or background then.
    DebugView debugView = DebugView::None;
};

// final: the passes see it only as a PassHost, and it is owned and deleted as a Renderer.
class Renderer final : private PassHost {
public:
    explicit Renderer(Context& context, RendererOptions options = {});
    ~Renderer();
    Renderer(const Renderer&) = delete;
    Renderer& operator=(const Renderer&) = delete;

    /// Draws one frame of `scene` seen by `camera` into `output`. `seconds` is the time since
    /// start (the shader time is wrapped from it).
    void render(Scene& scene, Camera camera, const RenderTarget& output, double seconds);
    /// Selects every effect the scene needs for this camera and waits until all are compiled
    /// (captures and bakes call this so no draw is skipped).
    void prepare(Scene& scene, Camera camera, const RenderTarget& output);
    /// Renders `scene` once through `camera` into a new width×height texture. The bake
    /// compiles the effects of its own pass and camera first and waits (up to `timeout`
    /// seconds) for every material and plugin to be ready. Throws th::Error naming the bake
    /// when it times out or when the result covers no pixel: an empty bake is never returned
    /// as a transparent texture in silence.
    BakeResult bake(Scene& scene, const Camera& camera, int width, int height, const std::string& label,
                    double timeoutSeconds = 10.0);
    /// True when every material (and enabled plugin) in the scene reports ready; the first
    /// one that is not is named in `waitingFor`.
    static bool sceneReady(const Scene& scene, std::string* waitingFor = nullptr);
    /// The sun's shadow map array as of the last frame (debug views); empty when off.
    const Texture& shadowCascadeMap() const;
    const CascadeSet& cascades() const;
    /// The registry through which plugin factories reach materials (scenes register theirs).
    MaterialRegistry& materials() { return mMaterials; }

    Context& context() { return mContext; }
    ShaderStore& store() { return *mStore; }
    EffectCache& effects() { return *mEffects; }
    const FrameStats& stats() const { return mStats; }
    /// The format the last frame was drawn in (MSAA samples after clamping).
    FrameFormat lastFrameFormat() const { return mLastFormat; }
    /// The passes the last frame ran, with their targets and reasons.
    const FramePlan& lastFramePlan() const { return mLastPlan; }
    RendererOptions& options() { return mOptions; }
    ImageBasedLighting& imageBasedLighting() { return *mIbl; }
    const ProgramBinaryCache& programCache() const { return *mBinaries; }
    /// The light clusters of the last frame (lists, stats).
    const LightClusters& lightClusters() const { return *mClusters; }
    const LightData& lightData() const { return *mLights; }

    /// What a material's effect is built from for a pass and mesh (the expanded-shader view,
    /// th-shader build, budgets).
    EffectRequest effectRequest(const Material& material, const DrawInfo& draw) const;
    /// Engine defines and sampler names, for tools.
    static std::vector<std::string> engineDefineNames();
    static std::vector<std::pair<std::string, std::string>> engineSamplers();
    /// Gives a cache the engine's samplers and defines, as the renderer's own cache has them,
    /// so tools and benchmarks build the effects the renderer would.
    static void configureEffectCache(EffectCache& cache);

private:
    struct EffectSlot;
    void collect(Node& node, const Frustum* frustum, RenderPass pass, const glm::vec3& eye, const glm::vec3& viewDir,
                 PassDraws& out, bool shadowCasters);
    std::shared_ptr<Effect> effectFor(Mesh& mesh, size_t part, Material& material, RenderPass pass);
    // PassHost: what the passes ask of the renderer.
    void drawItems(std::span<DrawItem> items, const std::vector<RenderState>& states, uint32_t sceneBlock,
                   FramePass pass) override;
    PassDraws depthDraws(PassContext& frame, const FrameFormat& format) override;
    PassDraws shadowCasters(PassContext& frame, const Frustum& frustum) override;
    void uploadSceneBlocks() override;
    /// The textures behind the engine's samplers, as of now.
    EngineTextures engineTextures() const;
    /// The main view's Scene block, what lights the frame, its tone mapper and AO variant:
    /// what the effects of this frame are requested with.
    void beginFrame(Scene& scene, const Camera& camera, int width, int height, double seconds);
    bool floatTarget() const;
    /// Whether a frame of the scene summarised as `summary` needs the float frame.
    bool wantsFloatFrame(const Scene& scene, const FrameSummary& summary) const;
    /// The frame's format for the current options (no logging; render() says what changed).
    FrameFormat frameFormat() const;
    /// Logs, once per request, a sample count the context cannot give or a fallback.
    void reportFrameFormat(const FrameFormat& format);
    /// The facts this frame's plan is made from.
    FrameFacts frameFacts(const Scene& scene, const FrameSummary& summary, const FrameFormat& format, bool direct,
                          bool opaqueColorRead) const;
    /// This frame's time as plugins see it.
    FrameInfo frameInfo() const;
    /// Whether shadows are filtered with the Poisson disc (effects compile with SHADOW_SOFT).
    bool softShadowsOn() const;
    /// Whether the frame asks for ambient occlusion (the scene, or the AO debug view).
    bool ambientOcclusionOn(const Scene& scene) const;
    /// Instanced parts of a camera's pass by facing bin (RendererOptions::instanceFacing).
    void applyInstanceFacing(PassDraws& draws, const Camera& camera, const Frustum& frustum);

    Context& mContext;
    RendererOptions mOptions;
    std::unique_ptr<ShaderStore> mStore;
    std::unique_ptr<ProgramBinaryCache> mBinaries;
    std::unique_ptr<EffectCache> mEffects;
    std::unique_ptr<ImageBasedLighting> mIbl;
    std::unique_ptr<LightData> mLights;
    std::unique_ptr<LightClusters> mClusters;
    InstanceFacing mFacing;
    std::unique_ptr<DrawExecutor> mExecutor;
    std::unique_ptr<ShadowPass> mShadows;
    PostProcess mPost;
    ScreenEffect mBackground;
    ErrorMaterial mErrorMaterial;
    MaterialRegistry mMaterials;
    VertexArray mEmptyVao;
    Sampler mPointClamp; ///< the engine's data textures (lights, clusters, spot matrices)
    // Per-frame uniform data.
    std::vector<SceneUniforms> mSceneBlocks; ///< [0] main view, then one per shadow view
    Buffer mSceneBuffer;
    size_t mSceneStride = 0;
    /// The objects the passes use and keep (made last: it refers to the ones above).
    std::unique_ptr<FrameResources> mResources;
    FrameTargets mTargets;
    FrameExecutor mFrameExecutor;
    PlanCapabilities mCapabilities;            ///< what has not failed on this context
    std::unordered_set<std::string> mPlanSaid; ///< the plan's problems, each said once

    bool mAoThisFrame = false;     ///< effects are requested with SCREEN_AO
    int mToneMapMode = 0;          ///< the frame's tone mapper (toneMappingMode), compiled in where shaders tone-map
    FrameLighting mLighting;       ///< what lights this frame: main-pass effects leave out the rest
    std::unordered_map<uint64_t, std::unique_ptr<EffectSlot>> mSlots;
    int mMaxFloatSamples = 0, mMaxByteSamples = 0;
    bool mFloatWanted = true; ///< the scene being drawn needs the float frame (wantsFloatFrame)
    int mReportedSamplesRequest = 1;
    FrameFormat mLastFormat;
    FramePlan mLastPlan;
    FrameStats mStats;
    uint64_t mFrame = 0;
    double mSeconds = 0;
    Camera mCamera;
    Bounds mSceneBounds;
    std::unordered_set<std::string> mMixedHandednessWarned; ///< meshes warned about once
};

} // namespace th
