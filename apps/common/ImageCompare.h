#pragma once
// Comparing a capture with its golden image the way a person would notice: each pixel's
// colour difference is measured as CIE ΔE (1976) in L*a*b*, a pixel "differs" above a
// threshold, and an image regresses when the share of differing pixels exceeds a maximum.
// The worst region (the 32×32 tile with the most differing pixels) is reported, and a
// heat-map of the differences can be written beside the images.
#include <string>

#include "core/Image.h"

namespace th {

struct CompareTolerance {
    double deltaE = 3.0;           ///< ΔE above which a pixel differs (about 2.3 is "just noticeable")
    double maxDifferingShare = 0.002; ///< share of pixels allowed to differ
};

struct CompareResult {
    bool sizeMismatch = false;
    uint64_t differing = 0;
    uint64_t pixels = 0;
    double share() const { return pixels ? double(differing) / double(pixels) : 0.0; }
    double maxDeltaE = 0;
    double meanDeltaE = 0;
    /// The 32×32 tile with the most differing pixels (x, y, width, height in pixels).
    int worstX = 0, worstY = 0, worstWidth = 0, worstHeight = 0;
    uint64_t worstDiffering = 0;
    bool passed = true;
    ImageRgba8 heatMap; ///< black where equal; blue → yellow → red as ΔE grows
    std::string summary() const;
};

/// ΔE between two sRGB colours.
double deltaE76(const uint8_t* a, const uint8_t* b);

CompareResult compareImages(const ImageRgba8& golden, const ImageRgba8& actual, const CompareTolerance& tolerance = {});

} // namespace th
