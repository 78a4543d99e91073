#include "hike/HikeWorld.h"

#include <algorithm>
#include <cmath>

#include "core/ShaderTime.h"
#include "core/SteadyClock.h"
#include "core/Str.h"
#include "hike/HikeWeather.h"
#include "plugins/conform/ConformPlugin.h"
#include "plugins/dither/DitherPlugin.h"
#include "scene/Transform.h"

namespace th::hike {

void HikeWorld::setRing(int level) {
    const ClipmapRing& ring = clipmap->ring(level);
    auto mesh = std::make_shared<Mesh>(ring.mesh.name, std::make_shared<Geometry>(ring.mesh, ring.mesh.name));
    mesh->setMaterial(materials.terrain);
    // Near rings shadow themselves and the forest; the far ones lie beyond the 300 m the
    // cascades cover.
    mesh->castShadows = level <= 3;
    ringNodes[size_t(level)]->mesh = mesh;
}

void HikeWorld::rebuildForest(glm::vec2 origin) {
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

    auto scatterBucket = [&](InstanceBucket& bucket, InstanceBucket& far, const std::vector<ScatterInstance>& list,
                             float radius, bool conform, float nearFade) {
        // Out over the last 18 % of the radius; bushes also dissolve within a few metres of
        // the eye, so the camera never looks through one.
        DitherBands fade = nearFade > 0.0f ? DitherBands::between(0.4f * nearFade, nearFade, radius * 0.82f, radius)
                                           : DitherBands::fadeOut(radius * 0.82f, radius);
        auto fill = [&](InstanceBucket& target, bool wantFar) {
            std::vector<glm::mat4> m;
            std::vector<float> b, g;
            for (const ScatterInstance& i : list) {
                const bool isFar = glm::length(glm::vec2(i.position.x, i.position.z) - origin) > kPropLodDistance;
                if (isFar != wantFar) continue;
                m.push_back(placed(i.position, i.yaw, i.scale));
                appendDitherBands(b, fade);
                g.insert(g.end(), {i.gradient.x, i.gradient.y});
            }
            std::vector<InstanceStream> streams = {{DitherPlugin::kBandsStream, {4, std::move(b)}}};
            if (conform) streams.push_back({ConformPlugin::kGradientStream, {2, std::move(g)}});
            target.set(std::move(m), std::move(streams));
        };
        fill(bucket, false);
        fill(far, true);
        return list.size();
    };
    s.understory = scatterBucket(understory, understoryFar,
                                 hike::understory(field, *forest, origin, kUnderstoryRadius + pad, seed),
                                 kUnderstoryRadius, false, 4.0f);
    s.rocks = scatterBucket(rocks, rocksFar, hike::rocks(field, origin, kRockRadius + pad, seed), kRockRadius, true, 0.0f);
    forestOrigin = origin;
    forestDirty = false;
    s.forestRebuilt = true;
    ++s.forestRebuilds;
    s.forestMs = msSince(t0);
}

void HikeWorld::updateGrass(glm::vec2 eye) {
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
        mesh->setMaterial(materials.grass);
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

void HikeWorld::updateBirds(double seconds) {
    if (flock.empty()) return;
    float t = wrappedShaderTime(seconds);
    // One lap every 50 s on the 300 s wrap grid: no jump when the shader time wraps.
    float laps = float(snapAngularFrequency(kTwoPi / 50.0) / kTwoPi) * t;
    std::vector<glm::mat4> m;
    m.reserve(flock.size());
    for (const Bird& b : flock) m.push_back(flocks[size_t(b.flock)].birdMatrix(laps + b.phase, b.offset, 1.0f));
    birds.instances->setMatrices(std::move(m));
}

void HikeWorld::updateLight() { applyLightOfTheHour(*scene, fogBase, nightFillIndex); }

void HikeWorld::applyWetness(float w) {
    wetness = w;
    materials.terrain->setParams(wetParams(materials.terrainBase, w));
    materials.rock->setParams(wetParams(materials.rockBase, w));
}

void HikeWorld::applyWeather(const std::string& preset) {
    fogBase = applyHikeFog(*scene, preset);
    applyWetness(presetWetness(preset));
    updateLight();
}

void HikeWorld::setForestNearRadius(float metres) {
    bandSettings.nearRadius = metres;
    bands = bandTable(bandSettings);
    forestDirty = true;
}

void HikeWorld::setGrassSpacing(float metres) {
    grass.spacing = metres;
    grassDirty = true;
}

void HikeWorld::applyTier(QualityTier chosen) {
    tier = chosen;
    tierValues = tierSettings(chosen);
    if (options.forestNearRadius) tierValues.nearRadius = *options.forestNearRadius;
    if (options.grassSpacing) tierValues.grassSpacing = *options.grassSpacing;
    applyTierRendererOptions(renderer->options(), chosen);
    bandSettings.nearRadius = tierValues.nearRadius;
    bands = bandTable(bandSettings);
    // LOD0 casts on every tier with shadows; LOD1 and LOD2 (to the near radius) on high,
    // so a low sun draws long shadows across the near forest. Cards never cast (they face
    // the eye, not the sun).
    lods[1].mesh->castShadows = lods[2].mesh->castShadows = tierValues.nearShadows;
    grass.spacing = tierValues.grassSpacing;
    forestDirty = grassDirty = true;
    stats->tier = chosen;
    stats->nearRadius = tierValues.nearRadius;
}

void HikeWorld::update(double seconds, const Camera& camera) {
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

} // namespace th::hike
