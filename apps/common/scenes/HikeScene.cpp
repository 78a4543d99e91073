#include "common/scenes/HikeScene.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <unordered_map>

#include <glm/gtc/matrix_transform.hpp>

#include "assets/MeshAppend.h"
#include "assets/ProceduralMeshes.h"
#include "assets/TerrainTextures.h"
#include "common/hike/ForestLayout.h"
#include "common/hike/Heightfield.h"
#include "common/hike/Impostor.h"
#include "common/hike/Random.h"
#include "common/hike/Scatter.h"
#include "common/scenes/SceneHelpers.h"
#include "core/Error.h"
#include "core/Log.h"
#include "core/ShaderTime.h"
#include "core/SteadyClock.h"
#include "core/Str.h"
#include "material/PbrMaterial.h"
#include "plugins/conform/ConformPlugin.h"
#include "plugins/dither/DitherPlugin.h"
#include "plugins/terrain/TerrainPlugin.h"
#include "plugins/wind/WindPlugin.h"
#include "plugins/wing/WingPlugin.h"

namespace th {

namespace {

using namespace hike;

constexpr int kImpostorSectors = 12;
constexpr float kUnderstoryRadius = 60.0f;
constexpr float kRockRadius = 90.0f;
constexpr float kWetAlbedoLoss = 0.38f;    // Day Hike's WET_ALBEDO_LOSS
constexpr float kWetRoughnessLoss = 0.4f;  // Day Hike's WET_ROUGHNESS_LOSS

/// A fir: a trunk under `tiers` stacked cones, origin at the trunk's base, +Y up. Crown
/// colours darken toward the base of each cone (a cheap stand-in for self-shadowing that
/// survives into the impostor bake).
MeshData makeFir(int trunkSides, int crownSides, int crownSegments, bool caps, std::string name) {
    MeshData tree;
    tree.name = std::move(name);
    const glm::vec4 bark(0.16f, 0.09f, 0.05f, 1.0f), needles(0.05f, 0.13f, 0.045f, 1.0f);
    appendMesh(tree, makeCylinder(0.24f, 3.0f, trunkSides, caps, bark), glm::translate(glm::mat4(1.0f), {0.0f, 1.5f, 0.0f}));
    struct Tier {
        float base, height, radius;
    };
    const Tier tiers[3] = {{2.0f, 4.5f, 2.3f}, {4.6f, 4.0f, 1.8f}, {7.0f, 3.6f, 1.25f}};
    for (const Tier& t : tiers) {
        MeshData cone = makeCone(t.radius, t.height, crownSides, crownSegments, caps, needles);
        for (size_t i = 0; i < cone.positions.size(); ++i) {
            float along = (cone.positions[i].y + 0.5f * t.height) / t.height; // 0 at the base, 1 at the tip
            float shade = 0.55f + 0.6f * along;
            cone.colors[i] = glm::vec4(glm::vec3(needles) * shade, 1.0f);
        }
        appendMesh(tree, cone, glm::translate(glm::mat4(1.0f), {0.0f, t.base + 0.5f * t.height, 0.0f}));
    }
    tree.tangents.clear();
    return tree;
}

/// A grass tuft: `blades` thin tapered blades around the origin, leaning outward, coloured
/// from `root` to `tip`; normals tilted up so the tuft shades like the ground it grows from.
/// Thin triangles rather than crossed quads: near the eye a quad card reads as a green shard,
/// and a blade covers fewer pixels (cheaper to fill).
MeshData makeGrassTuft(int blades, float height, glm::vec3 root, glm::vec3 tip) {
    MeshData m;
    m.name = "grass tuft";
    for (int b = 0; b < blades; ++b) {
        float a = 6.2831853f * (float(b) + 0.37f * float(b % 2)) / float(blades);
        glm::vec2 out(std::cos(a), std::sin(a));
        glm::vec2 across(-out.y, out.x);
        float h = height * (0.7f + 0.3f * float((b * 7) % 5) / 4.0f);
        float lean = 0.18f * h, halfWidth = 0.022f;
        glm::vec3 base(0.05f * out.x, 0.0f, 0.05f * out.y);
        glm::vec3 l = base - glm::vec3(across.x, 0, across.y) * halfWidth;
        glm::vec3 r = base + glm::vec3(across.x, 0, across.y) * halfWidth;
        glm::vec3 t = base + glm::vec3(out.x * lean, h, out.y * lean);
        glm::vec3 n = glm::normalize(glm::cross(r - l, t - l));
        n = glm::normalize(n * 0.5f + glm::vec3(0.0f, 1.0f, 0.0f));
        uint32_t i = uint32_t(m.positions.size());
        m.positions.insert(m.positions.end(), {l, r, t});
        m.normals.insert(m.normals.end(), {n, n, n});
        m.colors.insert(m.colors.end(), {glm::vec4(root, 1.0f), glm::vec4(root, 1.0f), glm::vec4(tip, 1.0f)});
        m.indices.insert(m.indices.end(), {i, i + 1, i + 2});
    }
    return m;
}

float parseWetness(const std::string& preset) {
    if (preset == "overcast") return 0.3f;
    if (preset == "mist") return 0.5f;
    if (preset == "rain-wet") return 1.0f;
    return 0.0f;
}

struct TierSettings {
    float nearRadius = 120.0f;
    float grassSpacing = 0.22f;
    bool nearShadows = true; ///< LOD1 and LOD2 cast shadows
};

TierSettings tierSettings(const std::string& tier) {
    // Grass: full density on high (a tuft per 0.22 m jittered cell where the ground is grass:
    // 200 000+ in the blocks around the camera even deep in the wood, where the forest floor
    // thins it), half on medium, a quarter on low.
    if (tier == "low") return {70.0f, 0.44f, false};
    if (tier == "medium") return {120.0f, 0.22f * 1.41421356f, false};
    return {120.0f, 0.22f, true};
}

/// An instanced draw under a group node: a mesh sharing a geometry and material, with its own
/// instance buffer. Hidden while empty (an instanced mesh without instances would draw once
/// at its node's transform).
struct Bucket {
    Node* node = nullptr;
    std::shared_ptr<Mesh> mesh;
    std::shared_ptr<InstanceBuffer> instances;

    void create(Node& group, const std::string& name, std::shared_ptr<Geometry> geometry, std::shared_ptr<Material> material,
                bool castShadows) {
        node = &group.addChild(name);
        mesh = std::make_shared<Mesh>(name, std::move(geometry));
        mesh->setMaterial(std::move(material));
        mesh->castShadows = castShadows;
        instances = std::make_shared<InstanceBuffer>(name);
        mesh->setInstances(instances);
        node->mesh = mesh;
        node->visible = false;
    }
    void set(std::vector<glm::mat4> matrices, std::vector<std::pair<const char*, std::pair<int, std::vector<float>>>> streams) {
        bool any = !matrices.empty();
        instances->setMatrices(std::move(matrices));
        for (auto& [name, s] : streams) instances->setStream(name, s.first, std::move(s.second));
        node->visible = any;
    }
};

/// Everything a hike scene keeps alive between frames; owned by the update and hook lambdas.
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

    // Materials and their base values (weather scales from these).
    std::shared_ptr<PbrMaterial> terrainMaterial, rockMaterial, grassMaterial, bushMaterial, impostorMaterial, birdMaterial;
    std::array<std::shared_ptr<PbrMaterial>, 3> treeMaterials;
    std::shared_ptr<TerrainPlugin> terrainPlugin;
    std::vector<std::shared_ptr<WindPlugin>> winds;
    PbrParams terrainBase, rockBase;

    // Draws.
    std::array<Node*, 6> groups{};
    std::vector<Node*> ringNodes;
    std::array<Bucket, 3> lods;
    std::array<Bucket, kImpostorSectors> impostorSectors;
    Bucket understory, rocks, birds;
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

    // Light.
    glm::vec3 fogBase{0.6f, 0.68f, 0.78f};
    size_t nightFillIndex = 0; ///< in scene->lights
    float wetness = 0.0f;
    std::string tier = "high";
    TierSettings tierValues;

    void setRing(int level) {
        const ClipmapRing& ring = clipmap->ring(level);
        auto mesh = meshOf(ring.mesh, terrainMaterial);
        // Near rings shadow themselves and the forest; the far ones lie beyond the 300 m the
        // cascades cover.
        mesh->castShadows = level <= 3;
        ringNodes[size_t(level)]->mesh = mesh;
    }

    void rebuildForest(glm::vec2 origin) {
        auto t0 = SteadyClock::now();
        const float pad = forest->placement().cell * 1.41421356f;
        trees.clear();
        forest->collect(origin, bandSettings.farRadius + pad, bandSettings.fillRadius + pad, trees);
        partitionTrees(trees, origin, pad, bands, sets);
        HikeStats& s = *stats;
        s.treesInRange = 0;
        for (const TreeInstance& t : trees) {
            float d = glm::length(glm::vec2(t.position.x, t.position.z) - origin);
            if (d <= (t.lattice ? bandSettings.farRadius : bandSettings.fillRadius)) ++s.treesInRange;
        }
        for (int k = 0; k < 3; ++k) {
            std::vector<glm::mat4> matrices;
            std::vector<float> bandStream, gradients;
            matrices.reserve(sets[size_t(k)].size());
            for (uint32_t i : sets[size_t(k)]) {
                const TreeInstance& t = trees[i];
                matrices.push_back(placed(t.position, t.yaw, glm::vec3(t.scale)));
                appendDitherBands(bandStream, *bands.forTree(t.lattice)[size_t(k)]);
                gradients.insert(gradients.end(), {t.gradient.x, t.gradient.y});
            }
            s.lodInstances[k] = matrices.size();
            lods[size_t(k)].set(std::move(matrices), {{DitherPlugin::kBandsStream, {4, std::move(bandStream)}},
                                                       {ConformPlugin::kGradientStream, {2, std::move(gradients)}}});
        }
        // Impostor cards face the cell centre (turned at rebuild: a few degrees off at worst),
        // sorted into sectors around it.
        std::array<std::vector<glm::mat4>, kImpostorSectors> matrices;
        std::array<std::vector<float>, kImpostorSectors> bandStreams;
        s.lodInstances[3] = 0;
        if (impostorsOn) {
            for (uint32_t i : sets[3]) {
                const TreeInstance& t = trees[i];
                glm::vec2 toEye = origin - glm::vec2(t.position.x, t.position.z);
                float yaw = std::atan2(toEye.x, toEye.y);
                float angle = std::atan2(-toEye.y, -toEye.x); // bearing of the tree from the centre
                int sector = int(std::floor((angle + 3.14159265f) / (6.2831853f / kImpostorSectors))) % kImpostorSectors;
                matrices[size_t(sector)].push_back(placed(t.position, yaw, glm::vec3(t.scale)));
                appendDitherBands(bandStreams[size_t(sector)], *bands.forTree(t.lattice)[3]);
            }
        }
        for (int k = 0; k < kImpostorSectors; ++k) {
            s.lodInstances[3] += matrices[size_t(k)].size();
            impostorSectors[size_t(k)].set(std::move(matrices[size_t(k)]),
                                           {{DitherPlugin::kBandsStream, {4, std::move(bandStreams[size_t(k)])}}});
        }

        auto scatterBucket = [&](Bucket& bucket, const std::vector<ScatterInstance>& list, float radius, bool conform,
                                 float nearFade) {
            std::vector<glm::mat4> m;
            std::vector<float> b, g;
            // Out over the last 18 % of the radius; bushes also dissolve within a few metres of
            // the eye, so the camera never looks through one.
            DitherBands fade = nearFade > 0.0f ? DitherBands::between(0.4f * nearFade, nearFade, radius * 0.82f, radius)
                                               : DitherBands::fadeOut(radius * 0.82f, radius);
            for (const ScatterInstance& i : list) {
                m.push_back(placed(i.position, i.yaw, i.scale));
                appendDitherBands(b, fade);
                g.insert(g.end(), {i.gradient.x, i.gradient.y});
            }
            std::vector<std::pair<const char*, std::pair<int, std::vector<float>>>> streams = {
                {DitherPlugin::kBandsStream, {4, std::move(b)}}};
            if (conform) streams.push_back({ConformPlugin::kGradientStream, {2, std::move(g)}});
            bucket.set(std::move(m), std::move(streams));
            return list.size();
        };
        s.understory = scatterBucket(understory, hike::understory(field, *forest, origin, kUnderstoryRadius + pad, seed),
                                     kUnderstoryRadius, false, 4.0f);
        s.rocks = scatterBucket(rocks, hike::rocks(field, origin, kRockRadius + pad, seed), kRockRadius, true, 0.0f);
        forestOrigin = origin;
        forestDirty = false;
        s.forestRebuilt = true;
        ++s.forestRebuilds;
        s.forestMs = msSince(t0);
    }

    void updateGrass(glm::vec2 eye) {
        auto t0 = SteadyClock::now();
        HikeStats& s = *stats;
        s.grassBlocksBuilt = 0;
        // A first fill, a jump (a new camera, not a walk) or a density change fills at once.
        bool fillAll = grassBlocks.empty() || glm::length(eye - lastGrassEye) > 0.25f * grass.blockSize;
        lastGrassEye = eye;
        if (grassDirty) {
            fillAll = true;
            for (auto& [key, block] : grassBlocks) {
                block.node->visible = false;
                block.node->mesh.reset();
                freeGrassNodes.push_back(block.node);
            }
            grassBlocks.clear();
            grassDirty = false;
        }
        const float size = grass.blockSize, reach = grass.radius;
        auto key = [](int bx, int bz) { return (uint64_t(uint32_t(bx)) << 32) | uint64_t(uint32_t(bz)); };
        auto needed = [&](int bx, int bz) {
            float nx = std::clamp(eye.x, float(bx) * size, float(bx + 1) * size);
            float nz = std::clamp(eye.y, float(bz) * size, float(bz + 1) * size);
            return glm::length(glm::vec2(nx, nz) - eye) < reach;
        };
        // Blocks that left the circle give their nodes back.
        for (auto it = grassBlocks.begin(); it != grassBlocks.end();) {
            int bx = int(int32_t(uint32_t(it->first >> 32))), bz = int(int32_t(uint32_t(it->first)));
            if (needed(bx, bz)) {
                ++it;
                continue;
            }
            it->second.node->visible = false;
            it->second.node->mesh.reset();
            freeGrassNodes.push_back(it->second.node);
            it = grassBlocks.erase(it);
        }
        int b0x = int(std::floor((eye.x - reach) / size)), b1x = int(std::floor((eye.x + reach) / size));
        int b0z = int(std::floor((eye.y - reach) / size)), b1z = int(std::floor((eye.y + reach) / size));
        DitherBands fade = DitherBands::fadeOut(reach - 14.0f, reach);
        // Missing blocks, nearest first. A block enters at the radius, inside the fade-out band
        // where its tufts are dithered away, so while the camera walks at most two are built
        // per frame: a fast camera spreads the work instead of stalling.
        std::vector<std::pair<float, glm::ivec2>> missing;
        for (int bz = b0z; bz <= b1z; ++bz)
            for (int bx = b0x; bx <= b1x; ++bx) {
                if (!needed(bx, bz) || grassBlocks.count(key(bx, bz))) continue;
                glm::vec2 c = (glm::vec2(float(bx), float(bz)) + 0.5f) * size;
                missing.push_back({glm::length(c - eye), glm::ivec2(bx, bz)});
            }
        std::sort(missing.begin(), missing.end(), [](auto& a, auto& b) { return a.first < b.first; });
        if (!fillAll && missing.size() > 2) missing.resize(2);
        fillAll = false;
        for (auto& [distance, block] : missing) {
            const int bx = block.x, bz = block.y;
            std::vector<ScatterInstance> cards = grassBlock(field, *forest, classifier, bx, bz, grass, seed);
            Node* node;
            if (!freeGrassNodes.empty()) {
                node = freeGrassNodes.back();
                freeGrassNodes.pop_back();
            } else {
                node = &groups[3]->addChild(str("grass block ", groups[3]->children().size()));
            }
            std::vector<glm::mat4> m;
            std::vector<float> b;
            m.reserve(cards.size());
            b.reserve(cards.size() * 4);
            for (const ScatterInstance& c : cards) {
                m.push_back(placed(c.position, c.yaw, c.scale));
                appendDitherBands(b, fade);
            }
            auto mesh = std::make_shared<Mesh>(str("grass ", bx, ",", bz), grassGeometry);
            mesh->setMaterial(grassMaterial);
            mesh->castShadows = false;
            auto instances = std::make_shared<InstanceBuffer>(mesh->name());
            instances->setMatrices(std::move(m));
            instances->setStream(DitherPlugin::kBandsStream, 4, std::move(b));
            mesh->setInstances(instances);
            node->mesh = mesh;
            node->visible = !cards.empty();
            grassBlocks[key(bx, bz)] = {node, mesh};
            ++s.grassBlocksBuilt;
            ++s.grassBlockBuilds;
        }
        s.grass = 0;
        for (auto& [k, block] : grassBlocks) s.grass += block.mesh->instances()->count();
        s.grassBlocks = int(grassBlocks.size());
        s.grassMs = msSince(t0);
    }

    void updateBirds(double seconds) {
        if (flock.empty()) return;
        float t = wrappedShaderTime(seconds);
        // One lap every 50 s on the 300 s wrap grid: no jump when the shader time wraps.
        float laps = float(snapAngularFrequency(kTwoPi / 50.0) / kTwoPi) * t;
        std::vector<glm::mat4> m;
        m.reserve(flock.size());
        for (const Bird& b : flock) m.push_back(flocks[size_t(b.flock)].birdMatrix(laps + b.phase, b.offset, 1.0f));
        birds.instances->setMatrices(std::move(m));
    }

    void updateLight() {
        // Fog takes the light of the hour: full by day, warm and dim at a low sun, a faint blue
        // at night; a moonlit fill keeps the night readable.
        glm::vec3 sunDir = sunDirectionForHour(scene->sky.hour, scene->sky.latitude);
        float elevation = -sunDir.y;
        float day = glm::smoothstep(-0.12f, 0.25f, elevation);
        float low = glm::smoothstep(0.45f, 0.08f, elevation) * glm::smoothstep(-0.1f, 0.05f, elevation);
        glm::vec3 warm(1.25f, 0.82f, 0.55f);
        glm::vec3 night(0.012f, 0.016f, 0.03f);
        scene->fog.color = glm::mix(night, fogBase * glm::mix(glm::vec3(1.0f), warm, low), day);
        float dark = glm::smoothstep(0.05f, -0.15f, elevation);
        if (nightFillIndex < scene->lights.size()) {
            Light& fill = scene->lights[nightFillIndex];
            fill.enabled = dark > 0.0f;
            fill.intensity = 0.08f * dark;
        }
    }

    void applyWetness(float w) {
        wetness = w;
        PbrParams t = terrainBase;
        t.baseColorFactor = glm::vec4(glm::vec3(terrainBase.baseColorFactor) * (1.0f - kWetAlbedoLoss * w), 1.0f);
        t.roughnessFactor = terrainBase.roughnessFactor * (1.0f - kWetRoughnessLoss * w);
        terrainMaterial->setParams(t);
        PbrParams r = rockBase;
        r.baseColorFactor = glm::vec4(glm::vec3(rockBase.baseColorFactor) * (1.0f - kWetAlbedoLoss * w), 1.0f);
        r.roughnessFactor = rockBase.roughnessFactor * (1.0f - kWetRoughnessLoss * w);
        rockMaterial->setParams(r);
    }

    void applyTier(const std::string& name) {
        tier = name;
        tierValues = tierSettings(name);
        if (options.forestNearRadius) tierValues.nearRadius = *options.forestNearRadius;
        if (options.grassSpacing) tierValues.grassSpacing = *options.grassSpacing;
        RendererOptions& o = renderer->options();
        if (name == "high") { // Day Hike's high tier: 2 cascades of 2048² over 300 m
            o.shadows.cascades = 2;
            o.shadows.mapSize = 2048;
        }
        o.shadows.maxDistance = 300.0f;
        // Depth first: the terrain's shading is the frame's largest cost, and trees and grass
        // hide much of it (bench-hike on llvmpipe: −23 % at the vista, −60 % in the wood).
        o.depthPrepass = true;
        bandSettings.nearRadius = tierValues.nearRadius;
        bands = bandTable(bandSettings);
        // LOD0 casts on every tier with shadows; LOD1 and LOD2 (to the near radius) on high,
        // so a low sun draws long shadows across the near forest. Cards never cast (they face
        // the eye, not the sun).
        lods[1].mesh->castShadows = lods[2].mesh->castShadows = tierValues.nearShadows;
        grass.spacing = tierValues.grassSpacing;
        forestDirty = grassDirty = true;
        stats->tier = name;
        stats->nearRadius = tierValues.nearRadius;
    }

    void update(double seconds, const Camera& camera) {
        auto t0 = SteadyClock::now();
        HikeStats& s = *stats;
        glm::vec2 eye(camera.position.x, camera.position.z);
        s.clipmap = clipmap->update(eye);
        auto tu = SteadyClock::now();
        for (int level : s.clipmap.emitted) setRing(level);
        s.ringUploadMs = msSince(tu);
        s.ringRebuilds += s.clipmap.emitted.size();
        glm::vec2 origin = forest->cellCenter(eye);
        s.forestRebuilt = false;
        s.forestMs = 0;
        if (forestDirty || origin != forestOrigin) rebuildForest(origin);
        updateGrass(eye);
        updateBirds(seconds);
        updateLight();
        s.birds = flock.size();
        s.updateMs = msSince(t0);
    }
};

/// The card the impostor texture goes on: a quad `width` × `height` standing on the origin,
/// facing +Z, in four columns whose normals turn outward like a cylinder's (and a little up)
/// so the relit card shades like a round crown rather than a flat board.
MeshData impostorCard(float width, float bottom, float top) {
    MeshData m;
    m.name = "impostor card";
    const int columns = 4;
    for (int c = 0; c <= columns; ++c) {
        float u = float(c) / float(columns);
        float phi = (u - 0.5f) * 2.2f;
        glm::vec3 n = glm::normalize(glm::vec3(std::sin(phi), 0.35f, std::cos(phi)));
        for (int r = 0; r < 2; ++r) {
            m.positions.push_back({(u - 0.5f) * width, r == 0 ? bottom : top, 0.0f});
            m.normals.push_back(n);
            m.uv0.push_back({u, r == 0 ? 1.0f : 0.0f}); // v = 0 at the top row of the bake
        }
    }
    for (int c = 0; c < columns; ++c) {
        uint32_t a = uint32_t(2 * c), b = a + 1, d = a + 2, e = a + 3; // a bottom-left, b top-left
        m.indices.insert(m.indices.end(), {a, d, b, b, d, e});
    }
    return m;
}

} // namespace

BuiltScene buildHikeScene(SceneBuildContext& context, const HikeSceneOptions& options, std::shared_ptr<const HikeStats>* statsOut) {
    auto tStart = SteadyClock::now();
    BuiltScene built;
    Scene& scene = *built.scene;
    auto world = std::make_shared<HikeWorld>();
    HikeWorld& w = *world;
    w.renderer = &context.renderer;
    w.scene = &scene;
    w.seed = uint32_t(context.seed ^ (context.seed >> 32));
    w.options = options;
    w.field = Heightfield(w.seed);
    w.classifier.seed = w.seed;
    w.classifier.seaLevel = -60.0f; // no sea: the lowest hollows stay grass
    w.forest = std::make_unique<ForestField>(w.field, w.seed);

    scene.sky.hour = 12.0f;
    scene.sky.latitude = 45.0f;
    scene.environment.source = EnvironmentSource::Sky;
    scene.post.toneMapping = ToneMapping::PbrNeutral;
    scene.fog.enabled = true;
    scene.fog.density = 0.0004f;
    scene.fog.heightFalloff = 0.012f;
    scene.fog.baseHeight = 0.0f;
    Light fill;
    fill.name = "night fill";
    fill.type = LightType::Hemispheric;
    fill.color = glm::vec3(0.45f, 0.55f, 0.85f);
    fill.groundColor = glm::vec3(0.05f, 0.05f, 0.06f);
    fill.enabled = false;
    w.nightFillIndex = scene.lights.size();
    scene.lights.push_back(fill);

    // Camera: over the ground at the viewpoint, toward the look-at point.
    float groundEye = w.field.height(options.viewpoint.x, options.viewpoint.y);
    float groundLook = w.field.height(options.lookAt.x, options.lookAt.y);
    built.camera.position = {options.viewpoint.x, groundEye + options.eyeHeight, options.viewpoint.y};
    built.camera.target = {options.lookAt.x, groundLook + options.lookHeight, options.lookAt.y};
    built.camera.yfov = 0.87266463f; // 50°
    built.camera.nearPlane = 0.3f;
    built.camera.farPlane = 6000.0f;

    Node& root = scene.root();
    const char* groupNames[6] = {"terrain", "forest", "understory", "grass", "rocks", "birds"};
    for (int i = 0; i < 6; ++i) w.groups[size_t(i)] = &root.addChild(groupNames[i]);

    // ---- terrain ----
    PbrParams terrainParams;
    terrainParams.metallicFactor = 0.0f;
    terrainParams.roughnessFactor = 1.0f;
    w.terrainBase = terrainParams;
    w.terrainMaterial = std::make_shared<PbrMaterial>("terrain", terrainParams);
    w.terrainPlugin = std::make_shared<TerrainPlugin>();
    TerrainTextureOptions maps{.seed = w.seed, .size = options.terrainMapSize};
    std::shared_ptr<const TerrainTextureSet> mapSet = TerrainPlugin::sharedMaps(maps, options.terrainMapCache);
    w.terrainPlugin->setMaps(mapSet);
    w.terrainMaterial->addPlugin(w.terrainPlugin);
    auto tClip = SteadyClock::now();
    w.clipmap = std::make_unique<Clipmap>(w.field, ClipmapSettings{.rings = options.clipmapRings,
                                                                     .cells = options.clipmapCells,
                                                                     .baseSpacing = options.clipmapSpacing,
                                                                     // 16 cells, or less on small rings (clear of the hole)
                                                                     .blendCells = std::min(16, options.clipmapCells / 4 - 2),
                                                                     .classifier = w.classifier});
    ClipmapUpdate first = w.clipmap->update({built.camera.position.x, built.camera.position.z});
    w.stats->clipmapBuildMs = msSince(tClip);
    for (int L = 0; L < w.clipmap->ringCount(); ++L) {
        w.ringNodes.push_back(&w.groups[0]->addChild(str("ring ", L)));
        w.setRing(L);
    }
    w.stats->clipmap = first;

    // ---- forest ----
    const MeshData lodData[3] = {makeFir(10, 20, 3, true, "fir lod0"), makeFir(6, 10, 1, true, "fir lod1"),
                                 makeFir(4, 6, 1, false, "fir lod2")};
    const float treeHeight = lodData[1].bounds().max.y;
    for (int k = 0; k < 3; ++k) {
        auto material = vertexColorMaterial(str("tree lod", k), 0.85f, AlphaMode::Mask, false);
        material->addPlugin(std::make_shared<DitherPlugin>());
        material->addPlugin(std::make_shared<ConformPlugin>());
        if (k < 2) {
            auto wind = std::make_shared<WindPlugin>(WindSettings{.profile = WindProfile::TreeCrown, .meshHeight = treeHeight});
            material->addPlugin(wind);
            w.winds.push_back(wind);
        }
        w.treeMaterials[size_t(k)] = material;
        auto geometry = std::make_shared<Geometry>(lodData[k], lodData[k].name);
        w.lods[size_t(k)].create(*w.groups[1], str("lod", k), geometry, material, k == 0);
    }

    // Impostors: bake LOD1 once (a plain unlit copy: no wind pose frozen into the card, no
    // light baked in; the card is relit at run time), then draw alpha-tested cards.
    auto tBake = SteadyClock::now();
    Bounds treeBounds = lodData[1].bounds();
    float cardWidth = std::max(treeBounds.extent().x, treeBounds.extent().z);
    ImpostorBake bake;
    try {
        bake = bakeImpostor(context.renderer, lodData[1], options.impostorResolution, "hike fir");
        w.impostorsOn = true;
    } catch (const Error& e) {
        // Far trees drop out rather than draw grey boards.
        logWarning("hike: impostor bake failed, far trees are not drawn: ", e.what());
    }
    w.stats->bakeMs = msSince(tBake);
    w.stats->impostorsBaked = w.impostorsOn;
    w.stats->impostorCoverage = bake.coveredTexels;
    PbrParams cardParams;
    cardParams.metallicFactor = 0.0f;
    cardParams.roughnessFactor = 1.0f;
    cardParams.alphaMode = AlphaMode::Mask;
    cardParams.alphaCutoff = 0.5f;
    cardParams.doubleSided = true;
    cardParams.baseColorTexture.texture = 0;
    w.impostorMaterial = std::make_shared<PbrMaterial>("tree impostor", cardParams);
    w.impostorMaterial->setAlphaMode(AlphaMode::Mask);
    w.impostorMaterial->setDoubleSided(true);
    if (bake.texture) w.impostorMaterial->setTexture(PbrTextureSlot::BaseColor, {bake.texture, bake.sampler});
    w.impostorMaterial->addPlugin(std::make_shared<DitherPlugin>());
    auto cardGeometry = std::make_shared<Geometry>(impostorCard(cardWidth, treeBounds.min.y, treeBounds.max.y), "impostor card");
    for (int k = 0; k < kImpostorSectors; ++k)
        w.impostorSectors[size_t(k)].create(*w.groups[1], str("impostors ", k), cardGeometry, w.impostorMaterial, false);

    // ---- understory, rocks, grass ----
    MeshData bush = makeUvSphere(1.0f, 9, 5, glm::vec4(0.07f, 0.16f, 0.05f, 1.0f));
    for (auto& p : bush.positions) p = {p.x * 1.1f, (p.y + 0.75f) * 0.8f, p.z * 1.1f};
    bush.tangents.clear();
    bush.name = "bush";
    w.bushMaterial = vertexColorMaterial("understory", 0.9f, AlphaMode::Mask, false);
    auto bushWind = std::make_shared<WindPlugin>(WindSettings{.profile = WindProfile::Understory, .meshHeight = 1.4f});
    w.bushMaterial->addPlugin(bushWind);
    w.bushMaterial->addPlugin(std::make_shared<DitherPlugin>());
    w.winds.push_back(bushWind);
    w.understory.create(*w.groups[2], "bushes", std::make_shared<Geometry>(bush, "bush"), w.bushMaterial, false);

    MeshData rock = makeUvSphere(1.0f, 8, 5, glm::vec4(0.32f, 0.31f, 0.29f, 1.0f));
    for (size_t i = 0; i < rock.positions.size(); ++i) {
        glm::vec3& p = rock.positions[i];
        // Lumpy: a fixed deformation so every rock is the same lump, scaled per instance.
        float lump = 1.0f + 0.18f * std::sin(3.1f * p.x + 1.3f) * std::cos(2.7f * p.z - 0.4f) + 0.1f * std::sin(5.0f * p.y);
        p = glm::vec3(p.x, std::max(p.y, -0.3f), p.z) * lump;
    }
    rock.tangents.clear();
    rock.name = "rock";
    w.rockMaterial = vertexColorMaterial("rocks", 0.8f, AlphaMode::Mask, false);
    w.rockBase = w.rockMaterial->params();
    w.rockMaterial->addPlugin(std::make_shared<DitherPlugin>());
    w.rockMaterial->addPlugin(std::make_shared<ConformPlugin>());
    w.rocks.create(*w.groups[4], "rocks", std::make_shared<Geometry>(rock, "rock"), w.rockMaterial, true);

    w.grassMaterial = vertexColorMaterial("grass", 0.85f, AlphaMode::Mask, true);
    auto grassWind = std::make_shared<WindPlugin>(WindSettings{.profile = WindProfile::Grass, .meshHeight = 0.55f});
    w.grassMaterial->addPlugin(grassWind);
    w.grassMaterial->addPlugin(std::make_shared<DitherPlugin>());
    w.winds.push_back(grassWind);
    // Blades take the grass layer's own colour, so the cards melt into the textured ground.
    glm::vec3 grassColor = mapSet->meanAlbedo[size_t(TerrainLayer::Grass)];
    MeshData tuft = makeGrassTuft(5, 0.55f, grassColor * 0.55f, grassColor * 1.3f);
    w.grassGeometry = std::make_shared<Geometry>(tuft, "grass tuft");

    // ---- birds ----
    w.birdMaterial = vertexColorMaterial("ravens", 0.7f, AlphaMode::Opaque, true);
    const float halfSpan = 0.6f;
    auto wing = std::make_shared<WingPlugin>(WingSettings::raven(halfSpan));
    w.birdMaterial->addPlugin(wing);
    MeshData birdMesh = makeBird(halfSpan);
    for (auto& c : birdMesh.colors) c = glm::vec4(0.03f, 0.03f, 0.035f, 1.0f);
    if (birdMesh.colors.empty()) birdMesh.colors.assign(birdMesh.positions.size(), glm::vec4(0.03f, 0.03f, 0.035f, 1.0f));
    w.birds.create(*w.groups[5], "ravens", std::make_shared<Geometry>(birdMesh, "raven"), w.birdMaterial, false);
    if (options.birds) {
        CellRandom r(1, 2, w.seed);
        glm::vec3 eye = built.camera.position;
        glm::vec3 ahead = glm::normalize(built.camera.target - built.camera.position);
        ahead = glm::normalize(glm::vec3(ahead.x, 0.0f, ahead.z));
        std::vector<float> beats;
        const float distances[3] = {70.0f, 140.0f, 230.0f};
        for (int f = 0; f < 3; ++f) {
            glm::vec3 c = eye + ahead * distances[f] + glm::vec3(ahead.z, 0.0f, -ahead.x) * r.uniform(-40.0f, 40.0f);
            c.y = std::max(w.field.height(c.x, c.z) + 30.0f + 10.0f * float(f), eye.y + 6.0f + 6.0f * float(f));
            w.flocks.push_back({c, {r.uniform(25.0f, 45.0f), r.uniform(15.0f, 30.0f)}, r.uniform(0.0f, 6.28f), 4.0f});
            int n = 8 + f * 2;
            for (int i = 0; i < n; ++i) {
                w.flock.push_back({f, -0.012f * float(i), {r.uniform(-4.0f, 4.0f), r.uniform(-2.0f, 2.0f)}});
                // The last bird of each flock glides.
                beats.insert(beats.end(), {r.uniform(0.0f, 6.2831853f), i == n - 1 ? 0.0f : r.uniform(0.7f, 1.0f)});
            }
        }
        w.birds.instances->setStream(WingPlugin::kBeatStream, 2, beats);
        w.updateBirds(0.0);
        w.birds.node->visible = true;
    }

    w.applyTier("high");
    w.applyWetness(0.0f);
    w.updateLight();

    built.update = [world](double seconds, const Camera& camera) { world->update(seconds, camera); };
    built.applyQuality = [world](const std::string& tier) { world->applyTier(tier); };
    built.applyWeather = [world](const std::string& preset) {
        HikeWorld& hw = *world;
        Scene& s = *hw.scene;
        if (preset == "clear") {
            // A light haze even in clear air: 4 km of view need aerial perspective.
            s.fog.enabled = true;
            s.fog.density = 0.0004f;
            s.fog.heightFalloff = 0.012f;
            hw.fogBase = glm::vec3(0.58f, 0.67f, 0.8f);
        } else {
            hw.fogBase = s.fog.color;
        }
        hw.applyWetness(parseWetness(preset));
        hw.updateLight();
    };
    built.materials = {w.terrainMaterial, w.treeMaterials[0], w.treeMaterials[1], w.treeMaterials[2], w.impostorMaterial,
                       w.bushMaterial,    w.grassMaterial,    w.rockMaterial,     w.birdMaterial};
    built.plugins = {w.terrainPlugin, wing};
    for (auto& wind : w.winds) built.plugins.push_back(wind);
    built.controls.push_back({"forest near band (m)", 60.0f, 200.0f, [world] { return world->bandSettings.nearRadius; },
                              [world](float v) {
                                  world->bandSettings.nearRadius = v;
                                  world->bands = bandTable(world->bandSettings);
                                  world->forestDirty = true;
                              }});
    built.controls.push_back({"grass spacing (m)", 0.2f, 1.5f, [world] { return world->grass.spacing; },
                              [world](float v) {
                                  world->grass.spacing = v;
                                  world->grassDirty = true;
                              }});
    built.controls.push_back({"wetness", 0.0f, 1.0f, [world] { return world->wetness; },
                              [world](float v) { world->applyWetness(v); }});
    built.controls.push_back({"wind speed", 0.0f, 3.0f, [world] { return world->winds.front()->state().speed; },
                              [world](float v) {
                                  for (auto& wnd : world->winds) wnd->setSpeed(v);
                              }});
    built.counts = {{"terrain quads", w.clipmap->quadCount()}, {"birds", w.flock.size()}};
    w.stats->buildMs = msSince(tStart);
    if (statsOut) *statsOut = w.stats;
    return built;
}

Camera hikeForestCamera(const HikeSceneOptions& options, uint64_t seed) {
    uint32_t s = uint32_t(seed ^ (seed >> 32));
    Heightfield field(s);
    ForestField forest(field, s);
    // The nearest point to the viewpoint, on a spiral, in full wood on gentle ground.
    glm::vec2 at = options.viewpoint;
    for (int k = 0; k < 4000; ++k) {
        float r = 2.0f * float(k), a = 0.35f * float(k);
        glm::vec2 p = options.viewpoint + r * glm::vec2(std::cos(a), std::sin(a)) * 0.25f;
        if (forest.density(p.x, p.y) >= 0.99f && field.sample(p.x, p.y).slope() < 0.15f &&
            forest.density(p.x + 60.0f, p.y) >= 0.99f) {
            at = p;
            break;
        }
    }
    Camera c;
    c.position = {at.x, field.height(at.x, at.y) + 1.7f, at.y};
    c.target = {at.x + 60.0f, field.height(at.x + 60.0f, at.y) + 2.5f, at.y};
    c.yfov = 0.87266463f;
    c.nearPlane = 0.3f;
    c.farPlane = 6000.0f;
    return c;
}

HikeSceneOptions hikeOptionsFromFile(const SceneFile& file) {
    HikeSceneOptions o;
    auto vec2 = [](const json::Value& v, const char* what) {
        const auto& a = v.asArray(what);
        if (a.size() != 2) throw Error(v.where(), str("'", what, "' must be [x, z]"));
        return glm::vec2(float(a[0].asNumber(what)), float(a[1].asNumber(what)));
    };
    if (file.params) {
        json::ObjectReader p(*file.params, "params");
        if (auto* v = p.optional("viewpoint")) o.viewpoint = vec2(*v, "params.viewpoint");
        if (auto* v = p.optional("lookAt")) o.lookAt = vec2(*v, "params.lookAt");
        o.eyeHeight = float(p.number("eyeHeight", o.eyeHeight));
        o.lookHeight = float(p.number("lookHeight", o.lookHeight));
        if (auto* v = p.optional("terrainMapSize")) o.terrainMapSize = int(v->asInt("params.terrainMapSize", 16, 2048));
        if (auto* v = p.optional("impostorResolution"))
            o.impostorResolution = int(v->asInt("params.impostorResolution", 32, 2048));
        o.birds = p.boolean("birds", o.birds);
        // Metres within [lo, hi], or an error naming file, line and key.
        auto metres = [](const json::Value& v, const std::string& key, float lo, float hi) {
            float m = float(v.asNumber(key));
            if (!(m >= lo && m <= hi)) throw Error(v.where(), str("'", key, "' must be ", lo, " to ", hi, " (metres)"));
            return m;
        };
        if (auto* t = p.optional("terrain")) {
            json::ObjectReader r(*t, "params.terrain");
            if (auto* v = r.optional("rings")) o.clipmapRings = int(v->asInt("params.terrain.rings", 1, 10));
            if (auto* v = r.optional("cells")) {
                o.clipmapCells = int(v->asInt("params.terrain.cells", 16, 512));
                if (o.clipmapCells % 4 != 0) throw Error(v->where(), "'params.terrain.cells' must be a multiple of 4");
            }
            if (auto* v = r.optional("baseSpacing")) {
                o.clipmapSpacing = metres(*v, "params.terrain.baseSpacing", 0.125f, 16.0f);
                int exponent = 0;
                if (std::frexp(o.clipmapSpacing, &exponent) != 0.5f)
                    throw Error(v->where(), "'params.terrain.baseSpacing' must be a power of two (0.125, 0.25 ... 16)");
            }
            r.finish();
        }
        if (auto* f = p.optional("forest")) {
            json::ObjectReader r(*f, "params.forest");
            if (auto* v = r.optional("nearRadius")) o.forestNearRadius = metres(*v, "params.forest.nearRadius", 70.0f, 400.0f);
            r.finish();
        }
        if (auto* g = p.optional("grass")) {
            json::ObjectReader r(*g, "params.grass");
            if (auto* v = r.optional("spacing")) o.grassSpacing = metres(*v, "params.grass.spacing", 0.2f, 4.0f);
            r.finish();
        }
        p.finish();
    }
    o.terrainMapCache = defaultTerrainTextureCacheDirectory();
    return o;
}

BuiltScene buildHikeSceneFile(SceneBuildContext& context, const SceneFile& file) {
    return buildHikeScene(context, hikeOptionsFromFile(file));
}

} // namespace th
