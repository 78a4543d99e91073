#include "common/scenes/LightStressScene.h"

#include <algorithm>
#include <cmath>

#include "assets/ProceduralMeshes.h"
#include "common/scenes/SceneHelpers.h"
#include "core/Str.h"
#include "material/PbrMaterial.h"

namespace th {

void setLightStressLights(Scene& scene, int lightCount) {
    using F = LightStressFigures;
    std::erase_if(scene.lights, [](const Light& l) { return l.type == LightType::Spot; });
    // N spots on a ⌈√N⌉ grid of cells covering the floor, one at each cell centre, row-major.
    int grid = lightCount > 0 ? int(std::ceil(std::sqrt(double(lightCount)) - 1e-9)) : 0;
    float cell = grid > 0 ? F::kFloorSize / float(grid) : 0.0f;
    for (int i = 0; i < lightCount; ++i) {
        int row = i / grid, column = i % grid;
        Light l;
        l.name = str("spot ", i);
        l.type = LightType::Spot;
        l.position = {-F::kFloorSize * 0.5f + cell * (float(column) + 0.5f), F::kLightHeight,
                      -F::kFloorSize * 0.5f + cell * (float(row) + 0.5f)};
        l.direction = {0.0f, -1.0f, 0.0f};
        l.outerConeAngle = F::kConeAngle * 0.5f;
        l.innerConeAngle = 0.0f;
        l.range = F::kRange;
        l.intensity = F::kIntensity;
        l.color = F::kColors[size_t(row + column) % F::kColors.size()];
        scene.lights.push_back(l);
    }
}

int lightStressLightCount(const Scene& scene) {
    return int(std::count_if(scene.lights.begin(), scene.lights.end(), [](const Light& l) { return l.type == LightType::Spot; }));
}

BuiltScene buildLightStressScene(SceneBuildContext&, int lightCount) {
    using F = LightStressFigures;
    BuiltScene built;
    Scene& scene = *built.scene;
    useSceneLightsOnly(scene, glm::vec3(0.0f));

    auto floorMaterial = solidColorMaterial("light-stress floor", glm::vec3(F::kFloorGrey), 0.0f, F::kFloorRoughness);
    Node& floor = addMeshNode(scene.root(), "floor",
                              std::make_shared<Geometry>(makePlane(F::kFloorSize, F::kFloorSize), "floor"), floorMaterial);
    floor.mesh->castShadows = false;
    built.materials.push_back(floorMaterial);

    // One sphere geometry, one material per sphere: metallic by row, roughness by column.
    auto sphere = std::make_shared<Geometry>(
        makeUvSphere(F::kSphereDiameter * 0.5f, F::kSphereSegments, F::kSphereRings), "sphere");
    float half = float(F::kSphereGrid - 1) * 0.5f;
    for (int row = 0; row < F::kSphereGrid; ++row)
        for (int column = 0; column < F::kSphereGrid; ++column) {
            auto material = solidColorMaterial(str("sphere r", row, " c", column), glm::vec3(F::kSphereGrey),
                                               float(row) / 9.0f, std::max(0.05f, float(column) / 9.0f));
            Node& node = addMeshNode(scene.root(), str("sphere ", row, ",", column), sphere, material);
            node.mesh->castShadows = false;
            node.transform.translation = {(float(column) - half) * F::kSphereSpacing, F::kSphereDiameter * 0.5f,
                                          (float(row) - half) * F::kSphereSpacing};
            built.materials.push_back(material);
        }

    setLightStressLights(scene, lightCount);
    // Up to the renderer's default capacity, or more when the scene file asked for more.
    Scene* lit = &scene;
    built.controls.push_back({"spot lights", 0.0f, float(std::max(1024, lightCount)),
                              [lit] { return float(lightStressLightCount(*lit)); },
                              [lit](float v) { setLightStressLights(*lit, int(std::lround(v))); }, true});

    built.camera.position = F::kCameraPosition;
    built.camera.target = F::kCameraTarget;
    built.camera.yfov = F::kCameraYfov;
    built.camera.nearPlane = F::kCameraNear;
    built.camera.farPlane = F::kCameraFar;
    built.camera.aspect = float(F::kWidth) / float(F::kHeight);
    built.counts = {{"lights", uint64_t(lightCount)}, {"spheres", uint64_t(F::kSphereGrid * F::kSphereGrid)}};
    return built;
}

} // namespace th
