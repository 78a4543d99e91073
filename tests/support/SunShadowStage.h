#pragma once
// A stage for sun-shadow pixel tests: a long wall on a floor, lying across the sun's
// horizontal direction so its shadow's edge runs straight away from a camera standing right
// above that edge. The edge is then the image's centre column, each image row is one view
// depth, and the edge lies along a row of the light's texel grid (the light view's x axis is
// horizontal and perpendicular to the sun), so nothing but the filter and the cascade shapes
// the penumbra a row shows.
#include <algorithm>
#include <memory>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "support/LightingTestSupport.h"

namespace th::test {

struct SunShadowStage {
    std::unique_ptr<Scene> scene;
    Camera camera;
    glm::vec3 along{0.0f};  ///< the wall's (and the view's) horizontal direction
    glm::vec3 across{0.0f}; ///< horizontal, the way the sunlight travels
    glm::vec3 edgeStart{0.0f}; ///< the shadow edge's floor point below the camera
};

/// The sun at `hour`, no sky light or IBL (the shadow is black), `exposure` on the sun.
inline SunShadowStage sunShadowStage(float hour = 15.0f, float exposure = 0.25f) {
    SunShadowStage s;
    s.scene = std::make_unique<Scene>();
    Scene& scene = *s.scene;
    scene.sunLight = true;
    scene.sky.hour = hour;
    scene.environment.source = EnvironmentSource::None;
    scene.environment.showAsBackground = false;
    scene.post.toneMapping = ToneMapping::None;
    scene.post.exposure = exposure;
    scene.post.clearColor = glm::vec3(0.0f);
    glm::vec3 sun = sunDirectionForHour(scene.sky.hour, scene.sky.latitude);
    s.across = glm::normalize(glm::vec3(sun.x, 0.0f, sun.z));
    s.along = glm::vec3(-s.across.z, 0.0f, s.across.x);
    addMesh(scene, "floor", floorMesh(600.0f), greyMaterial("floor"));
    // Wall: 3 m high, 0.2 m thick, from 10 m behind the camera to 190 m ahead, its lit face
    // 1.6 m on the sun's side. Rotated about Y so its length (box X) runs along `along`.
    const float height = 3.0f, thickness = 0.2f, offset = -1.5f;
    Node& wall = addMesh(scene, "wall", boxMesh({200.0f, height, thickness}), greyMaterial("wall"),
                         s.along * 90.0f + s.across * offset + glm::vec3(0, height * 0.5f, 0));
    wall.transform.rotation = glm::quat(glm::vec3(0.0f, std::atan2(-s.along.z, s.along.x), 0.0f));
    // The top of the wall's shaded face casts the edge: along the sunlight to the floor.
    float lateral = offset + thickness * 0.5f + height * glm::length(glm::vec2(sun.x, sun.z)) / -sun.y;
    s.edgeStart = s.across * lateral;
    s.camera.position = s.edgeStart + glm::vec3(0, 2.0f, 0);
    s.camera.target = s.edgeStart + s.along * 20.0f;
    s.camera.up = {0, 1, 0};
    s.camera.nearPlane = 0.1f;
    s.camera.farPlane = 500.0f;
    return s;
}

/// The image row where the floor point on the edge line at view depth `depth` lands.
inline int rowAtDepth(const SunShadowStage& s, int width, int height, float depth) {
    glm::vec3 forward = glm::normalize(s.camera.target - s.camera.position);
    // The floor point s.edgeStart + along · d has view depth d · (along · forward) − 2 · forward.y.
    float d = (depth + s.camera.position.y * forward.y) / glm::dot(s.along, forward);
    return toPixel(s.camera, width, height, s.edgeStart + s.along * d).y;
}

/// Linear luminance proxy per pixel: the red channel (grey surfaces, white-ish sun), 0–255.
inline std::vector<int> rowValues(const ImageRgba8& image, int row, int firstColumn, int lastColumn) {
    std::vector<int> v;
    for (int x = std::max(firstColumn, 0); x <= std::min(lastColumn, image.width - 1); ++x) v.push_back(image.rgba(x, row)[0]);
    return v;
}

} // namespace th::test
