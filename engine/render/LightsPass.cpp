#include <algorithm>

#include "core/Log.h"
#include "render/FramePasses.h"

namespace th {

namespace {

/// Point and spot lights in view space, most important first (a full cluster keeps those).
std::vector<ClusterLight> clusterLightsInView(const Scene& scene, const LightData& lights, const std::vector<int>& spotLayers,
                                              const glm::mat4& view) {
    const std::vector<int>& packed = lights.packedIndices();
    std::vector<ClusterLight> out;
    std::vector<std::pair<float, float>> rank;
    for (int slot = lights.directionalCount(); slot < lights.count(); ++slot) {
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
        out.push_back(c);
        rank.emplace_back(l.importance, l.intensity * glm::length(l.color));
    }
    std::vector<size_t> order(out.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return rank[a] > rank[b]; });
    std::vector<ClusterLight> sorted;
    sorted.reserve(order.size());
    for (size_t i : order) sorted.push_back(out[i]);
    return sorted;
}

} // namespace

// Lights are packed after the shadow pass, so spot lights know their shadow layers; the
// cluster texture is rewritten only when the lists or the records changed.
void runLightsPass(PassContext& frame) {
    FrameResources& res = frame.res;
    SceneUniforms& s = res.sceneBlocks[0];
    s.lightingParams.x = float(res.lights.update(frame.scene.lights, res.shadows.spotShadowLayers()));
    res.clusterLights = clusterLightsInView(frame.scene, res.lights, res.shadows.spotShadowLayers(), frame.camera.view());

    LightClusters& clusters = res.clusters;
    size_t droppedBefore = clusters.stats().droppedEntries;
    bool rebuilt = clusters.build(res.clusterLights, {frame.camera.projection(), frame.camera.nearPlane, frame.camera.farPlane});
    const LightClusters::Stats& cs = clusters.stats();
    if (rebuilt && cs.droppedEntries > 0 && droppedBefore == 0)
        logWarning("light clusters: ", cs.droppedEntries, " light-cluster pairs over the limits (", clusters.settings().maxLightsPerCluster,
                   " per cluster, ", clusters.settings().maxIndices, " in all) were left out, the least important lights first");
    // Each listed light's record: position and range, then colour and cone; a third texel
    // (shadow layer, type, mask) for a shadowed light, and for every light where the frame's
    // programs test light masks.
    int otherTexels = frame.lightMasks ? 3 : 2;
    if (rebuilt || res.lights.recordsHash() != res.clusterRecordsHash || otherTexels != res.clusterOtherTexels) {
        clusters.writeTexels({res.lights.records(), LightData::kWordsPerLight, 3, otherTexels});
        res.clusterRecordsHash = res.lights.recordsHash();
        res.clusterOtherTexels = otherTexels;
        int rows = clusters.textureRows();
        if (!res.clusterTexture || res.clusterTexture.height() < rows) {
            int textureRows = 4;
            while (textureRows < rows) textureRows *= 2;
            textureRows = std::max(std::min(textureRows, res.context.info().limits.maxTextureSize), rows);
            res.clusterTexture = Texture({.format = TextureFormat::RGBA32UI, .width = LightClusters::kTextureWidth,
                                          .height = textureRows, .label = "light clusters"});
        }
        res.clusterTexture.uploadRegion(0, 0, 0, 0, LightClusters::kTextureWidth, rows, clusters.texels().data());
    }
    frame.stats.clusterBuildMs = cs.buildMs;
    frame.stats.clusterEntries = uint32_t(cs.entries);
    const ClusterSettings& grid = clusters.settings();
    s.lightingParams.z = float(res.lights.directionalCount());
    s.lightingParams.w = float(otherTexels);
    s.clusterGrid = glm::vec4(float(grid.tilesX), float(grid.tilesY), float(grid.slices), float(LightClusters::kTextureWidth));
    s.clusterParams = glm::vec4(float(grid.tilesX) / float(frame.width), float(grid.tilesY) / float(frame.height),
                                clusters.sliceScale(), clusters.sliceBias());
    frame.host.uploadSceneBlocks();
}

} // namespace th
