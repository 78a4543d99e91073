#include "scene/CameraControllers.h"

#include <algorithm>
#include <cmath>

namespace th {

static glm::vec3 direction(float yaw, float pitch) {
    return {std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw)};
}

void OrbitController::attach(const Camera& camera) {
    glm::vec3 offset = camera.position - camera.target;
    distance = std::max(glm::length(offset), 1e-3f);
    glm::vec3 d = offset / distance;
    pitch = std::asin(std::clamp(d.y, -1.0f, 1.0f));
    yaw = std::atan2(d.x, d.z);
}

void OrbitController::apply(Camera& camera) const {
    camera.position = camera.target + direction(yaw, pitch) * distance;
}

void OrbitController::rotate(Camera& camera, glm::vec2 drag) {
    yaw -= drag.x * rotateSpeed;
    pitch = std::clamp(pitch + drag.y * rotateSpeed, -1.55f, 1.55f);
    apply(camera);
}

void OrbitController::zoom(Camera& camera, float steps) {
    distance = std::max(distance * std::pow(0.9f, steps), 1e-3f);
    apply(camera);
}

void OrbitController::pan(Camera& camera, glm::vec2 drag) {
    glm::vec3 forward = -direction(yaw, pitch);
    glm::vec3 right = glm::normalize(glm::cross(forward, glm::vec3(0, 1, 0)));
    glm::vec3 up = glm::cross(right, forward);
    float scale = distance * 0.0015f;
    camera.target += (-right * drag.x + up * drag.y) * scale;
    apply(camera);
}

void FlyController::attach(const Camera& camera) {
    glm::vec3 f = camera.forward();
    pitch = std::asin(std::clamp(f.y, -1.0f, 1.0f));
    yaw = std::atan2(f.x, f.z);
}

void FlyController::update(Camera& camera, glm::vec3 move, glm::vec2 look, float seconds) {
    yaw -= look.x * lookSpeed;
    pitch = std::clamp(pitch - look.y * lookSpeed, -1.55f, 1.55f);
    glm::vec3 forward = direction(yaw, pitch);
    glm::vec3 right = glm::normalize(glm::cross(forward, glm::vec3(0, 1, 0)));
    camera.position += (right * move.x + glm::vec3(0, 1, 0) * move.y + forward * move.z) * speed * seconds;
    camera.target = camera.position + forward;
}

} // namespace th
