#include "render/ShadowPass.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include <glm/gtc/matrix_transform.hpp>

#include "core/Log.h"
#include "gl/StateCache.h"

namespace th {

ShadowPass::ShadowPass(const ShadowSettings& settings) {
    mSpotMatrices = Texture({.format = TextureFormat::RGBA32F,
                             .width = 4 * std::max(1, settings.spotShadowBudget),
                             .height = 1,
                             .label = "spot shadow matrices"});
    mSpotMatrices.setFilter(false, false);
    mCompare = Sampler({.mip = SamplerDesc::Mip::None,
                        .wrapS = Wrap::ClampToEdge,
                        .wrapT = Wrap::ClampToEdge,
                        .compare = true,
                        .compareFunc = CompareFunc::LessEqual},
                       0, "shadow compare");
}

void ShadowPass::plan(const Scene& scene, const Camera& camera, const Bounds& sceneBounds,
                      const ShadowSettings& settings, int maxTextureSize, SceneUniforms& main) {
    mCascades = CascadeSet{};
    mSpotShadowCount = 0;
    mViews.clear();
    int mapSize = std::min(settings.mapSize, maxTextureSize);
    bool sunOn = main.sunDirection.w > 0.5f;
    if (settings.enabled && settings.cascades > 0 && sunOn) planCascades(camera, sceneBounds, settings, mapSize, main);
    planSpots(scene, settings, std::min(settings.spotMapSize, maxTextureSize), main);
    main.lightingParams.y = float(mSpotShadowCount);
}

void ShadowPass::planCascades(const Camera& camera, const Bounds& sceneBounds, const ShadowSettings& settings,
                              int mapSize, SceneUniforms& main) {
    ShadowSettings s = settings;
    s.mapSize = mapSize;
    mCascades = computeCascades(camera, glm::vec3(main.sunDirection), s, sceneBounds);
    if (!mCascadeArray || mCascadeArray.width() != mapSize || mCascadeArray.desc().layers < mCascades.count) {
        mCascadeArray = Texture({.kind = TextureKind::Texture2DArray,
                                 .format = TextureFormat::Depth24,
                                 .width = mapSize,
                                 .height = mapSize,
                                 .layers = 4,
                                 .label = "shadow cascades"});
    }
    for (int i = 0; i < mCascades.count; ++i) {
        const Cascade& c = mCascades.cascades[size_t(i)];
        main.cascadeMatrices[i] = c.textureMatrix;
        main.cascadeSplits[i] = c.splitFar;
        main.cascadeTexelSizes[i] = c.texelWorld;
        mViews.push_back({&mCascadeArray, i, mapSize, c.view, c.projection, c.viewProjection});
    }
    main.shadowParams = glm::vec4(float(mCascades.count), 1.0f / float(mapSize), settings.normalBias, 0.0f);
}

void ShadowPass::planSpots(const Scene& scene, const ShadowSettings& settings, int spotSize, SceneUniforms& main) {
    // The most important shadow-casting spot lights, up to the budget.
    mSpotShadowLayers.assign(scene.lights.size(), -1);
    std::vector<int> spots;
    if (settings.enabled)
        for (size_t i = 0; i < scene.lights.size(); ++i) {
            const Light& l = scene.lights[i];
            if (l.enabled && l.castShadows && l.type == LightType::Spot) spots.push_back(int(i));
            // Only the sun's cascades and spot lights have shadow maps: a light asking for
            // a shadow the renderer cannot draw is said once, never silently ignored.
            if (l.enabled && l.castShadows && l.type != LightType::Spot && mUnshadowableWarned.insert(l.name).second)
                logWarning("light '", l.name.empty() ? str("#", i) : l.name, "' (", toString(l.type),
                           ") sets castShadows, but only spot lights and the sun cast shadows in this renderer; "
                           "it lights without a shadow");
        }
    std::stable_sort(spots.begin(), spots.end(), [&](int a, int b) {
        return scene.lights[size_t(a)].importance > scene.lights[size_t(b)].importance;
    });
    if (int(spots.size()) > settings.spotShadowBudget) spots.resize(size_t(std::max(settings.spotShadowBudget, 0)));
    if (spots.empty()) return;
    if (!mSpotArray || mSpotArray.desc().layers < int(spots.size()) || mSpotArray.width() != spotSize)
        mSpotArray = Texture({.kind = TextureKind::Texture2DArray,
                              .format = TextureFormat::Depth24,
                              .width = spotSize,
                              .height = spotSize,
                              .layers = std::max(settings.spotShadowBudget, 1),
                              .label = "spot shadows"});
    if (mSpotMatrices.width() < 4 * int(spots.size())) { // the budget grew since construction
        mSpotMatrices = Texture({.format = TextureFormat::RGBA32F,
                                 .width = 4 * settings.spotShadowBudget,
                                 .height = 1,
                                 .label = "spot shadow matrices"});
        mSpotMatrices.setFilter(false, false);
    }
    std::vector<float> matrices(size_t(mSpotMatrices.width()) * 4, 0.0f);
    for (size_t k = 0; k < spots.size(); ++k) {
        const Light& l = scene.lights[size_t(spots[k])];
        glm::vec3 dir = glm::normalize(l.direction);
        glm::vec3 up = std::abs(dir.y) > 0.99f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
        float range = l.range > 0 ? l.range : 100.0f;
        glm::mat4 vp = glm::perspective(std::min(l.outerConeAngle * 2.0f + 0.05f, 3.0f), 1.0f, 0.05f, range) *
                       glm::lookAt(l.position, l.position + dir, up);
        // The shader reads the projection alone: the view block is identity.
        mViews.push_back({&mSpotArray, int(k), spotSize, glm::mat4(1.0f), vp, vp});
        glm::mat4 bias(0.5f, 0, 0, 0, 0, 0.5f, 0, 0, 0, 0, 0.5f, 0, 0.5f, 0.5f, 0.5f, 1.0f);
        glm::mat4 tm = bias * vp;
        std::memcpy(&matrices[k * 16], &tm, 64);
        mSpotShadowLayers[size_t(spots[k])] = int(k);
    }
    mSpotMatrices.upload(0, 0, matrices.data());
    mSpotShadowCount = int(spots.size());
    main.shadowParams.w = 1.0f / float(spotSize);
}

void ShadowPass::begin(const View& view, StateCache& state) {
    if (!mFramebuffer) mFramebuffer = Framebuffer("shadow maps");
    mFramebuffer.attachDepth(*view.map, 0, view.layer);
    mFramebuffer.setDrawBuffers(0);
    mFramebuffer.check();
    state.viewport(0, 0, view.size, view.size);
    state.clear(false, true, false);
}

TextureBinding ShadowPass::cascadeBinding(TextureBinding none) const {
    return mCascades.count > 0 ? TextureBinding{&mCascadeArray, &mCompare} : none;
}

TextureBinding ShadowPass::spotBinding(TextureBinding none) const {
    return mSpotShadowCount > 0 ? TextureBinding{&mSpotArray, &mCompare} : none;
}

} // namespace th
