#pragma once
// The measure a capture is judged by against its golden: CIE ΔE76 per pixel with a share of
// pixels allowed to differ (what a driver's rounding moves), or FLIP (what a person flipping
// between the two images would see), with a threshold on its mean or on a percentile. A suite
// chooses one for all its captures or per entry; the verdict, a one-line summary with the
// figures, and a heat map come back together.
#include <optional>
#include <string>

#include "common/ImageCompare.h"
#include "core/Image.h"

namespace th {

namespace json {
class Value;
}

enum class MeasureKind { DeltaE, Flip };

struct CaptureMeasure {
    MeasureKind kind = MeasureKind::DeltaE;
    CompareTolerance deltaE; ///< kind DeltaE: ΔE per pixel and the share allowed to differ
    /// kind Flip: the statistic judged is the mean, or this percentile (0–100) when set; it
    /// must be at most `flipThreshold`.
    std::optional<double> flipPercentile;
    /// The default mean: six times the largest mean between the shipped scenes' captures and
    /// their goldens on another run (0.0016, hike-tier-low), below a 5 % colour shift over 15 %
    /// of an image (0.026).
    double flipThreshold = 0.01;
    double pixelsPerDegree = 67.0206; ///< FLIP's viewing condition (0.7 m from a 0.7 m wide 4K monitor)

    /// "ΔE76 > 3 on at most 0.2% of pixels", "FLIP mean at most 0.05".
    std::string describe() const;
};

/// Reads a "measure" member: "deltaE", "flip", or {"kind": ..., "deltaE", "maxShare"} /
/// {"kind": "flip", "mean" | "percentile" + "threshold", "pixelsPerDegree"}. `path` names it in
/// messages. Throws th::Error at the value for an unknown kind, key or a value out of range.
CaptureMeasure parseCaptureMeasure(const json::Value& value, const std::string& path);

struct CaptureVerdict {
    bool passed = false;
    bool sizeMismatch = false;
    double statistic = 0; ///< what the threshold judged: the differing share, FLIP's mean or percentile
    std::string summary;  ///< the figures, for the log, the reports and JUnit's failure message
    ImageRgba8 heatMap;   ///< empty when the sizes differ
};

/// Judges `actual` against `golden` by `measure`.
CaptureVerdict judgeCapture(const ImageRgba8& golden, const ImageRgba8& actual, const CaptureMeasure& measure);

} // namespace th
