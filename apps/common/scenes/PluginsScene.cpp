#include "common/scenes/PluginsScene.h"

#include <cmath>
#include <random>

#include <glm/gtc/matrix_transform.hpp>

#include "assets/MeshAppend.h"
#include "assets/ProceduralMeshes.h"
#include "common/scenes/SceneHelpers.h"
#include "core/ShaderTime.h"
#include "core/Str.h"
#include "material/PbrMaterial.h"
#include "plugins/conform/ConformPlugin.h"
#include "plugins/dither/DitherPlugin.h"
#include "common/scenes/TerrainPatch.h"
#include "plugins/terrain/TerrainPlugin.h"
#include "plugins/wind/WindPlugin.h"
#include "plugins/wing/WingPlugin.h"

namespace th {

namespace {

using L = PluginsSceneLayout;

// Uniform floats from a seeded engine, without std's distributions (which differ between
// standard libraries): the same seed builds the same scene everywhere.
struct Random {
    std::mt19937 engine;
    explicit Random(uint64_t seed) : engine(uint32_t(seed ^ (seed >> 32))) {}
    float uniform(float lo = 0.0f, float hi = 1.0f) { return lo + (hi - lo) * float(engine() >> 8) / 16777216.0f; }
};

// The conform ramp's height over its 8 × 8 m square: 0 at its low corner (−X, +Z).
float rampHeight(float x, float z) {
    return L::kRampSlopeX * (x - (L::kConformX - 4.0f)) + L::kRampSlopeZ * (z - 4.0f);
}

// The conform section's tree: a thick trunk (0.9 m across, so the daylight under its
// downhill edge reads from the default camera) under a cone crown; base at y = 0.
MeshData wideTrunkTree() {
    MeshData tree;
    tree.name = "wide-trunk tree";
    appendMesh(tree, makeCylinder(0.45f, 3.0f, 16, true, glm::vec4(0.33f, 0.21f, 0.12f, 1.0f)),
               glm::translate(glm::mat4(1.0f), glm::vec3(0, 1.5f, 0)));
    appendMesh(tree, makeCone(1.4f, 4.5f, 16, 3, true, glm::vec4(0.12f, 0.30f, 0.10f, 1.0f)),
               glm::translate(glm::mat4(1.0f), glm::vec3(0, 3.0f + 2.25f, 0)));
    return tree;
}

// The dither section's coarse LOD: a 6-sided trunk under an 8-sided cone, tinted so the
// hand-over reads in captures.
MeshData coarseTree() {
    MeshData tree;
    tree.name = "tree lod1";
    appendMesh(tree, makeCylinder(0.2f, 2.0f, 6, false, glm::vec4(0.35f, 0.22f, 0.12f, 1.0f)),
               glm::translate(glm::mat4(1.0f), glm::vec3(0, 1.0f, 0)));
    appendMesh(tree, makeCone(1.5f, 6.0f, 8, 1, true, glm::vec4(0.32f, 0.45f, 0.10f, 1.0f)),
               glm::translate(glm::mat4(1.0f), glm::vec3(0, 5.0f, 0)));
    return tree;
}

void addWind(BuiltScene& built, Random& random) {
    Scene& scene = *built.scene;
    // Grass: 0.6 m cards, grass profile.
    const MeshData card = makeGrassCard(0.5f, 0.6f);
    auto grassMaterial = vertexColorMaterial("wind grass", 0.9f, AlphaMode::Opaque, true);
    auto grassWind = std::make_shared<WindPlugin>(WindSettings{.profile = WindProfile::Grass, .meshHeight = 0.6f});
    grassMaterial->addPlugin(grassWind);
    auto grass = meshOf(card, grassMaterial);
    grass->castShadows = false;
    auto cards = std::make_shared<InstanceBuffer>("wind grass");
    std::vector<glm::mat4> matrices;
    for (int i = 0; i < 600; ++i) {
        glm::vec3 p(L::kWindX + random.uniform(-4.0f, 4.0f), 0.0f, random.uniform(-1.0f, 5.0f));
        matrices.push_back(placed(p, random.uniform(0.0f, 3.14159f), random.uniform(0.7f, 1.2f)));
    }
    cards->setMatrices(matrices);
    grass->setInstances(cards);
    scene.root().addChild("wind grass").mesh = grass;

    // Trees: the crown profile, each instance with its own share of the sway.
    const MeshData treeData = makeTree();
    float treeHeight = treeData.bounds().max.y;
    auto treeMaterial = vertexColorMaterial("wind tree", 0.8f);
    auto treeWind = std::make_shared<WindPlugin>(
        WindSettings{.profile = WindProfile::TreeCrown, .meshHeight = treeHeight, .perInstanceScale = true});
    treeMaterial->addPlugin(treeWind);
    auto trees = meshOf(treeData, treeMaterial);
    auto treeInstances = std::make_shared<InstanceBuffer>("wind trees");
    treeInstances->setMatrices({placed({L::kWindX - 3.0f, 0, -4.0f}, 0.3f, 0.8f), placed({L::kWindX + 0.5f, 0, -5.0f}, 1.1f, 1.0f),
                                placed({L::kWindX + 3.5f, 0, -3.5f}, 2.0f, 0.7f)});
    treeInstances->setStream(WindPlugin::kScaleStream, 1, {1.0f, 0.6f, 1.4f});
    trees->setInstances(treeInstances);
    scene.root().addChild("wind trees").mesh = trees;

    built.materials.insert(built.materials.end(), {grassMaterial, treeMaterial});
    built.plugins.insert(built.plugins.end(), {grassWind, treeWind});
    built.counts.push_back({"grass cards", matrices.size()});
    built.counts.push_back({"wind trees", treeInstances->count()});
}

void addConform(BuiltScene& built) {
    Scene& scene = *built.scene;
    // The ramp: an 8 × 8 m plane lifted by the ramp height (constant slope, flat normal).
    MeshData ramp = makePlane(8.0f, 8.0f, 8, glm::vec4(0.30f, 0.26f, 0.20f, 1.0f));
    ramp.name = "conform ramp";
    glm::vec3 normal = glm::normalize(glm::vec3(-L::kRampSlopeX, 1.0f, -L::kRampSlopeZ));
    for (size_t i = 0; i < ramp.positions.size(); ++i) {
        glm::vec3& p = ramp.positions[i];
        p.x += L::kConformX;
        p.y = rampHeight(p.x, p.z);
        ramp.normals[i] = normal;
    }
    ramp.tangents.clear();
    auto rampMaterial = vertexColorMaterial("conform ramp", 0.95f);
    auto rampMesh = meshOf(ramp, rampMaterial);
    rampMesh->castShadows = false;
    scene.root().addChild("conform ramp").mesh = rampMesh;

    // Two rows of trees standing plumb on the ramp, each instance at the ground height of its
    // origin; only the front row's material conforms.
    const MeshData treeData = wideTrunkTree();
    auto seated = vertexColorMaterial("conform tree", 0.8f);
    auto conform = std::make_shared<ConformPlugin>();
    seated->addPlugin(conform);
    auto plain = vertexColorMaterial("conform tree (no plugin)", 0.8f);
    glm::vec2 gradient = groundGradientAt(rampHeight, 0.0f, 0.0f);
    for (bool front : {true, false}) {
        auto mesh = meshOf(treeData, front ? seated : plain);
        auto instances = std::make_shared<InstanceBuffer>(front ? "conformed trees" : "unconformed trees");
        std::vector<glm::mat4> matrices;
        std::vector<float> gradients;
        float z = front ? 2.0f : -2.0f;
        for (float x : {-2.8f, 0.0f, 2.8f}) {
            glm::vec3 p(L::kConformX + x, 0.0f, z);
            p.y = rampHeight(p.x, p.z);
            matrices.push_back(placed(p, x, 1.0f));
            gradients.insert(gradients.end(), {gradient.x, gradient.y});
        }
        instances->setMatrices(matrices);
        instances->setStream(ConformPlugin::kGradientStream, 2, gradients);
        mesh->setInstances(instances);
        scene.root().addChild(front ? "conformed trees" : "unconformed trees").mesh = mesh;
    }
    built.materials.insert(built.materials.end(), {rampMaterial, seated, plain});
    built.plugins.push_back(conform);
    built.counts.push_back({"conform trees", 6});
}

void addDither(BuiltScene& built) {
    Scene& scene = *built.scene;
    // LOD0 fades out and LOD1 fades in over the same seam, measured from each tree's origin to
    // the eye (XZ), wherever the camera goes.
    auto lod0Material = vertexColorMaterial("dither lod0", 0.8f, AlphaMode::Mask);
    auto lod1Material = vertexColorMaterial("dither lod1", 0.8f, AlphaMode::Mask);
    auto dither0 = std::make_shared<DitherPlugin>();
    auto dither1 = std::make_shared<DitherPlugin>();
    lod0Material->addPlugin(dither0);
    lod1Material->addPlugin(dither1);
    auto lod0 = meshOf(makeTree(), lod0Material);
    auto lod1 = meshOf(coarseTree(), lod1Material);
    std::vector<glm::mat4> matrices;
    std::vector<float> bands0, bands1;
    // A diagonal row from (3, 12) receding to the right, so every tree shows beside the next
    // one; each instance's distance to the default eye runs from about 18 m to 60 m.
    for (int i = 0; i < 13; ++i) {
        float s = 4.0f * float(i);
        glm::vec2 p(L::kDitherX - 3.0f + 0.35f * s, 12.0f - s);
        matrices.push_back(placed({p.x, 0.0f, p.y}, s, 0.5f));
        appendDitherBands(bands0, DitherBands::fadeOut(L::kDitherSeamStart, L::kDitherSeamEnd));
        appendDitherBands(bands1, DitherBands::fadeIn(L::kDitherSeamStart, L::kDitherSeamEnd));
    }
    auto instances0 = std::make_shared<InstanceBuffer>("dither lod0");
    instances0->setMatrices(matrices);
    instances0->setStream(DitherPlugin::kBandsStream, 4, bands0);
    lod0->setInstances(instances0);
    auto instances1 = std::make_shared<InstanceBuffer>("dither lod1");
    instances1->setMatrices(matrices);
    instances1->setStream(DitherPlugin::kBandsStream, 4, bands1);
    lod1->setInstances(instances1);
    scene.root().addChild("dither lod0").mesh = lod0;
    scene.root().addChild("dither lod1").mesh = lod1;
    built.materials.insert(built.materials.end(), {lod0Material, lod1Material});
    built.plugins.insert(built.plugins.end(), {dither0, dither1});
    built.counts.push_back({"dither trees", matrices.size()});
}

struct Flock {
    std::shared_ptr<InstanceBuffer> ravens, butterflies;
    std::vector<float> ravenPhase, butterflyPhase;
};

void flockMatrices(Flock& flock, double seconds) {
    // Positions only; wrapped time keeps float arguments small after hours of uptime.
    float t = wrappedShaderTime(seconds);
    const float orbit = float(snapAngularFrequency(0.25)); // one lap in about 25 s, on the wrap grid
    std::vector<glm::mat4> ravens;
    for (size_t i = 0; i < flock.ravenPhase.size(); ++i) {
        float a = orbit * t + flock.ravenPhase[i];
        float r = 3.0f + 0.6f * float(i % 3);
        glm::vec3 p(L::kWingX + r * std::cos(a), 4.0f + 0.8f * float(i % 4) + 0.3f * std::sin(2.0f * a), r * std::sin(a));
        // Facing along the circle: the model faces +Z, so yaw by the tangent direction.
        ravens.push_back(placed(p, -a, 1.0f));
    }
    flock.ravens->setMatrices(ravens);
    std::vector<glm::mat4> butterflies;
    for (size_t i = 0; i < flock.butterflyPhase.size(); ++i) {
        float a = flock.butterflyPhase[i] + float(snapAngularFrequency(0.7)) * t;
        glm::vec3 p(L::kWingX - 2.0f + 1.5f * std::cos(a + float(i)), 0.7f + 0.25f * std::sin(3.0f * a),
                    4.0f + 1.2f * std::sin(a * 1.0f));
        butterflies.push_back(placed(p, -a, 1.0f));
    }
    flock.butterflies->setMatrices(butterflies);
}

void addWings(BuiltScene& built, Random& random) {
    Scene& scene = *built.scene;
    const float ravenSpan = 0.5f, butterflySpan = 0.06f;
    auto ravenMaterial = vertexColorMaterial("wing ravens", 0.7f, AlphaMode::Opaque, true);
    auto ravenWing = std::make_shared<WingPlugin>(WingSettings::raven(ravenSpan));
    ravenMaterial->addPlugin(ravenWing);
    auto butterflyMaterial = vertexColorMaterial("wing butterflies", 0.6f, AlphaMode::Opaque, true);
    auto butterflyWing = std::make_shared<WingPlugin>(WingSettings::butterfly(butterflySpan));
    butterflyMaterial->addPlugin(butterflyWing);

    auto flock = std::make_shared<Flock>();
    flock->ravens = std::make_shared<InstanceBuffer>("ravens");
    flock->butterflies = std::make_shared<InstanceBuffer>("butterflies");
    std::vector<float> ravenBeats, butterflyBeats;
    for (int i = 0; i < 7; ++i) {
        flock->ravenPhase.push_back(random.uniform(0.0f, 6.2831853f));
        // The last raven glides: amplitude 0.
        ravenBeats.insert(ravenBeats.end(), {random.uniform(0.0f, 6.2831853f), i == 6 ? 0.0f : random.uniform(0.7f, 1.0f)});
    }
    for (int i = 0; i < 5; ++i) {
        flock->butterflyPhase.push_back(random.uniform(0.0f, 6.2831853f));
        butterflyBeats.insert(butterflyBeats.end(), {random.uniform(0.0f, 6.2831853f), 0.9f});
    }
    flock->ravens->setStream(WingPlugin::kBeatStream, 2, ravenBeats);
    flock->butterflies->setStream(WingPlugin::kBeatStream, 2, butterflyBeats);
    flockMatrices(*flock, 0.0);

    auto ravens = meshOf(makeBird(ravenSpan), ravenMaterial);
    ravens->setInstances(flock->ravens);
    ravens->castShadows = false;
    auto butterflies = meshOf(makeButterfly(butterflySpan), butterflyMaterial);
    butterflies->setInstances(flock->butterflies);
    butterflies->castShadows = false;
    scene.root().addChild("ravens").mesh = ravens;
    scene.root().addChild("butterflies").mesh = butterflies;

    built.update = [flock](double seconds, const Camera&) { flockMatrices(*flock, seconds); };
    built.materials.insert(built.materials.end(), {ravenMaterial, butterflyMaterial});
    built.plugins.insert(built.plugins.end(), {ravenWing, butterflyWing});
    built.counts.push_back({"ravens", flock->ravenPhase.size()});
    built.counts.push_back({"butterflies", flock->butterflyPhase.size()});
}

// A kTerrainSize square terrain patch centred on (0, 0, kTerrainZ), behind the four sections:
// sea-bed pebbles, beach, mottled grass and forest floor, a rock band with its steep face
// towards the camera and a road, standing a hand above the meadow on rock sides. The maps
// are loaded (or generated once and cached) here, so the first frame already shows them.
void addTerrain(BuiltScene& built, SceneBuildContext& context) {
    TerrainPatchOptions options;
    options.size = L::kTerrainSize;
    options.subdivisions = 64;
    options.seed = uint32_t(context.seed);
    options.origin = {0.0f, 0.0f, L::kTerrainZ};
    options.skirtClearance = 0.05f;
    TerrainPatch patch = makeTerrainPatch(options);
    PbrParams params;
    params.metallicFactor = 0.0f;
    params.roughnessFactor = 1.0f;
    auto material = std::make_shared<PbrMaterial>("terrain", params);
    auto terrain = std::make_shared<TerrainPlugin>();
    terrain->setMaps(TerrainPlugin::sharedMaps({.seed = 1, .size = 512}));
    terrain->setRoad(patch.road, patch.roadHalfWidth);
    material->addPlugin(terrain);
    auto mesh = meshOf(patch.mesh, material);
    built.scene->root().addChild("terrain").mesh = mesh;
    built.materials.push_back(material);
    built.plugins.push_back(terrain);
    built.counts.push_back({"terrain vertices", patch.mesh.vertexCount()});
}

} // namespace

BuiltScene buildPluginsScene(SceneBuildContext& context) {
    BuiltScene built;
    Scene& scene = *built.scene;
    scene.sky.hour = 15.5f;
    scene.fog.enabled = false;
    scene.post.toneMapping = ToneMapping::PbrNeutral;

    built.camera.position = {0.0f, 9.0f, 30.0f};
    built.camera.target = {0.0f, 1.5f, -2.0f};
    built.camera.yfov = 0.7853982f;
    built.camera.nearPlane = 0.1f;
    built.camera.farPlane = 400.0f;

    // The meadow every section stands on.
    auto meadowMaterial = vertexColorMaterial("meadow", 0.95f);
    auto meadow = meshOf(makePlane(80.0f, 80.0f, 1, glm::vec4(0.20f, 0.32f, 0.10f, 1.0f)), meadowMaterial);
    meadow->castShadows = false;
    scene.root().addChild("meadow").mesh = meadow;
    built.materials.push_back(meadowMaterial);

    Random random(context.seed);
    addWind(built, random);
    addConform(built);
    addDither(built);
    addWings(built, random);

    addTerrain(built, context);

    return built;
}

} // namespace th
