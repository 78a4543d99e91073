#include "common/CaptureMeasure.h"

#include "common/FlipMeasure.h"
#include "core/Json.h"
#include "core/Str.h"

namespace th {

std::string CaptureMeasure::describe() const {
    if (kind == MeasureKind::DeltaE)
        return str("ΔE76 > ", deltaE.deltaE, " on at most ", deltaE.maxDifferingShare * 100.0, "% of pixels");
    return str("FLIP ", flipPercentile ? str("p", *flipPercentile) : std::string("mean"), " at most ", flipThreshold);
}

CaptureMeasure parseCaptureMeasure(const json::Value& value, const std::string& path) {
    CaptureMeasure m;
    auto kindNamed = [&](const std::string& name, const json::Value& where) {
        if (name == "deltaE") return MeasureKind::DeltaE;
        if (name == "flip") return MeasureKind::Flip;
        throw Error(where.where(), str(path, ": unknown measure '", name, "'; expected deltaE or flip"));
    };
    if (value.isString()) {
        m.kind = kindNamed(value.asString(path), value);
        return m;
    }
    json::ObjectReader r(value, path);
    const json::Value& kind = r.required("kind");
    m.kind = kindNamed(kind.asString(r.path("kind")), kind);
    if (m.kind == MeasureKind::DeltaE) {
        m.deltaE.deltaE = r.number("deltaE", m.deltaE.deltaE, NumberRange::closed(0.0, 1000.0));
        m.deltaE.maxDifferingShare = r.number("maxShare", m.deltaE.maxDifferingShare, NumberRange::closed(0.0, 1.0));
    } else {
        const json::Value* mean = r.optional("mean");
        const json::Value* percentile = r.optional("percentile");
        const json::Value* threshold = r.optional("threshold");
        if (mean && (percentile || threshold))
            throw Error(mean->where(), str(path, ": give \"mean\": T, or \"percentile\": P with \"threshold\": T, not both"));
        if (mean) m.flipThreshold = mean->asNumber(r.path("mean"), NumberRange::closed(0.0, 1.0));
        if (percentile) {
            if (!threshold) throw Error(percentile->where(), str(path, ".percentile needs \"threshold\": the FLIP value it may reach"));
            m.flipPercentile = percentile->asNumber(r.path("percentile"), NumberRange::closed(0.0, 100.0));
        }
        if (threshold) {
            if (!percentile) throw Error(threshold->where(), str(path, ".threshold judges a percentile: give \"percentile\": P"));
            m.flipThreshold = threshold->asNumber(r.path("threshold"), NumberRange::closed(0.0, 1.0));
        }
        m.pixelsPerDegree = r.number("pixelsPerDegree", m.pixelsPerDegree, NumberRange::closed(1.0, 1000.0));
    }
    r.finish();
    return m;
}

CaptureVerdict judgeCapture(const ImageRgba8& golden, const ImageRgba8& actual, const CaptureMeasure& measure) {
    CaptureVerdict v;
    if (golden.width != actual.width || golden.height != actual.height) {
        v.sizeMismatch = true;
        v.summary = str("the golden is ", golden.width, "x", golden.height, ", the capture ", actual.width, "x", actual.height);
        return v;
    }
    if (measure.kind == MeasureKind::DeltaE) {
        CompareResult r = compareImages(golden, actual, measure.deltaE);
        v.passed = r.passed;
        v.statistic = r.share();
        v.summary = r.summary();
        v.heatMap = std::move(r.heatMap);
        return v;
    }
    FlipOptions options;
    options.pixelsPerDegree = measure.pixelsPerDegree;
    FlipResult r = flipCompare(golden, actual, options);
    v.statistic = measure.flipPercentile ? r.percentile(*measure.flipPercentile) : r.mean;
    v.passed = v.statistic <= measure.flipThreshold;
    v.summary = str("FLIP ", measure.flipPercentile ? str("p", *measure.flipPercentile) : std::string("mean"), " ",
                    v.statistic, " (threshold ", measure.flipThreshold, "); ", r.summary());
    v.heatMap = std::move(r.heatMap);
    return v;
}

} // namespace th
