#pragma once
// The CPU mirror of plugins/dither/dither.frag.glsl: a screen-door distance fade. A scenery
// instance never grows, shrinks or pops; it thickens out of nothing or thins into nothing
// over a distance band, one pixel at a time, in a pattern fixed to the screen (interleaved
// gradient noise, Jimenez 2014) so it does not crawl.
//
// Each instance has bands (in start, in end, out start, out end) in metres of XZ distance
// from its origin to the eye. With n the pixel's noise in [0, 1) and
// ramp(a, b, d) = 1 − smoothstep(a, b, d):
//   incoming: kept where smoothstep(in) ≥ 1 − n, i.e. ramp(in start, in end, d) ≤ n
//   outgoing: kept where 1 − smoothstep(out) > n, i.e. ramp(out start, out end, d) > n
// The incoming side tests against 1 − n and the outgoing against n, so when one LOD's out
// band equals the next LOD's in band, the two keep exactly complementary pixels: the same
// ramp value is compared with the same n, once with ≤ and once with >. No hole, no pixel
// drawn twice. (A "fade product against n" test makes nested sets instead: a bug Day Hike had.)
// In a multisampled frame whose context lets a fragment write gl_SampleMask, the same test
// runs once per sample against stratified thresholds (ditherSampleMask): the two LODs then
// split each pixel's samples, and the fade resolves to a blend rather than a screen door.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include <glm/glm.hpp>

namespace th {

/// Interleaved gradient noise constants (as literals in the shader).
constexpr float kDitherNoiseScale = 52.9829189f;
constexpr float kDitherNoiseX = 0.06711056f;
constexpr float kDitherNoiseY = 0.00583715f;

/// A band that never fires: in over (−2, −1) m, out over (1e8, 2e8) m. Edges are distinct
/// (smoothstep with equal edges is undefined in GLSL).
struct DitherBands {
    float inStart = -2.0f, inEnd = -1.0f;
    float outStart = 1e8f, outEnd = 2e8f;

    static DitherBands none() { return {}; }
    /// Fades in over [start, end], never out.
    static DitherBands fadeIn(float start, float end) { return {start, end, 1e8f, 2e8f}; }
    /// Fades out over [start, end]; present from 0 m.
    static DitherBands fadeOut(float start, float end) { return {-2.0f, -1.0f, start, end}; }
    static DitherBands between(float inStart, float inEnd, float outStart, float outEnd) {
        return {inStart, inEnd, outStart, outEnd};
    }
    glm::vec4 vec() const { return {inStart, inEnd, outStart, outEnd}; }
    /// Empty when the edges of a band are equal or reversed, or the in band ends after the
    /// out band starts; otherwise "" (the reason is an actionable message).
    const char* problem() const {
        if (!(inEnd > inStart)) return "the in band's end must be greater than its start";
        if (!(outEnd > outStart)) return "the out band's end must be greater than its start";
        if (inEnd > outStart) return "the in band must end before the out band starts";
        return "";
    }
};

/// Noise in [0, 1) for a pixel centre (gl_FragCoord.xy: x + 0.5, y + 0.5).
inline float interleavedGradientNoise(float x, float y) {
    float inner = kDitherNoiseX * x + kDitherNoiseY * y;
    inner -= std::floor(inner);
    float n = kDitherNoiseScale * inner;
    return n - std::floor(n);
}

/// GLSL's smoothstep, in float.
inline float ditherSmoothstep(float edge0, float edge1, float x) {
    float t = std::clamp((x - edge0) / (edge1 - edge0), 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}

/// 1 before the band, 0 after it.
inline float ditherRamp(float edge0, float edge1, float distance) { return 1.0f - ditherSmoothstep(edge0, edge1, distance); }

/// Whether an instance with `bands` at `distance` keeps a pixel whose noise is `n`.
inline bool ditherKeeps(const DitherBands& b, float distance, float n) {
    bool keepIn = !(ditherRamp(b.inStart, b.inEnd, distance) > n);
    bool keepOut = ditherRamp(b.outStart, b.outEnd, distance) > n;
    return keepIn && keepOut;
}

/// The samples an instance keeps of a pixel with `samples` samples (bit s: sample s), where a
/// context lets the fragment write gl_SampleMask: the pixel test against the thresholds
/// fract(n + s / samples), one in each 1/samples of [0, 1). A pixel keeps visibility·samples
/// samples, rounded up or down by its noise, and two LODs at a seam keep complementary masks.
inline uint32_t ditherSampleMask(const DitherBands& b, float distance, float n, int samples) {
    uint32_t mask = 0;
    for (int s = 0; s < samples && s < 32; ++s) {
        float t = n + float(s) / float(samples);
        t -= std::floor(t);
        if (ditherKeeps(b, distance, t)) mask |= 1u << s;
    }
    return mask;
}

/// The fraction of pixels kept at `distance` (the visibility a CPU fade of a pooled clone
/// should match): smoothstep(in) · (1 − smoothstep(out)) when the bands do not overlap.
inline float ditherVisibility(const DitherBands& b, float distance) {
    return ditherSmoothstep(b.inStart, b.inEnd, distance) * ditherRamp(b.outStart, b.outEnd, distance);
}

} // namespace th
