#pragma once
// The light-stress scene's figures (LightStressScene.h describes the scene), apart from its
// builder so the check against assets/scenes/light-stress.json needs no GL.
#include <array>

#include <glm/glm.hpp>

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
    static constexpr float kIntensity = 40.0f; ///< candela, every light
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

} // namespace th
