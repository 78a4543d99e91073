#pragma once
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace th {

/// Translation, rotation, scale: the local transform of a node.
struct Transform {
    glm::vec3 translation{0.0f};
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
    glm::vec3 scale{1.0f};

    glm::mat4 matrix() const;
    /// Decomposes an affine matrix (no shear) into translation, rotation and scale.
    static Transform fromMatrix(const glm::mat4& m);
};

/// An instance transform: at `position`, turned by `yaw` about +Y, scaled.
glm::mat4 placed(glm::vec3 position, float yaw, glm::vec3 scale);
inline glm::mat4 placed(glm::vec3 position, float yaw, float scale) { return placed(position, yaw, glm::vec3(scale)); }

} // namespace th
