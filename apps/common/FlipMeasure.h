#pragma once
// FLIP (LDR-FLIP: Andersson et al. 2020, "FLIP: A Difference Evaluator for Alternating Images"), NVIDIA's measure
// of how different a test image looks from its reference to someone flipping between the two at a given viewing
// distance. Where ImageCompare.h's ΔE judges each pixel alone, FLIP first blurs both images the way the eye does at
// that distance, so detail too fine to resolve counts for less; then it compares colours in a Hunt-adjusted
// L*a*b* and raises the error where edges or points differ, because a moved edge is seen more readily than its
// colour change alone suggests. Every pixel gets an error in [0, 1], 1 being as different as pure green from pure
// blue. Alpha is ignored: FLIP compares what is shown.
#include <string>
#include <vector>

#include "core/Image.h"

namespace th {

struct FlipOptions {
    /// Pixels per degree of the viewer's field of view. The paper's default is a 0.7 m wide 3840-pixel monitor seen
    /// from 0.7 m: 3840 / 0.7 pixels per metre times 0.7 m gives pixels per radian, times π/180 per degree (≈ 67.02).
    double pixelsPerDegree = 0.7 * 3840.0 / 0.7 * 3.14159265358979323846 / 180.0;
};

struct FlipResult {
    bool sizeMismatch = false;
    double mean = 0;
    double max = 0;
    std::vector<float> errors; ///< one per pixel, in [0, 1], top row first
    /// The error that p percent of the pixels do not exceed (p in [0, 100], e.g. 99), interpolated between ranks.
    double percentile(double p) const;
    ImageRgba8 heatMap; ///< the errors through a magma-like map: black, purple, orange, then pale yellow at 1
    std::string summary() const;
};

/// Throws th::Error when options.pixelsPerDegree is not positive and finite; images of different sizes give a
/// result with sizeMismatch set.
FlipResult flipCompare(const ImageRgba8& reference, const ImageRgba8& test, const FlipOptions& options = {});

} // namespace th
