#pragma once
// C++ mirror of the Scene and Draw uniform blocks (shaders/common/scene_uniforms.glsl and
// draw_uniforms.glsl). Only vec4 and mat4 members, so std140 adds no padding and the struct
// can be copied byte for byte; the static_asserts pin the sizes.
#include <glm/glm.hpp>

namespace th {

struct SceneUniforms {
    glm::mat4 view{1.0f};
    glm::mat4 projection{1.0f};
    glm::mat4 viewProjection{1.0f};
    glm::mat4 inverseViewProjection{1.0f};
    glm::vec4 cameraPosition{0.0f};
    glm::vec4 viewportSize{0.0f};
    glm::vec4 sunDirection{0.0f, -1.0f, 0.0f, 0.0f};
    glm::vec4 sunColor{0.0f};
    glm::vec4 hemiSkyColor{0.0f};
    glm::vec4 hemiGroundColor{0.0f};
    glm::vec4 iblParams{0.0f};
    glm::vec4 shIrradiance[9] = {};
    glm::vec4 fogColor{0.0f};
    glm::vec4 fogParams{0.0f};
    glm::vec4 exposureParams{1.0f, 0.0f, 0.0f, 0.0f};
    glm::mat4 cascadeMatrices[4] = {glm::mat4(1.0f), glm::mat4(1.0f), glm::mat4(1.0f), glm::mat4(1.0f)};
    glm::vec4 cascadeSplits{0.0f};
    glm::vec4 cascadeTexelSizes{0.0f};
    glm::vec4 shadowParams{0.0f};
    glm::vec4 lightingParams{0.0f};
    glm::vec4 clusterGrid{1.0f, 1.0f, 1.0f, 1.0f};
    glm::vec4 clusterParams{0.0f};
    glm::vec4 shadowFilterParams{0.0f};
};
static_assert(sizeof(SceneUniforms) == 4 * 64 + 6 * 16 + 16 + 9 * 16 + 3 * 16 + 4 * 64 + 4 * 16 + 3 * 16, "std140 mirror");

struct DrawUniforms {
    glm::mat4 world{1.0f};
    glm::mat4 normalWorld{1.0f};
    glm::vec4 drawParams{0.0f};
};
static_assert(sizeof(DrawUniforms) == 144, "std140 mirror");

} // namespace th
