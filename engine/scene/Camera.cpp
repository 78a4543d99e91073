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

glm::mat4 Camera::projection() const {
    if (orthographic) return glm::ortho(-ymag * aspect, ymag * aspect, -ymag, ymag, nearPlane, farPlane);
    return glm::perspective(yfov, aspect, nearPlane, farPlane);
}

namespace {
/// Centre and radius in double: bounds near the float limit (±1e38) overflow a float radius.
bool sphereOf(const Bounds& bounds, glm::dvec3& center, double& radius) {
    glm::dvec3 lo(bounds.min), hi(bounds.max);
    center = (lo + hi) * 0.5;
    radius = glm::length(hi - lo) * 0.5;
    return std::isfinite(radius) && std::isfinite(center.x) && std::isfinite(center.y) && std::isfinite(center.z) &&
           radius <= Camera::kMaxFramedRadius && glm::length(center) <= Camera::kMaxFramedRadius;
}
} // namespace

bool Camera::frame(const Bounds& bounds) {
    if (bounds.empty()) return false;
    glm::dvec3 center;
    double r = 0;
    if (!sphereOf(bounds, center, r)) return false;
    double radius = std::max(r, 1e-3);
    double distance = radius / std::sin(double(std::min(yfov, yfov * aspect)) * 0.5);
    if (!std::isfinite(distance) || distance > kMaxFramedRadius * 1e3) return false;
    target = glm::vec3(center);
    position = target + glm::normalize(glm::vec3(0.0f, 0.35f, 1.0f)) * float(distance * 1.05);
    nearPlane = float(std::max(distance - radius * 1.5, distance * 0.01));
    farPlane = float(distance + radius * 3.0);
    return true;
}

bool Camera::fitDepthRange(const Bounds& bounds) {
    if (bounds.empty()) return false;
    // The bounding sphere, with a margin: from outside it, near sits just before its front;
    // from inside, near is a small fraction of the far distance (depth precision stays usable
    // at 24 bits for ratios up to ~10⁴).
    glm::dvec3 center;
    double r = 0;
    if (!sphereOf(bounds, center, r)) return false;
    double radius = std::max(r, 1e-3) * 1.05;
    double distance = glm::length(center - glm::dvec3(position));
    if (!std::isfinite(distance) || distance > kMaxFramedRadius * 1e3) return false;
    farPlane = float(distance + radius);
    nearPlane = float(std::max(distance - radius, double(farPlane) * 1e-4));
    return true;
}

} // namespace th
