#pragma once
#include <array>

#include <glm/glm.hpp>

#include "scene/Bounds.h"

namespace th {

/// A plane ax + by + cz + d = 0 with the normal pointing inside.
struct Plane {
    glm::vec3 normal{0, 1, 0};
    float d = 0;
    float distance(const glm::vec3& p) const { return glm::dot(normal, p) + d; }
};

/// The six planes of a view-projection, for culling.
struct Frustum {
    std::array<Plane, 6> planes; ///< left, right, bottom, top, near, far
    static Frustum fromMatrix(const glm::mat4& viewProjection);
    /// False when the box is entirely outside one plane (conservative).
    bool intersects(const Bounds& box) const;
    bool intersectsSphere(const glm::vec3& center, float radius) const;
};

/// A perspective or orthographic camera, right-handed, +Y up, looking down −Z in view space
/// (glTF's convention). Projection maps depth to GL's [−1, 1].
class Camera {
public:
    glm::vec3 position{0.0f, 2.0f, 5.0f};
    glm::vec3 target{0.0f};
    glm::vec3 up{0.0f, 1.0f, 0.0f};
    float yfov = 0.785398f; ///< vertical field of view, radians
    float nearPlane = 0.1f;
    float farPlane = 1000.0f;
    float aspect = 16.0f / 9.0f;
    /// Orthographic (glTF's `orthographic` camera): a box `2·ymag` high, as wide as `aspect`
    /// makes it (the viewport decides the width, as with yfov), so an object's size on screen
    /// does not depend on its distance. `yfov` is unused then.
    bool orthographic = false;
    float ymag = 1.0f; ///< half the height of the view box, metres

    glm::mat4 view() const;
    glm::mat4 projection() const;
    glm::mat4 viewProjection() const { return projection() * view(); }
    glm::vec3 forward() const { return glm::normalize(target - position); }
    Frustum frustum() const { return Frustum::fromMatrix(viewProjection()); }
    /// Places the camera to see `bounds` whole from the +Z side, slightly above. Returns
    /// false, leaving the camera as it was, when the bounds are not finite or too large for a
    /// float depth range (radius over kMaxFramedRadius): never a NaN or infinite plane.
    bool frame(const Bounds& bounds);
    /// Sets near and far to hold `bounds` whole as seen from where the camera is now (a camera
    /// placed by hand keeps a depth range that fits it, not one fitted to another position).
    /// Returns false, leaving the planes, for bounds or distances a float cannot hold.
    bool fitDepthRange(const Bounds& bounds);
    /// Beyond this radius (metres) a framed view's planes lose all depth precision.
    static constexpr double kMaxFramedRadius = 1.0e15;
};

} // namespace th
