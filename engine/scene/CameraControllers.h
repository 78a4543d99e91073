#pragma once
// Camera controllers for the demo: an orbit controller (drag to rotate around a target, wheel
// to zoom) and a fly controller (WASD-style movement, mouse look). They take abstract input so
// they can be tested without a window.
#include <glm/glm.hpp>

#include "scene/Camera.h"

namespace th {

class OrbitController {
public:
    /// Reads the orbit (yaw, pitch, distance) from where the camera is now.
    void attach(const Camera& camera);
    /// Drag in pixels (x right, y down) rotates; wheel steps zoom; pan moves the target.
    void rotate(Camera& camera, glm::vec2 dragPixels);
    void zoom(Camera& camera, float wheelSteps);
    void pan(Camera& camera, glm::vec2 dragPixels);
    float yaw = 0, pitch = 0.3f, distance = 5;
    float rotateSpeed = 0.005f;

private:
    void apply(Camera& camera) const;
};

class FlyController {
public:
    void attach(const Camera& camera);
    /// `move` is (right, up, forward) in −1..1 per axis; `look` is the mouse delta in pixels.
    void update(Camera& camera, glm::vec3 move, glm::vec2 look, float seconds);
    float speed = 10.0f; ///< metres per second
    float lookSpeed = 0.003f;
    float yaw = 0, pitch = 0;
};

} // namespace th
