#pragma once
// One glTF animation sampler: keyframe times and the values a channel reads from them, with
// the interpolation the specification defines (glTF 2.0, "Animations" and Appendix C).
#include <cstddef>
#include <string>
#include <vector>

namespace th {

enum class Interpolation { Step, Linear, CubicSpline };

const char* interpolationName(Interpolation i);

struct AnimationSampler {
    Interpolation interpolation = Interpolation::Linear;
    /// Keyframe times in seconds, strictly increasing.
    std::vector<float> times;
    /// `width` floats per keyframe (quaternions as glTF stores them: x, y, z, w); CUBICSPLINE
    /// keyframes hold three such groups: in-tangent, value, out-tangent.
    std::vector<float> values;
    /// Components of one value: 3 (translation, scale), 4 (rotation), or the morph target count.
    size_t width = 0;
    /// Rotation: spherical interpolation along the shorter arc, results normalized.
    bool quaternion = false;

    /// Empty when the sampler is well formed, else what is wrong with it, for a message
    /// that also names the file, animation and sampler.
    std::string validate() const;

    float startTime() const { return times.empty() ? 0.0f : times.front(); }
    float endTime() const { return times.empty() ? 0.0f : times.back(); }

    /// Writes `width` floats: the value at time `t`. Before the first keyframe the first
    /// value holds and after the last the last one does (the specification's clamping).
    void sample(float t, float* out) const;

private:
    /// The key value (not tangent) of keyframe `k`.
    const float* value(size_t k) const;
};

} // namespace th
