#include "scene/AnimationSampler.h"

#include <algorithm>
#include <cmath>

#include "core/Str.h"

namespace th {

const char* interpolationName(Interpolation i) {
    switch (i) {
    case Interpolation::Step: return "STEP";
    case Interpolation::Linear: return "LINEAR";
    case Interpolation::CubicSpline: return "CUBICSPLINE";
    }
    return "?";
}

namespace {

void normalize4(float* q) {
    float len = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    if (len > 0.0f)
        for (int i = 0; i < 4; ++i) q[i] /= len;
}

// The specification's slerp (Appendix C): along the shorter arc, falling back to a normalized
// lerp where the quaternions are so close that the sine underflows.
void slerp(const float* a, const float* bIn, float s, float* out) {
    float b[4] = {bIn[0], bIn[1], bIn[2], bIn[3]};
    float d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    if (d < 0.0f) {
        for (float& c : b) c = -c;
        d = -d;
    }
    float wa = 1.0f - s, wb = s;
    if (d < 0.9995f) {
        float angle = std::acos(std::min(d, 1.0f));
        float sinAngle = std::sin(angle);
        wa = std::sin((1.0f - s) * angle) / sinAngle;
        wb = std::sin(s * angle) / sinAngle;
    }
    for (int i = 0; i < 4; ++i) out[i] = wa * a[i] + wb * b[i];
    normalize4(out);
}

} // namespace

std::string AnimationSampler::validate() const {
    if (times.empty()) return "has no keyframes";
    if (width == 0) return "has values of no components";
    for (size_t k = 0; k < times.size(); ++k) {
        if (!std::isfinite(times[k])) return str("input time ", k, " is not a finite number");
        if (k > 0 && !(times[k] > times[k - 1]))
            return str("input times do not increase: time ", k, " (", times[k], ") follows ", times[k - 1]);
    }
    size_t groups = interpolation == Interpolation::CubicSpline ? 3 : 1;
    size_t expected = times.size() * groups * width;
    if (values.size() != expected)
        return str("output holds ", values.size() / width, " elements where ", interpolationName(interpolation),
                   " with ", times.size(), " keyframes needs ", expected / width);
    if (quaternion && width != 4) return "rotation output is not four components";
    return {};
}

const float* AnimationSampler::value(size_t k) const {
    return interpolation == Interpolation::CubicSpline ? &values[(3 * k + 1) * width] : &values[k * width];
}

void AnimationSampler::sample(float t, float* out) const {
    size_t n = times.size();
    if (n == 0) {
        std::fill(out, out + width, 0.0f);
        return;
    }
    if (n == 1 || t <= times.front() || t >= times.back()) {
        const float* v = value(t >= times.back() ? n - 1 : 0);
        std::copy(v, v + width, out);
        return;
    }
    // The keyframe k with times[k] <= t < times[k + 1].
    size_t k = size_t(std::upper_bound(times.begin(), times.end(), t) - times.begin()) - 1;
    float t0 = times[k], t1 = times[k + 1];
    float td = t1 - t0;
    float s = (t - t0) / td;
    switch (interpolation) {
    case Interpolation::Step: {
        const float* v = value(k);
        std::copy(v, v + width, out);
        return;
    }
    case Interpolation::Linear: {
        const float* a = value(k);
        const float* b = value(k + 1);
        if (quaternion)
            slerp(a, b, s, out);
        else
            for (size_t i = 0; i < width; ++i) out[i] = a[i] + s * (b[i] - a[i]);
        return;
    }
    case Interpolation::CubicSpline: {
        // Hermite spline with the tangents scaled by the keyframe interval:
        // p(s) = (2s³ − 3s² + 1)·v_k + td·(s³ − 2s² + s)·b_k + (−2s³ + 3s²)·v_k+1 + td·(s³ − s²)·a_k+1
        const float* v0 = &values[(3 * k + 1) * width];
        const float* b0 = &values[(3 * k + 2) * width];
        const float* a1 = &values[(3 * (k + 1)) * width];
        const float* v1 = &values[(3 * (k + 1) + 1) * width];
        float s2 = s * s, s3 = s2 * s;
        float h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2;
        for (size_t i = 0; i < width; ++i) out[i] = h00 * v0[i] + td * h10 * b0[i] + h01 * v1[i] + td * h11 * a1[i];
        if (quaternion) normalize4(out);
        return;
    }
    }
}

} // namespace th
