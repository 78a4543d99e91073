#pragma once
// One sample of a terrain height function: the height and its exact gradient, from which the
// normal and the slope follow. Units are the caller's (metres in the engine), +Y up.
#include <glm/glm.hpp>

namespace th {

struct HeightSample {
    float height = 0.0f;
    glm::vec2 gradient{0.0f}; ///< (dh/dx, dh/dz)
    /// The unit normal (−dh/dx, 1, −dh/dz) normalised.
    glm::vec3 normal() const { return glm::normalize(glm::vec3(-gradient.x, 1.0f, -gradient.y)); }
    float slope() const { return glm::length(gradient); }
};

} // namespace th
