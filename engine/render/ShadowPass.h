#pragma once
// The shadow maps of one frame: the sun's cascades (a depth array, one layer per cascade)
// and the most important shadow-casting spot and point lights up to one budget (the local
// array: a layer per spot, six per point light, its cube's faces each in a layer's corner;
// their matrices in a float texture the shaders read). Point lights share the spots' array
// rather than a depth cube map so they cost no texture unit of their own and sample the same
// way on ES 3.0 and GL 3.3. plan() decides the views and writes
// what the main view's Scene block needs (cascade matrices, splits, shadow parameters);
// the renderer then draws every caster into each view with the material's own shadow-pass
// effect (so plugin displacement moves shadows and plugin discards cut them).
#include <string>
#include <unordered_set>
#include <vector>

#include <glm/glm.hpp>

#include "gl/Framebuffer.h"
#include "gl/Sampler.h"
#include "gl/Texture.h"
#include "material/MaterialPlugin.h"
#include "render/SceneUniforms.h"
#include "render/ShadowCascades.h"
#include "scene/Bounds.h"
#include "scene/Camera.h"
#include "scene/Scene.h"

namespace th {

class StateCache;

class ShadowPass {
public:
    /// One layer of a shadow map to draw casters into.
    struct View {
        const Texture* map = nullptr;
        int layer = 0;
        int size = 0; ///< texels per side
        glm::mat4 view{1.0f};
        glm::mat4 projection{1.0f};
        glm::mat4 viewProjection{1.0f};
    };

    explicit ShadowPass(const ShadowSettings& settings);

    /// Chooses this frame's shadow views (cascades when the sun is on, then spot and point
    /// lights by importance), allocates the maps and writes the cascade and local-shadow fields
    /// of `main`. `maxTextureSize` and `maxArrayLayers` clamp the maps to the limits profile.
    /// A light that asks for a shadow and gets none is a warning naming it (once).
    void plan(const Scene& scene, const Camera& camera, const Bounds& sceneBounds, const ShadowSettings& settings,
              int maxTextureSize, int maxArrayLayers, SceneUniforms& main);
    /// The views plan() chose: the cascades in order, then the local lights' layers.
    const std::vector<View>& views() const { return mViews; }
    /// Makes `view`'s layer the depth target and clears it.
    void begin(const View& view, StateCache& state);

    const CascadeSet& cascades() const { return mCascades; }
    const Texture& cascadeMap() const { return mCascadeArray; }
    /// Spot and point lights shadowed this frame, and the layers they take.
    int spotShadowCount() const { return mSpotShadowCount; }
    int localLayerCount() const { return mLocalLayerCount; }
    /// For each scene light, its first layer in the local array (a point light's +X face), or -1.
    const std::vector<int>& spotShadowLayers() const { return mSpotShadowLayers; }
    /// Forgets last frame's spot layers (lights are packed before shadows are planned).
    void resetSpotLayers(size_t lightCount) { mSpotShadowLayers.assign(lightCount, -1); }

    /// What the engine's shadow samplers bind: the maps, or `none` when a map is off.
    TextureBinding cascadeBinding(TextureBinding none) const;
    TextureBinding spotBinding(TextureBinding none) const;
    TextureBinding spotMatricesBinding(const Sampler& pointClamp) const { return {&mSpotMatrices, &pointClamp}; }

private:
    void planCascades(const Camera& camera, const Bounds& sceneBounds, const ShadowSettings& settings, int mapSize,
                      SceneUniforms& main);
    void planLocal(const Scene& scene, const ShadowSettings& settings, int layerSize, int layerCap, SceneUniforms& main);

    Texture mCascadeArray, mSpotArray, mSpotMatrices;
    Framebuffer mFramebuffer;
    Sampler mCompare;
    CascadeSet mCascades;
    int mSpotShadowCount = 0;
    int mLocalLayerCount = 0;
    std::vector<int> mSpotShadowLayers;
    std::vector<View> mViews;
    std::unordered_set<std::string> mUnshadowableWarned; ///< lights warned about once
};

} // namespace th
