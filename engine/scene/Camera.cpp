#include "scene/Camera.h"

#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

namespace th {

Frustum Frustum::fromMatrix(const glm::mat4& m) {
    // Gribb & Hartmann: each plane is a sum or difference of the matrix's fourth row and another.
    glm::vec4 row0(m[0][0], m[1][0], m[2][0], m[3][0]);
    glm::vec4 row1(m[0][1], m[1][1], m[2][1], m[3][1]);
    glm::vec4 row2(m[0][2], m[1][2], m[2][2], m[3][2]);
    glm::vec4 row3(m[0][3], m[1][3], m[2][3], m[3][3]);
    glm::vec4 raw[6] = {row3 + row0, row3 - row0, row3 + row1, row3 - row1, row3 + row2, row3 - row2};
    Frustum f;
    for (int i = 0; i < 6; ++i) {
        glm::vec3 n(raw[i]);
        float len = glm::length(n);
        f.planes[size_t(i)] = {n / len, raw[i].w / len};
    }
    return f;
}

bool Frustum::intersects(const Bounds& box) const {
    if (box.empty()) return false;
    for (const Plane& p : planes) {
        // The box corner farthest along the plane normal.
        glm::vec3 v(p.normal.x >= 0 ? box.max.x : box.min.x, p.normal.y >= 0 ? box.max.y : box.min.y,
                    p.normal.z >= 0 ? box.max.z : box.min.z);
        if (p.distance(v) < 0) return false;
    }
    return true;
}

bool Frustum::intersectsSphere(const glm::vec3& c, float r) const {
    for (const Plane& p : planes)
        if (p.distance(c) < -r) return false;
    return true;
}

glm::mat4 Camera::view() const {
    glm::vec3 dir = target - position;
    glm::vec3 upv = up;
    // Looking straight along the up vector would make lookAt degenerate.
    if (glm::length(glm::cross(glm::normalize(dir), glm::normalize(upv))) < 1e-4f) upv = glm::vec3(0, 0, 1);
    return glm::lookAt(position, target, upv);
}

glm::mat4 Camera::projection() const { return glm::perspective(yfov, aspect, nearPlane, farPlane); }

void Camera::frame(const Bounds& bounds) {
    if (bounds.empty()) return;
    float radius = std::max(bounds.radius(), 1e-3f);
    float distance = radius / std::sin(std::min(yfov, yfov * aspect) * 0.5f);
    target = bounds.center();
    position = target + glm::normalize(glm::vec3(0.0f, 0.35f, 1.0f)) * distance * 1.05f;
    nearPlane = std::max(distance - radius * 1.5f, distance * 0.01f);
    farPlane = distance + radius * 3.0f;
}

void Camera::fitDepthRange(const Bounds& bounds) {
    if (bounds.empty()) return;
    // The bounding sphere, with a margin: from outside it, near sits just before its front;
    // from inside, near is a small fraction of the far distance (depth precision stays usable
    // at 24 bits for ratios up to ~10⁴).
    float radius = std::max(bounds.radius(), 1e-3f) * 1.05f;
    float distance = glm::length(bounds.center() - position);
    farPlane = distance + radius;
    nearPlane = std::max(distance - radius, farPlane * 1e-4f);
}

} // namespace th
