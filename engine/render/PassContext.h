#pragma once
// What the passes of a frame (FrameExecutor, FramePlan) work with: the frame's facts, its
// targets and draw lists (PassContext, made per frame), the renderer's long-lived objects the
// passes use and keep between frames (FrameResources), and the few things only the renderer
// can do for them (PassHost: gathering a pass's draws, drawing a list). A pass is a function
// of a PassContext; the conditions that run it are in the plan, not in it.
#include <map>
#include <memory>
#include <string>
#include <span>
#include <vector>

#include "gl/Buffer.h"
#include "gl/Context.h"
#include "gl/Sampler.h"
#include "gl/Texture.h"
#include "gl/VertexArray.h"
#include "render/AmbientOcclusion.h"
#include "render/Bloom.h"
#include "render/DrawExecutor.h"
#include "render/FramePlan.h"
#include "render/ImageBasedLighting.h"
#include "render/LightClusters.h"
#include "render/LightData.h"
#include "render/OpaqueColorCopy.h"
#include "render/PostProcess.h"
#include "render/RenderTarget.h"
#include "render/SceneUniforms.h"
#include "render/ScreenEffect.h"
#include "render/ShadowPass.h"
#include "scene/Camera.h"
#include "scene/Scene.h"
#include "shader/ShaderStore.h"

namespace th {

/// How the main pass is drawn this frame, from the options and what the context offers.
struct FrameFormat {
    bool floatColor = false; ///< RGBA16F HDR, tone-mapped after; else 8-bit, tone-mapped in the shaders
    int samples = 0;         ///< 0: single-sampled
};

struct PassContext;

/// The renderer's side of the passes: what needs its effect slots, materials and stats.
class PassHost {
public:
    /// Draws `items` with the Scene block `sceneBlock` (0: the main view), timed as `pass`.
    virtual void drawItems(std::span<DrawItem> items, const std::vector<RenderState>& states, uint32_t sceneBlock,
                           FramePass pass) = 0;
    /// The opaque parts that write depth in the main pass, sorted, for a depth pass drawn as
    /// `format` (alpha to coverage decides which alpha-tested parts count).
    virtual PassDraws depthDraws(PassContext& frame, const FrameFormat& format) = 0;
    /// The shadow casters inside `frustum`, sorted.
    virtual PassDraws shadowCasters(PassContext& frame, const Frustum& frustum) = 0;
    /// Uploads the views' Scene blocks (FrameResources::sceneBlocks) for the draws that follow.
    virtual void uploadSceneBlocks() = 0;

protected:
    ~PassHost() = default;
};

/// The renderer's objects the passes use, kept between frames.
struct FrameResources {
    Context& context;
    ShaderStore& store;
    const VertexArray& emptyVao;
    ImageBasedLighting& ibl;
    ShadowPass& shadows;
    LightData& lights;
    LightClusters& clusters;
    DrawExecutor& executor;
    PostProcess& post;
    ScreenEffect& background;
    const Sampler& pointClamp;
    std::vector<SceneUniforms>& sceneBlocks; ///< [0] the main view, then one per shadow view
    const Buffer& sceneBuffer;

    /// A pass's own full-screen program, made on first use and kept (ScreenEffect): a pass
    /// that needs one asks for it here by its shaders' store names.
    ScreenEffect& screenEffect(const std::string& vertexShader, const std::string& fragmentShader) {
        std::unique_ptr<ScreenEffect>& effect = screenEffects[vertexShader + "|" + fragmentShader];
        if (!effect) effect = std::make_unique<ScreenEffect>(vertexShader, fragmentShader);
        return *effect;
    }
    std::map<std::string, std::unique_ptr<ScreenEffect>> screenEffects;

    // Made on first use, and what they have said.
    std::unique_ptr<AmbientOcclusion> ao;
    std::unique_ptr<Bloom> bloom;
    std::unique_ptr<OpaqueColorCopy> opaqueCopy; ///< only while a drawn material reads it
    bool opaqueLdrSaid = false;                  ///< the 8-bit fallback of the copy was logged

    // The cluster texture and what it holds copies of.
    Texture clusterTexture;
    uint64_t clusterRecordsHash = 0;
    int clusterOtherTexels = 0; ///< texels per unshadowed light record
    std::vector<ClusterLight> clusterLights;

    /// This frame's occlusion (null: none, the shaders read white), made by the AO pass.
    const Texture* aoTexture = nullptr;
};

/// What the passes of one frame share.
struct PassContext {
    PassHost& host;
    FrameResources& res;
    Scene& scene;
    const Camera& camera;
    const Frustum& frustum;
    const Bounds& sceneBounds;
    const ShadowSettings& shadowSettings;
    int width = 0, height = 0; ///< the frame's size (the output's times the resolution scale)
    const RenderTarget& output;
    FrameFormat format;
    int toneMapMode = 0;
    bool lightMasks = false; ///< the frame's programs test light masks (FrameLighting)
    /// The frame's targets: the single-sampled frame (the output itself when drawn directly),
    /// the target the main view draws into (the multisampled one with MSAA) and FXAA's input.
    const RenderTarget& frameTarget;
    const RenderTarget& mainTarget;
    const RenderTarget* toneMapped = nullptr;
    PassDraws& mainDraws;
    std::span<DrawItem> opaqueFirst;   ///< the opaque parts that read no frame texture
    std::span<DrawItem> opaqueReaders; ///< those that read the opaque colour, drawn after the copy
    bool stencilUsed = false;
    PostSettings post; ///< the scene's, with a debug view's changes
    DebugView debugView = DebugView::None;
    FrameStats& stats;
    PlanCapabilities& capabilities; ///< a pass that fails on this context clears its bit
    /// Made by a pass for a later one.
    const Texture* bloomTexture = nullptr;
};

} // namespace th
