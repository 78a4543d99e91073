#include "scene/Transform.h"

#include <glm/gtc/matrix_transform.hpp>

namespace th {

glm::mat4 Transform::matrix() const {
    glm::mat4 m = glm::mat4_cast(rotation);
    m[0] *= scale.x;
    m[1] *= scale.y;
    m[2] *= scale.z;
    m[3] = glm::vec4(translation, 1.0f);
    return m;
}

Transform Transform::fromMatrix(const glm::mat4& m) {
    Transform t;
    t.translation = glm::vec3(m[3]);
    t.scale = {glm::length(glm::vec3(m[0])), glm::length(glm::vec3(m[1])), glm::length(glm::vec3(m[2]))};
    // A mirroring matrix has a negative determinant: keep the sign in one scale axis.
    if (glm::determinant(glm::mat3(m)) < 0) t.scale.x = -t.scale.x;
    glm::mat3 r(glm::vec3(m[0]) / t.scale.x, glm::vec3(m[1]) / t.scale.y, glm::vec3(m[2]) / t.scale.z);
    t.rotation = glm::quat_cast(r);
    return t;
}

glm::mat4 placed(glm::vec3 position, float yaw, glm::vec3 scale) {
    glm::mat4 m = glm::translate(glm::mat4(1.0f), position);
    m = glm::rotate(m, yaw, glm::vec3(0, 1, 0));
    return glm::scale(m, scale);
}

} // namespace th
