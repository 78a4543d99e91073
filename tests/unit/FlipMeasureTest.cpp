// FLIP (apps/common/FlipMeasure.h) on images whose answers are known: zero for identical images, the paper's
// maximum for green against blue, the redistributed HyAB distance for black against white (worked out here from
// the paper's constants, independently of the module), and the behaviour the paper describes: a moved edge stands
// out more than a faint colour shift, and detail finer than the eye resolves counts for less from further away.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>

#include "common/FlipMeasure.h"
#include "core/Error.h"

using namespace th;

namespace {

ImageRgba8 filled(int w, int h, uint8_t r, uint8_t g, uint8_t b) {
    ImageRgba8 img(w, h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            uint8_t* p = img.at(x, y);
            p[0] = r;
            p[1] = g;
            p[2] = b;
            p[3] = 255;
        }
    return img;
}

void paint(ImageRgba8& img, int x0, int y0, int x1, int y1, uint8_t r, uint8_t g, uint8_t b) {
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) {
            uint8_t* p = img.at(x, y);
            p[0] = r;
            p[1] = g;
            p[2] = b;
        }
}

// Coloured blocks with a little deterministic noise, so that colour and feature pipelines both have work.
ImageRgba8 textured(int w, int h, uint32_t seed) {
    ImageRgba8 img(w, h);
    uint32_t state = seed;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            uint8_t* p = img.at(x, y);
            for (int c = 0; c < 3; ++c) {
                state = state * 1664525u + 1013904223u;
                p[c] = uint8_t(((x / 9 + y / 5 + c) % 3) * 100 + int(state >> 27));
            }
            p[3] = 255;
        }
    return img;
}

// CIE L*a*b* of a linear-RGB colour through the IEC 61966-2-1 sRGB matrix (four decimals), relative to the white
// of RGB (1, 1, 1), with the Hunt adjustment (a*, b* scaled by L*/100).
struct Lab {
    double l, a, b;
};
Lab huntLab(double r, double g, double b) {
    const double m[3][3] = {{0.4124, 0.3576, 0.1805}, {0.2126, 0.7152, 0.0722}, {0.0193, 0.1192, 0.9505}};
    double xyz[3], f[3];
    for (int i = 0; i < 3; ++i) {
        double white = m[i][0] + m[i][1] + m[i][2];
        xyz[i] = (m[i][0] * r + m[i][1] * g + m[i][2] * b) / white;
        f[i] = xyz[i] > 216.0 / 24389.0 ? std::cbrt(xyz[i]) : (24389.0 / 27.0 * xyz[i] + 16.0) / 116.0;
    }
    double l = 116.0 * f[1] - 16.0;
    return {l, 0.01 * l * 500.0 * (f[0] - f[1]), 0.01 * l * 200.0 * (f[1] - f[2])};
}
double hyab(Lab p, Lab q) { return std::abs(p.l - q.l) + std::hypot(p.a - q.a, p.b - q.b); }

FlipResult flipAt(const ImageRgba8& a, const ImageRgba8& b, double ppd) {
    FlipOptions options;
    options.pixelsPerDegree = ppd;
    return flipCompare(a, b, options);
}

} // namespace

TEST_CASE("FLIP: identical images score 0 everywhere, and the heat map stays dark") {
    ImageRgba8 img = textured(67, 41, 1);
    FlipResult r = flipCompare(img, img);
    CHECK_FALSE(r.sizeMismatch);
    REQUIRE(r.errors.size() == size_t(67 * 41));
    CHECK(r.mean == 0.0);
    CHECK(r.max == 0.0);
    CHECK(r.percentile(99) == 0.0);
    REQUIRE(r.heatMap.width == 67);
    REQUIRE(r.heatMap.height == 41);
    for (int y = 0; y < 41; ++y)
        for (int x = 0; x < 67; ++x) {
            auto p = r.heatMap.rgba(x, y);
            CHECK(int(p[0]) + int(p[1]) + int(p[2]) < 8);
            CHECK(int(p[3]) == 255);
        }
}

TEST_CASE("FLIP: uniform green against uniform blue is the maximum, 1") {
    // The paper maps the Hunt-adjusted HyAB distance from green to blue, the largest in the RGB cube, to 1.
    FlipResult r = flipCompare(filled(24, 16, 0, 255, 0), filled(24, 16, 0, 0, 255));
    for (float e : r.errors) CHECK(double(e) == doctest::Approx(1.0).epsilon(1e-5));
    CHECK(r.mean == doctest::Approx(1.0).epsilon(1e-5));
    auto top = r.heatMap.rgba(5, 5);
    CHECK(int(top[0]) > 240); // the map's pale yellow end
    CHECK(int(top[1]) > 240);
}

TEST_CASE("FLIP: uniform black against white gives the redistributed HyAB distance") {
    // Flat images have no features, so FLIP is the colour term alone: HyAB(black, white) = 100, raised to qc = 0.7,
    // and 100^0.7 ≈ 25.1 lies above pc·cmax, so it lands in (pt, 1]: pt + (x − pc·cmax) / (cmax − pc·cmax)·(1 − pt).
    const double qc = 0.7, pc = 0.4, pt = 0.95;
    double cmax = std::pow(hyab(huntLab(0, 1, 0), huntLab(0, 0, 1)), qc);
    double x = std::pow(hyab(huntLab(0, 0, 0), huntLab(1, 1, 1)), qc);
    REQUIRE(x > pc * cmax);
    double expected = pt + (x - pc * cmax) / (cmax - pc * cmax) * (1.0 - pt);
    CHECK(expected == doctest::Approx(0.967).epsilon(1e-3));

    FlipResult r = flipCompare(filled(20, 12, 0, 0, 0), filled(20, 12, 255, 255, 255));
    CHECK(r.mean == doctest::Approx(expected).epsilon(1e-4));
    CHECK(r.max == doctest::Approx(expected).epsilon(1e-4));
    CHECK(r.percentile(0) == doctest::Approx(expected).epsilon(1e-4));
}

TEST_CASE("FLIP: swapping reference and test gives the same errors") {
    ImageRgba8 a = textured(53, 37, 2), b = textured(53, 37, 3);
    paint(b, 10, 10, 30, 20, 250, 20, 40);
    FlipResult ab = flipCompare(a, b), ba = flipCompare(b, a);
    CHECK(ab.max > 0.1);
    CHECK(ab.errors == ba.errors);
    CHECK(ab.mean == ba.mean);
}

TEST_CASE("FLIP: errors stay within 0 and 1 for unrelated saturated images") {
    ImageRgba8 a = textured(61, 47, 4), b(61, 47);
    for (int y = 0; y < 47; ++y)
        for (int x = 0; x < 61; ++x) {
            // Primaries and their mixes at full strength: the corners of the RGB cube, where clamping matters.
            int corner = (x * 7 + y * 3) % 8;
            paint(b, x, y, x + 1, y + 1, corner & 1 ? 255 : 0, corner & 2 ? 255 : 0, corner & 4 ? 255 : 0);
            b.at(x, y)[3] = 255;
        }
    for (double ppd : {2.0, 67.0206, 200.0}) {
        CAPTURE(ppd);
        FlipResult r = flipAt(a, b, ppd);
        CHECK(r.max > 0.5);
        for (float e : r.errors) {
            REQUIRE(std::isfinite(e));
            REQUIRE(e >= 0.0f);
            REQUIRE(e <= 1.0f);
        }
    }
}

TEST_CASE("FLIP: very few pixels per degree still give finite errors") {
    // At 0.1 pixels per degree the edge detector is far narrower than a pixel: it finds no features, and FLIP is
    // the colour term alone rather than 0/0.
    ImageRgba8 a = filled(16, 16, 128, 128, 128), b = a;
    paint(b, 8, 0, 16, 16, 255, 255, 255);
    FlipResult r = flipAt(a, b, 0.1);
    for (float e : r.errors) REQUIRE(std::isfinite(e));
    CHECK(r.max > 0.5);
    CHECK(r.max <= 1.0);
}

TEST_CASE("FLIP: a one-pixel edge shift peaks higher than a faint colour shift, which covers more") {
    // The same 128×128 mid grey: once with a white half whose edge moves one pixel, once with a 64×64 square whose
    // red rises by 5% of full scale (128 → 141). The moved edge changes the edge and point detectors' responses,
    // which pushes its few pixels towards 1 (max ≈ 0.54); the colour shift is faint everywhere (≈ 0.17) but spans
    // the whole square, so its mean is the larger (≈ 0.042 against ≈ 0.016).
    ImageRgba8 grey = filled(128, 128, 128, 128, 128);
    ImageRgba8 edge = grey, moved = grey;
    paint(edge, 64, 0, 128, 128, 255, 255, 255);
    paint(moved, 65, 0, 128, 128, 255, 255, 255);
    ImageRgba8 tinted = grey;
    paint(tinted, 32, 32, 96, 96, 141, 128, 128);

    FlipResult edgeShift = flipCompare(edge, moved), colourShift = flipCompare(grey, tinted);
    CAPTURE(edgeShift.summary());
    CAPTURE(colourShift.summary());
    CHECK(edgeShift.max > 2.0 * colourShift.max);
    CHECK(edgeShift.percentile(99) > 2.0 * colourShift.percentile(99));
    CHECK(colourShift.mean > 2.0 * edgeShift.mean);
    // The colour shift itself is seen but small: well below the edge, well above nothing.
    CHECK(colourShift.max > 0.1);
    CHECK(colourShift.max < 0.3);
}

TEST_CASE("FLIP: a fine checkerboard against its mean grey fades with more pixels per degree") {
    // A one-pixel black-and-white checkerboard against grey 188 (linear ≈ 0.5, the checkerboard's mean light). Seen
    // from further away (more pixels per degree) the contrast sensitivity filters blur the checkerboard towards
    // that grey and the feature detectors, wider in pixels, average its edges away, so the error falls.
    ImageRgba8 checker = filled(128, 128, 0, 0, 0), grey = filled(128, 128, 188, 188, 188);
    for (int y = 0; y < 128; ++y)
        for (int x = (y % 2); x < 128; x += 2) paint(checker, x, y, x + 1, y + 1, 255, 255, 255);
    double near = flipAt(checker, grey, 10).mean, middle = flipAt(checker, grey, 30).mean;
    double far = flipAt(checker, grey, 67.0206).mean;
    CAPTURE(near);
    CAPTURE(middle);
    CAPTURE(far);
    CHECK(near > 0.9);
    CHECK(middle < 0.6 * near);
    CHECK(far < 0.2 * middle);
}

TEST_CASE("FLIP: percentiles interpolate between ranks") {
    FlipResult r;
    for (int i = 10; i >= 0; --i) r.errors.push_back(float(i) / 10.0f);
    CHECK(r.percentile(0) == doctest::Approx(0.0));
    CHECK(r.percentile(50) == doctest::Approx(0.5));
    CHECK(r.percentile(99) == doctest::Approx(0.99)); // rank 9.9: 0.9 + 0.9·(1.0 − 0.9)
    CHECK(r.percentile(100) == doctest::Approx(1.0));
    CHECK(FlipResult().percentile(99) == 0.0);
    CHECK_THROWS_WITH_AS(r.percentile(101), doctest::Contains("percentile"), Error);
    CHECK_THROWS_AS(r.percentile(-1), Error);
}

TEST_CASE("FLIP: a size mismatch is reported, not thrown") {
    FlipResult r = flipCompare(filled(8, 8, 0, 0, 0), filled(8, 9, 0, 0, 0));
    CHECK(r.sizeMismatch);
    CHECK(r.errors.empty());
    CHECK(r.summary().find("size") != std::string::npos);
    CHECK(flipCompare(filled(8, 8, 0, 0, 0), filled(8, 8, 9, 9, 9)).summary().find("mean FLIP") == 0);
}

TEST_CASE("FLIP: pixelsPerDegree must be positive and finite") {
    ImageRgba8 img = filled(4, 4, 10, 20, 30);
    for (double ppd : {0.0, -67.0, std::nan(""), HUGE_VAL}) {
        CAPTURE(ppd);
        CHECK_THROWS_WITH_AS(flipAt(img, img, ppd), doctest::Contains("pixelsPerDegree"), Error);
    }
    // Checked before the sizes, so a bad option is never hidden by a mismatch.
    CHECK_THROWS_AS(flipAt(img, filled(5, 4, 0, 0, 0), 0.0), Error);
}
