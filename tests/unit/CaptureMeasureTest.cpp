// The measures a suite judges captures by (ΔE76 with a share of pixels, FLIP with a mean or a
// percentile): their "measure" keys, and which of them flags a one-pixel shifted edge and a 5 %
// colour shift over a region of a real capture (the plugins scene's golden).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>

#include "assets/ImageLoader.h"
#include "common/CaptureMeasure.h"
#include "core/Error.h"
#include "core/Json.h"

using namespace th;

namespace {

CaptureMeasure measureFrom(const std::string& text) { return parseCaptureMeasure(json::parse(text, "suite.json"), "measure"); }

std::string measureError(const std::string& text) {
    try {
        measureFrom(text);
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

ImageRgba8 plugins() {
    return loadImage(std::filesystem::path(TRAILHEAD_SOURCE_DIR) / "tests" / "visual" / "golden" / "plugins.png");
}

/// A dark panel pasted at x (a sign on the scene, say): moving x by one moves both its edges.
void pastePanel(ImageRgba8& image, int x, int y, int width, int height) {
    for (int j = y; j < y + height; ++j)
        for (int i = x; i < x + width; ++i) {
            uint8_t* p = image.at(i, j);
            p[0] = 40, p[1] = 44, p[2] = 52;
        }
}

} // namespace

TEST_CASE("measure keys: the kinds, their thresholds, and errors at the key") {
    CHECK(measureFrom("\"deltaE\"").kind == MeasureKind::DeltaE);
    CHECK(measureFrom("\"flip\"").kind == MeasureKind::Flip);
    CaptureMeasure d = measureFrom(R"({"kind": "deltaE", "deltaE": 2, "maxShare": 0.01})");
    CHECK(d.deltaE.deltaE == 2.0);
    CHECK(d.deltaE.maxDifferingShare == 0.01);
    CaptureMeasure mean = measureFrom(R"({"kind": "flip", "mean": 0.02})");
    CHECK(mean.flipThreshold == 0.02);
    CHECK_FALSE(mean.flipPercentile.has_value());
    CaptureMeasure p = measureFrom(R"({"kind": "flip", "percentile": 99.5, "threshold": 0.3, "pixelsPerDegree": 40})");
    CHECK(*p.flipPercentile == 99.5);
    CHECK(p.flipThreshold == 0.3);
    CHECK(p.pixelsPerDegree == 40.0);
    CHECK(p.describe() == "FLIP p99.5 at most 0.3");

    CHECK(measureError("\"psnr\"").find("suite.json:1:1: measure: unknown measure 'psnr'; expected deltaE or flip") == 0);
    CHECK(measureError(R"({"kind": "flip", "mean": 0.1, "percentile": 99})").find("not both") != std::string::npos);
    CHECK(measureError(R"({"kind": "flip", "threshold": 0.1})").find("judges a percentile") != std::string::npos);
    CHECK(measureError(R"({"kind": "flip", "mean": 2})").find("'measure.mean' must be a number in [0, 1]") != std::string::npos);
    CHECK(measureError(R"({"kind": "flip", "percentile": 101, "threshold": 0.1})").find("measure.percentile") != std::string::npos);
    CHECK(measureError(R"({"kind": "deltaE", "deltaE": -1})").find("measure.deltaE") != std::string::npos);
    CHECK(measureError(R"({"kind": "deltaE", "mean": 0.1})").find("unknown key 'measure.mean'") != std::string::npos);
    CHECK(measureError(R"({"deltaE": 3})").find("kind") != std::string::npos);
    CHECK(measureError("7").find("measure") != std::string::npos);
}

TEST_CASE("a one-pixel shifted edge and a 5 percent colour shift: which measure flags which") {
    const ImageRgba8 golden = plugins();
    REQUIRE(golden.width == 960);
    CaptureMeasure deltaE;                 // ΔE76 > 3 on at most 0.2 % of pixels
    CaptureMeasure flipMean;               // FLIP mean at most 0.01 (the default)
    flipMean.kind = MeasureKind::Flip;
    CaptureMeasure flipTail = flipMean;    // FLIP's 99.9th percentile at most 0.3 (the shipped
    flipTail.flipPercentile = 99.9;        // captures reach 0.22 against their goldens)
    flipTail.flipThreshold = 0.3;

    // The same panel on both, one pixel further right on the capture: two one-pixel-wide
    // columns of 200 pixels change (0.04 % of the image).
    ImageRgba8 before = golden, shifted = golden;
    pastePanel(before, 300, 150, 240, 200);
    pastePanel(shifted, 301, 150, 240, 200);
    CaptureVerdict edgeDeltaE = judgeCapture(before, shifted, deltaE);
    CaptureVerdict edgeMean = judgeCapture(before, shifted, flipMean);
    CaptureVerdict edgeTail = judgeCapture(before, shifted, flipTail);
    MESSAGE("shifted edge: ", edgeDeltaE.summary, " | ", edgeMean.summary, " | p99.9 ", edgeTail.statistic);

    // A region of 320 x 240 (15 % of the image) 5 % brighter.
    ImageRgba8 brighter = golden;
    for (int y = 200; y < 440; ++y)
        for (int x = 400; x < 720; ++x)
            for (int c = 0; c < 3; ++c) {
                uint8_t& v = brighter.at(x, y)[c];
                v = uint8_t(std::min(255.0, std::round(v * 1.05)));
            }
    CaptureVerdict colourDeltaE = judgeCapture(golden, brighter, deltaE);
    CaptureVerdict colourMean = judgeCapture(golden, brighter, flipMean);
    CaptureVerdict colourTail = judgeCapture(golden, brighter, flipTail);
    MESSAGE("colour shift: ", colourDeltaE.summary, " | ", colourMean.summary, " | p99.9 ", colourTail.statistic);

    // Measured: the edge changes 398 pixels (0.077 %, max ΔE 69), FLIP mean 0.0013, p99.9 0.37;
    // the colour shift 7.6 % of pixels past ΔE 3 (max ΔE 4.8), FLIP mean 0.026, p99.9 0.23.
    CHECK(edgeDeltaE.passed);     // 398 pixels are below ΔE's 0.2 % share, made for driver rounding
    CHECK(edgeMean.passed);       // and a thin edge hardly moves FLIP's mean over the image
    CHECK_FALSE(edgeTail.passed); // but FLIP's tail sees the moved edge
    CHECK_FALSE(colourDeltaE.passed); // a 5 % shift passes ΔE 3 on bright pixels over 7 % of the image
    CHECK_FALSE(colourMean.passed);   // and lifts FLIP's mean past 0.01
    CHECK(colourTail.passed);         // while no pixel of it is as visible as the moved edge
    CHECK(colourMean.statistic > 10 * edgeMean.statistic);
    CHECK(edgeTail.statistic > colourTail.statistic);
}
