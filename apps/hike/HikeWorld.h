#pragma once
// The hike's streaming world: what a hike keeps alive between frames and what follows the
// camera. Terrain rings are re-emitted when their snapped origin moves; the forest's level
// sets, the understory and the rocks are rebuilt when the eye crosses a 10 m cell; grass
// blocks come and go within their radius (at most two built per frame while walking); birds
// fly their loops; fog follows the hour. HikeWorldBuilder.h makes one.
//
// Scene graph: the root holds one group node per kind ("terrain", "forest", "understory",
// "grass", "rocks", "birds"); each group's children are that kind's draws (a ring, a level, a
// sector, a block), so tools can count what each kind draws.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include <glm/glm.hpp>

#include "assets/Clipmap.h"
#include "hike/ForestLayout.h"
#include "hike/Heightfield.h"
#include "hike/HikeMaterials.h"
#include "hike/HikeSceneOptions.h"
#include "hike/HikeStats.h"
#include "hike/HikeTiers.h"
#include "hike/InstanceBucket.h"
#include "hike/Scatter.h"
#include "plugins/terrain/TerrainMath.h"
#include "render/Renderer.h"
#include "scene/Camera.h"
#include "scene/Scene.h"

namespace th::hike {

inline constexpr int kImpostorSectors = 12;
inline constexpr float kUnderstoryRadius = 60.0f;
inline constexpr float kRockRadius = 90.0f;
/// Beyond this distance from the streaming origin bushes and rocks draw a simplified level
/// (MeshLod, welded across UV seams: they are untextured) of their mesh: about half the
/// triangles, the surface moving under 5 % of its size.
inline constexpr float kPropLodDistance = 50.0f;

struct HikeWorld {
    Renderer* renderer = nullptr;
    Scene* scene = nullptr;
    uint32_t seed = 1;
    HikeSceneOptions options;
    Heightfield field;
    std::unique_ptr<Clipmap> clipmap;
    std::unique_ptr<ForestField> forest;
    terrain::SurfaceClassifier classifier;
    std::shared_ptr<HikeStats> stats = std::make_shared<HikeStats>();
    HikeMaterials materials;

    // Draws.
    std::array<Node*, 6> groups{};
    std::vector<Node*> ringNodes;
    std::array<InstanceBucket, 3> lods;
    std::array<InstanceBucket, kImpostorSectors> impostorSectors;
    InstanceBucket understory, rocks, birds;
    InstanceBucket understoryFar, rocksFar; ///< the same props past kPropLodDistance, simplified
    std::shared_ptr<Geometry> grassGeometry;
    bool impostorsOn = false;

    // Grass blocks: a node pool reassigned as blocks come and go.
    struct GrassBlock {
        Node* node = nullptr;
        std::shared_ptr<Mesh> mesh;
    };
    std::unordered_map<uint64_t, GrassBlock> grassBlocks;
    std::vector<Node*> freeGrassNodes;
    GrassSettings grass;
    bool grassDirty = true;
    glm::vec2 lastGrassEye{1e30f};

    // Forest sets.
    ForestBandSettings bandSettings;
    ForestBandTable bands;
    glm::vec2 forestOrigin{1e30f};
    bool forestDirty = true;
    std::vector<TreeInstance> trees;
    std::array<std::vector<uint32_t>, kTreeLodCount> sets;

    // Birds.
    struct Bird {
        int flock;
        float phase;
        glm::vec2 offset;
    };
    std::vector<FlightPath> flocks;
    std::vector<Bird> flock;

    // Light and weather.
    glm::vec3 fogBase{0.6f, 0.68f, 0.78f};
    size_t nightFillIndex = 0; ///< in scene->lights
    float wetness = 0.0f;
    QualityTier tier = QualityTier::High;
    TierSettings tierValues;

    /// Follows the camera (see above); `seconds` moves the birds.
    void update(double seconds, const Camera& camera);
    /// The hike's part of a quality tier: the forest's near band, grass density, which levels
    /// cast shadows, and the shadow and pre-pass settings it asks of the renderer.
    void applyTier(QualityTier tier);
    /// The hike's part of a weather preset: its haze in clear air and the ground's wetness.
    void applyWeather(const std::string& preset);
    void applyWetness(float wetness);
    void setForestNearRadius(float metres);
    void setGrassSpacing(float metres);

    void setRing(int level);
    void rebuildForest(glm::vec2 origin);
    void updateGrass(glm::vec2 eye);
    void updateBirds(double seconds);
    void updateLight();
};

} // namespace th::hike
