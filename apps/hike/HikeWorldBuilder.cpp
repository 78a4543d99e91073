#include "hike/HikeWorldBuilder.h"

#include <algorithm>
#include <cmath>

#include "assets/MeshLod.h"
#include "assets/ProceduralMeshes.h"
#include "core/Error.h"
#include "core/Log.h"
#include "core/SteadyClock.h"
#include "core/Str.h"
#include "hike/HikeProps.h"
#include "hike/HikeTerrain.h"
#include "hike/Random.h"
#include "plugins/terrain/TerrainTextures.h"
#include "render/ImpostorBaker.h"

namespace th::hike {

std::shared_ptr<HikeWorld> buildHikeWorld(Renderer& renderer, Scene& scene, Camera& camera,
                                          const HikeSceneOptions& options, uint64_t seed) {
    auto tStart = SteadyClock::now();
    auto world = std::make_shared<HikeWorld>();
    HikeWorld& w = *world;
    w.renderer = &renderer;
    w.scene = &scene;
    w.seed = uint32_t(seed ^ (seed >> 32));
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
    camera.position = {options.viewpoint.x, groundEye + options.eyeHeight, options.viewpoint.y};
    camera.target = {options.lookAt.x, groundLook + options.lookHeight, options.lookAt.y};
    camera.yfov = 0.87266463f; // 50°
    camera.nearPlane = 0.3f;
    camera.farPlane = 6000.0f;

    Node& root = scene.root();
    const char* groupNames[6] = {"terrain", "forest", "understory", "grass", "rocks", "birds"};
    for (int i = 0; i < 6; ++i) w.groups[size_t(i)] = &root.addChild(groupNames[i]);

    // ---- terrain ----
    TerrainTextureOptions maps{.seed = w.seed, .size = options.terrainMapSize};
    std::shared_ptr<const TerrainTextureSet> mapSet = makeTerrainMaterial(w.materials, maps, options.terrainMapCache);
    auto tClip = SteadyClock::now();
    w.clipmap = std::make_unique<Clipmap>(heightFunction(w.field),
                                          ClipmapSettings{.rings = options.clipmapRings,
                                                          .cells = options.clipmapCells,
                                                          .baseSpacing = options.clipmapSpacing,
                                                          // 16 cells, or less on small rings (clear of the hole)
                                                          .blendCells = std::min(16, options.clipmapCells / 4 - 2)},
                                          terrainWeights(w.classifier));
    ClipmapUpdate first = w.clipmap->update({camera.position.x, camera.position.z});
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
        makeTreeMaterial(w.materials, k, treeHeight);
        auto geometry = std::make_shared<Geometry>(lodData[k], lodData[k].name);
        w.lods[size_t(k)].create(*w.groups[1], str("lod", k), geometry, w.materials.trees[size_t(k)], k == 0);
    }

    // Impostors: bake LOD1 once (a plain unlit copy: no wind pose frozen into the card, no
    // light baked in; the card is relit at run time), then draw alpha-tested cards.
    auto tBake = SteadyClock::now();
    Bounds treeBounds = lodData[1].bounds();
    float cardWidth = std::max(treeBounds.extent().x, treeBounds.extent().z);
    ImpostorBake bake;
    try {
        bake = bakeImpostor(renderer, lodData[1], options.impostorResolution, "hike fir");
        w.impostorsOn = true;
    } catch (const Error& e) {
        // Far trees drop out rather than draw grey boards.
        logWarning("hike: impostor bake failed, far trees are not drawn: ", e.what());
    }
    w.stats->bakeMs = msSince(tBake);
    w.stats->impostorsBaked = w.impostorsOn;
    w.stats->impostorCoverage = bake.coveredTexels;
    makeImpostorMaterial(w.materials, bake);
    auto cardGeometry =
        std::make_shared<Geometry>(impostorCard(cardWidth, treeBounds.min.y, treeBounds.max.y), "impostor card");
    for (int k = 0; k < kImpostorSectors; ++k)
        w.impostorSectors[size_t(k)].create(*w.groups[1], str("impostors ", k), cardGeometry, w.materials.impostor,
                                            false);

    // ---- understory, rocks, grass ----
    MeshData bush = makeBush();
    makeBushMaterial(w.materials);
    w.understory.create(*w.groups[2], "bushes", std::make_shared<Geometry>(bush, "bush"), w.materials.bush, false);
    // Far props draw a simplified level of the same mesh (kPropLodDistance).
    MeshData bushFar = meshAtLevel(bush, simplifyMesh(bush, 0.5f, 0.05f, true));
    w.understoryFar.create(*w.groups[2], "bushes far", std::make_shared<Geometry>(bushFar, "bush lod 1"), w.materials.bush,
                           false);

    MeshData rock = makeRock();
    makeRockMaterial(w.materials);
    w.rocks.create(*w.groups[4], "rocks", std::make_shared<Geometry>(rock, "rock"), w.materials.rock, true);
    MeshData rockFar = meshAtLevel(rock, simplifyMesh(rock, 0.5f, 0.05f, true));
    w.rocksFar.create(*w.groups[4], "rocks far", std::make_shared<Geometry>(rockFar, "rock lod 1"), w.materials.rock, true);
    w.stats->propLodTriangles = {uint32_t(bush.indices.size() / 3), uint32_t(bushFar.indices.size() / 3),
                                 uint32_t(rock.indices.size() / 3), uint32_t(rockFar.indices.size() / 3)};

    makeGrassMaterial(w.materials);
    // Blades take the grass layer's own colour, so the cards melt into the textured ground.
    glm::vec3 grassColor = mapSet->meanAlbedo[size_t(TerrainLayer::Grass)];
    MeshData tuft = makeGrassTuft(5, 0.55f, grassColor * 0.55f, grassColor * 1.3f);
    w.grassGeometry = std::make_shared<Geometry>(tuft, "grass tuft");

    // ---- birds ----
    const float halfSpan = 0.6f;
    makeBirdMaterial(w.materials, halfSpan);
    MeshData birdMesh = makeBird(halfSpan);
    for (auto& c : birdMesh.colors) c = glm::vec4(0.03f, 0.03f, 0.035f, 1.0f);
    if (birdMesh.colors.empty())
        birdMesh.colors.assign(birdMesh.positions.size(), glm::vec4(0.03f, 0.03f, 0.035f, 1.0f));
    w.birds.create(*w.groups[5], "ravens", std::make_shared<Geometry>(birdMesh, "raven"), w.materials.bird, false);
    if (options.birds) {
        CellRandom r(1, 2, w.seed);
        glm::vec3 eye = camera.position;
        glm::vec3 ahead = glm::normalize(camera.target - camera.position);
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

    w.applyTier(QualityTier::High);
    w.applyWetness(0.0f);
    w.updateLight();
    w.stats->buildMs = msSince(tStart);
    return world;
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

} // namespace th::hike
