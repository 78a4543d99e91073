#pragma once
// Draws the items of a sorted render list. Per call it fills one Draw block per item into a
// stream buffer and writes plugins' per-frame uniforms once per material; per item it applies
// the render state, program and vertex array, binds the blocks at the bindings of
// material/EngineInterface.h (Scene, Draw, Material, Plugins), lets plugins that ask for it
// write per-draw uniforms, binds a texture to every sampler the effect declares (the engine's
// from EngineTextures and the mesh's deformation, the material's and plugins' from them, a neutral placeholder for any
// that is missing) and issues the draw.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <unordered_set>
#include <vector>

#include "gl/Buffer.h"
#include "gl/Context.h"
#include "gl/RenderState.h"
#include "gl/Sampler.h"
#include "gl/Texture.h"
#include "material/EngineInterface.h"
#include "material/FrameTexture.h"
#include "material/MaterialPlugin.h"
#include "render/FrameStats.h"
#include "render/RenderList.h"

namespace th {

/// The texture and sampler behind each of the engine's samplers this frame, in
/// engine_sampler::kAll order.
using EngineTextures = std::array<TextureBinding, engine_sampler::kAll.size()>;
/// The frame textures made so far this frame (material/FrameTexture.h), in
/// frame_texture::kAll order; an empty binding is one not made (yet).
using FrameTextures = std::array<TextureBinding, frame_texture::kAll.size()>;

/// A render list with the render states its items index (DrawItem::state).
struct PassDraws {
    RenderList list;
    std::vector<RenderState> states;

    /// Adds an item drawn with `state`.
    void add(DrawItem item, const RenderState& state) {
        item.state = uint32_t(states.size());
        states.push_back(state);
        list.add(item);
    }
    RenderState& stateOf(const DrawItem& item) { return states[item.state]; }
};

/// Where the Scene block of the view being drawn lies.
struct SceneBlockRange {
    const Buffer* buffer = nullptr;
    size_t offset = 0;
    size_t size = 0;
};

class DrawExecutor {
public:
    explicit DrawExecutor(Context& context);

    /// Draws `items` (in their order) with the states of `states`. `shadowPass` counts them as
    /// shadow draws.
    void draw(std::span<DrawItem> items, const std::vector<RenderState>& states, const SceneBlockRange& scene,
              const EngineTextures& engine, const FrameInfo& frame, bool shadowPass, FrameStats& stats);

    /// A depth array cleared to the far plane with a compare sampler: every lookup says
    /// "lit" (bound when a shadow map is off).
    TextureBinding noShadows() const { return {&mNoShadowArray, &mShadowCompare}; }

    /// With a pass, each draw is finished (glFinish) and its cost kept in
    /// FrameStats::breakdown under that pass (RendererOptions::breakdown); none = not timed.
    void timeDraws(std::optional<FramePass> pass) { mTimedPass = pass; }

    /// The frame textures bound to plugins that read them (set by the renderer as it makes
    /// them; one not made binds the neutral placeholder).
    /// Binds `which` for the draws that follow; {} unbinds it (its readers get the placeholder).
    void setFrameTexture(const FrameTexture& which, TextureBinding binding) {
        mFrameTextures[frame_texture::indexOf(which.name)] = binding;
    }
    void clearFrameTextures() { mFrameTextures = {}; }

private:
    void updateMaterials(std::span<DrawItem> items, const FrameInfo& frame);
    void bindSamplers(const Effect& effect, Material& material, const Mesh& mesh, const EngineTextures& engine);

    Context& mContext;
    Buffer mDrawBuffer;
    std::vector<uint8_t> mDrawStaging;
    size_t mDrawStride = 0;
    // Placeholders for samplers nothing supplies.
    Texture mWhite2D, mWhiteArray, mBlackCube, mNoShadowArray;
    Sampler mShadowCompare, mLinearRepeat, mPointClamp;
    std::optional<FramePass> mTimedPass;
    FrameTextures mFrameTextures{};
    /// Materials whose point size was out of the driver's range (warned once each).
    std::unordered_set<const Material*> mPointSizeWarned;
    float pointSizeFor(const Material& material);
};

} // namespace th
