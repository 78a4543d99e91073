#pragma once
#include <algorithm>
#include <limits>

#include <glm/glm.hpp>

namespace th {

/// An axis-aligned box; empty until something is added.
struct Bounds {
    glm::vec3 min{std::numeric_limits<float>::max()};
    glm::vec3 max{std::numeric_limits<float>::lowest()};

    bool empty() const { return min.x > max.x; }
    void add(const glm::vec3& p) {
        min = glm::min(min, p);
        max = glm::max(max, p);
    }
    void add(const Bounds& b) {
        if (b.empty()) return;
        add(b.min);
        add(b.max);
    }
    glm::vec3 center() const { return (min + max) * 0.5f; }
    glm::vec3 extent() const { return empty() ? glm::vec3(0) : max - min; }
    float radius() const { return glm::length(extent()) * 0.5f; }
    /// The box around this box transformed by `m` (Arvo's method: exact for the corners).
    Bounds transformed(const glm::mat4& m) const {
        if (empty()) return {};
        Bounds out;
        glm::vec3 t(m[3]);
        out.min = out.max = t;
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j) {
                float a = m[j][i] * min[j], b = m[j][i] * max[j];
                out.min[i] += std::min(a, b);
                out.max[i] += std::max(a, b);
            }
        return out;
    }
};

} // namespace th
