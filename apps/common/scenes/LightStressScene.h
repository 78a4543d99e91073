#pragma once
// The standard light-stress scene (assets/scenes/light-stress.json holds the same figures so
// other renderers can build it): a 40 × 40 m grey floor, 100 spheres of 2 m on a 3.6 m grid
// whose materials sweep metallic by row and roughness by column, and N spot lights 6 m up on
// a ⌈√N⌉ grid covering the floor, pointing down. No shadows, no IBL, no sun; Khronos PBR
// Neutral tone mapping. The camera sits at (0, 30, −34) looking at (0, 0, 1), 45° vertical.
//
// The spot's "cone angle π/2" is the full opening (Babylon.js's SpotLight.angle, which the
// figures come from): outerConeAngle, which is measured from the axis, is π/4. With it, the
// cone from 6 m up reaches the floor in a disc of 6 m radius whose rim lies 8.49 m from the
// light, just inside the 8.5 m range; the inner angle is 0, so the light fades from the axis.
#include <array>

#include <glm/glm.hpp>

#include "common/scenes/BuiltScene.h"

namespace th {

struct LightStressFigures {
    static constexpr float kFloorSize = 40.0f;
    static constexpr float kFloorGrey = 0.5f;
    static constexpr float kFloorRoughness = 0.8f;
    static constexpr int kSphereGrid = 10;
    static constexpr float kSphereSpacing = 3.6f;
    static constexpr float kSphereDiameter = 2.0f;
    static constexpr int kSphereSegments = 32;
    static constexpr int kSphereRings = 16;
    static constexpr float kSphereGrey = 0.8f;
    static constexpr float kLightHeight = 6.0f;
    static constexpr float kConeAngle = 1.5707963f; ///< full opening
    static constexpr float kRange = 8.5f;
    static constexpr float kIntensity = 40.0f;      ///< candela, every light
    /// Light colours: the light in grid cell (row, column) takes kColors[(row + column) % 4].
    static constexpr std::array<glm::vec3, 4> kColors = {glm::vec3(1.0f, 0.85f, 0.7f), glm::vec3(0.7f, 0.85f, 1.0f),
                                                         glm::vec3(1.0f, 0.7f, 0.45f), glm::vec3(0.55f, 1.0f, 0.85f)};
    static constexpr glm::vec3 kCameraPosition{0.0f, 30.0f, -34.0f};
    static constexpr glm::vec3 kCameraTarget{0.0f, 0.0f, 1.0f};
    static constexpr float kCameraYfov = 0.78539816f; ///< 45°
    static constexpr float kCameraNear = 0.1f;
    static constexpr float kCameraFar = 200.0f;
    static constexpr int kWidth = 1280, kHeight = 720;
};

/// Builds the light-stress scene with `lightCount` spot lights (0 allowed). Its "spot lights"
/// control (BuiltScene::controls) lays the grid out again for another count at run time.
BuiltScene buildLightStressScene(SceneBuildContext& context, int lightCount);

/// Replaces the scene's spot lights with `lightCount` of them on the ⌈√N⌉ grid above (0
/// allowed; lights of other types stay).
void setLightStressLights(Scene& scene, int lightCount);

/// The spot lights the scene holds.
int lightStressLightCount(const Scene& scene);

} // namespace th
