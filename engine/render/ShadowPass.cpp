#include "render/ShadowPass.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include <glm/gtc/matrix_transform.hpp>

#include "core/Log.h"
#include "core/Str.h"
#include "gl/StateCache.h"

namespace th {

ShadowPass::ShadowPass(const ShadowSettings& settings) {
    mSpotMatrices = Texture({.format = TextureFormat::RGBA32F,
                             .width = 4 * std::max(1, settings.localShadowBudget),
                             .height = 1,
                             .label = "local shadow matrices"});
    mSpotMatrices.setFilter(false, false);
    mCompare = Sampler({.mip = SamplerDesc::Mip::None,
                        .wrapS = Wrap::ClampToEdge,
                        .wrapT = Wrap::ClampToEdge,
                        .compare = true,
                        .compareFunc = CompareFunc::LessEqual},
                       0, "shadow compare");
}

void ShadowPass::plan(const Scene& scene, const Camera& camera, const Bounds& sceneBounds,
                      const ShadowSettings& settings, int maxTextureSize, int maxArrayLayers, SceneUniforms& main) {
    mCascades = CascadeSet{};
    mSpotShadowCount = 0;
    mLocalLayerCount = 0;
    mViews.clear();
    main.shadowFilterParams = glm::vec4(std::clamp(settings.cascadeBlend, 0.0f, 1.0f), std::max(settings.filterRadius, 0.0f),
                                        0.0f, 0.0f);
    int mapSize = std::min(settings.mapSize, maxTextureSize);
    bool sunOn = main.sunDirection.w > 0.5f;
    if (settings.enabled && settings.cascades > 0 && sunOn) planCascades(camera, sceneBounds, settings, mapSize, main);
    planLocal(scene, settings, std::min(settings.spotMapSize, maxTextureSize),
              std::min(maxArrayLayers, maxTextureSize / 4), main);
    main.lightingParams.y = float(mLocalLayerCount);
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

namespace {

std::string lightLabel(const Light& l, size_t index) { return l.name.empty() ? str("#", index) : l.name; }

/// Layers of the local shadow array a light takes: a spot one, a point light a cube's six.
int layersOf(const Light& l) { return l.type == LightType::Point ? 6 : 1; }

} // namespace

void ShadowPass::planLocal(const Scene& scene, const ShadowSettings& settings, int layerSize, int layerCap,
                           SceneUniforms& main) {
    // The most important shadow-casting spot and point lights, up to the budget (and to the
    // layers the limits allow): one ranking for both kinds.
    mSpotShadowLayers.assign(scene.lights.size(), -1);
    std::vector<int> wanted;
    if (settings.enabled)
        for (size_t i = 0; i < scene.lights.size(); ++i) {
            const Light& l = scene.lights[i];
            if (!l.enabled || !l.castShadows) continue;
            if (l.type == LightType::Spot || l.type == LightType::Point) {
                wanted.push_back(int(i));
            } else if (mUnshadowableWarned.insert(lightLabel(l, i)).second) {
                // Only the sun's cascades, spot and point lights have shadow maps: a light
                // asking for a shadow the renderer cannot draw is said once, never ignored.
                logWarning("light '", lightLabel(l, i), "' (", toString(l.type),
                           ") sets castShadows, but only spot and point lights and the sun cast shadows in this "
                           "renderer; it lights without a shadow");
            }
        }
    std::stable_sort(wanted.begin(), wanted.end(), [&](int a, int b) {
        return scene.lights[size_t(a)].importance > scene.lights[size_t(b)].importance;
    });
    std::vector<int> chosen;
    int layers = 0;
    for (int index : wanted) {
        const Light& l = scene.lights[size_t(index)];
        int need = layersOf(l);
        if (int(chosen.size()) < settings.localShadowBudget && layers + need <= layerCap) {
            chosen.push_back(index);
            layers += need;
        } else if (mUnshadowableWarned.insert(lightLabel(l, size_t(index))).second) {
            logWarning("light '", lightLabel(l, size_t(index)), "' (", toString(l.type),
                       ") sets castShadows, but the shadow budget (", std::max(settings.localShadowBudget, 0),
                       " spot and point lights, ", layerCap, " map layers) goes to more important lights; it lights "
                       "without a shadow");
        }
    }
    if (chosen.empty()) return;
    if (!mSpotArray || mSpotArray.desc().layers < layers || mSpotArray.width() != layerSize)
        mSpotArray = Texture({.kind = TextureKind::Texture2DArray,
                              .format = TextureFormat::Depth24,
                              .width = layerSize,
                              .height = layerSize,
                              .layers = std::max({layers, settings.localShadowBudget, 1}),
                              .label = "local light shadows"});
    if (mSpotMatrices.width() < 4 * layers) { // more layers than at construction
        mSpotMatrices = Texture({.format = TextureFormat::RGBA32F,
                                 .width = 4 * std::max(layers, settings.localShadowBudget),
                                 .height = 1,
                                 .label = "local shadow matrices"});
        mSpotMatrices.setFilter(false, false);
    }
    std::vector<float> matrices(size_t(mSpotMatrices.width()) * 4, 0.0f);
    const glm::mat4 bias(0.5f, 0, 0, 0, 0, 0.5f, 0, 0, 0, 0, 0.5f, 0, 0.5f, 0.5f, 0.5f, 1.0f);
    auto addLayer = [&](int layer, int size, const glm::mat4& vp) {
        // The shader reads the projection alone: the view block is identity. A face smaller
        // than the layer fills its corner: texture coordinates scale down to it.
        mViews.push_back({&mSpotArray, layer, size, glm::mat4(1.0f), vp, vp});
        float s = float(size) / float(layerSize);
        glm::mat4 tm = glm::scale(glm::mat4(1.0f), glm::vec3(s, s, 1.0f)) * bias * vp;
        std::memcpy(&matrices[size_t(layer) * 16], &tm, 64);
    };
    int next = 0;
    for (int index : chosen) {
        const Light& l = scene.lights[size_t(index)];
        float range = l.range > 0 ? l.range : 100.0f;
        mSpotShadowLayers[size_t(index)] = next;
        if (l.type == LightType::Spot) {
            glm::vec3 dir = glm::normalize(l.direction);
            glm::vec3 up = std::abs(dir.y) > 0.99f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
            glm::mat4 vp = glm::perspective(std::min(l.outerConeAngle * 2.0f + 0.05f, 3.0f), 1.0f, 0.05f, range) *
                           glm::lookAt(l.position, l.position + dir, up);
            addLayer(next++, layerSize, vp);
            continue;
        }
        // A point light: six faces in the order the shader picks them by the major axis of
        // the light-to-surface vector (+X, −X, +Y, −Y, +Z, −Z). Each face opens a little past
        // 90° so the filter's taps at a face's edge stay inside its map.
        int faceSize = std::clamp(settings.pointMapSize, 16, layerSize);
        float margin = 2.0f + (settings.filter == ShadowFilter::Poisson ? settings.filterRadius : 1.5f);
        float tanHalf = float(faceSize) / std::max(float(faceSize) - 2.0f * margin, 1.0f);
        glm::mat4 projection = glm::perspective(2.0f * std::atan(tanHalf), 1.0f, 0.05f, range);
        const glm::vec3 axes[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
        const glm::vec3 ups[6] = {{0, -1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}, {0, -1, 0}, {0, -1, 0}};
        for (int face = 0; face < 6; ++face)
            addLayer(next++, faceSize, projection * glm::lookAt(l.position, l.position + axes[face], ups[face]));
    }
    mSpotMatrices.upload(0, 0, matrices.data());
    mSpotShadowCount = int(chosen.size());
    mLocalLayerCount = layers;
    main.shadowParams.w = 1.0f / float(layerSize);
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
