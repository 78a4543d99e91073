#include "hike/HikeMaterials.h"

#include "core/Str.h"
#include "plugins/conform/ConformPlugin.h"
#include "plugins/dither/DitherPlugin.h"

namespace th::hike {

std::vector<std::shared_ptr<Material>> HikeMaterials::all() const {
    return {terrain, trees[0], trees[1], trees[2], impostor, bush, grass, rock, bird};
}

std::shared_ptr<PbrMaterial> vertexColoredMaterial(std::string name, float roughness, AlphaMode alpha,
                                                   bool doubleSided) {
    PbrParams p;
    p.metallicFactor = 0.0f;
    p.roughnessFactor = roughness;
    p.vertexColors = true;
    p.doubleSided = doubleSided;
    p.alphaMode = alpha;
    return std::make_shared<PbrMaterial>(std::move(name), p); // the params set alpha mode and sides
}

std::shared_ptr<const TerrainTextureSet> makeTerrainMaterial(HikeMaterials& m, const TerrainTextureOptions& maps,
                                                             const std::filesystem::path& cache) {
    PbrParams terrainParams;
    terrainParams.metallicFactor = 0.0f;
    terrainParams.roughnessFactor = 1.0f;
    m.terrainBase = terrainParams;
    m.terrain = std::make_shared<PbrMaterial>("terrain", terrainParams);
    m.terrainPlugin = std::make_shared<TerrainPlugin>();
    std::shared_ptr<const TerrainTextureSet> set = TerrainPlugin::sharedMaps(maps, cache);
    m.terrainPlugin->setMaps(set);
    m.terrain->addPlugin(m.terrainPlugin);
    return set;
}

void makeTreeMaterial(HikeMaterials& m, int k, float treeHeight) {
    auto material = vertexColoredMaterial(str("tree lod", k), 0.85f, AlphaMode::Mask, false);
    material->addPlugin(std::make_shared<DitherPlugin>());
    material->addPlugin(std::make_shared<ConformPlugin>());
    if (k < 2) {
        auto wind =
            std::make_shared<WindPlugin>(WindSettings{.profile = WindProfile::TreeCrown, .meshHeight = treeHeight});
        material->addPlugin(wind);
        m.winds.push_back(wind);
    }
    m.trees[size_t(k)] = material;
}

void makeImpostorMaterial(HikeMaterials& m, const ImpostorBake& bake) {
    PbrParams cardParams;
    cardParams.metallicFactor = 0.0f;
    cardParams.roughnessFactor = 1.0f;
    cardParams.alphaMode = AlphaMode::Mask;
    cardParams.alphaCutoff = 0.5f;
    cardParams.doubleSided = true;
    cardParams.baseColorTexture.texture = 0;
    m.impostor = std::make_shared<PbrMaterial>("tree impostor", cardParams);
    m.impostor->setAlphaMode(AlphaMode::Mask);
    m.impostor->setDoubleSided(true);
    if (bake.texture) m.impostor->setTexture(PbrTextureSlot::BaseColor, {bake.texture, bake.sampler});
    m.impostor->addPlugin(std::make_shared<DitherPlugin>());
}

void makeBushMaterial(HikeMaterials& m) {
    m.bush = vertexColoredMaterial("understory", 0.9f, AlphaMode::Mask, false);
    auto bushWind = std::make_shared<WindPlugin>(WindSettings{.profile = WindProfile::Understory, .meshHeight = 1.4f});
    m.bush->addPlugin(bushWind);
    m.bush->addPlugin(std::make_shared<DitherPlugin>());
    m.winds.push_back(bushWind);
}

void makeRockMaterial(HikeMaterials& m) {
    m.rock = vertexColoredMaterial("rocks", 0.8f, AlphaMode::Mask, false);
    m.rockBase = m.rock->params();
    m.rock->addPlugin(std::make_shared<DitherPlugin>());
    m.rock->addPlugin(std::make_shared<ConformPlugin>());
}

void makeGrassMaterial(HikeMaterials& m) {
    m.grass = vertexColoredMaterial("grass", 0.85f, AlphaMode::Mask, true);
    auto grassWind = std::make_shared<WindPlugin>(WindSettings{.profile = WindProfile::Grass, .meshHeight = 0.55f});
    m.grass->addPlugin(grassWind);
    m.grass->addPlugin(std::make_shared<DitherPlugin>());
    m.winds.push_back(grassWind);
}

void makeBirdMaterial(HikeMaterials& m, float halfSpan) {
    m.bird = vertexColoredMaterial("ravens", 0.7f, AlphaMode::Opaque, true);
    m.wing = std::make_shared<WingPlugin>(WingSettings::raven(halfSpan));
    m.bird->addPlugin(m.wing);
}

} // namespace th::hike
