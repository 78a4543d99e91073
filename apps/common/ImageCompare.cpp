#include "common/ImageCompare.h"

#include <algorithm>
#include <cmath>

#include "core/Str.h"

namespace th {

namespace {
double srgbToLinear(double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); }

double labF(double t) { return t > 216.0 / 24389.0 ? std::cbrt(t) : (24389.0 / 27.0 * t + 16.0) / 116.0; }

void toLab(const uint8_t* rgb, double lab[3]) {
    double r = srgbToLinear(rgb[0] / 255.0), g = srgbToLinear(rgb[1] / 255.0), b = srgbToLinear(rgb[2] / 255.0);
    // sRGB → XYZ (D65), normalised by the white point.
    double x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
    double y = (0.2126729 * r + 0.7151522 * g + 0.0721750 * b);
    double z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;
    double fx = labF(x), fy = labF(y), fz = labF(z);
    lab[0] = 116.0 * fy - 16.0;
    lab[1] = 500.0 * (fx - fy);
    lab[2] = 200.0 * (fy - fz);
}
} // namespace

double deltaE76(const uint8_t* a, const uint8_t* b) {
    double la[3], lb[3];
    toLab(a, la);
    toLab(b, lb);
    return std::sqrt((la[0] - lb[0]) * (la[0] - lb[0]) + (la[1] - lb[1]) * (la[1] - lb[1]) + (la[2] - lb[2]) * (la[2] - lb[2]));
}

std::string CompareResult::summary() const {
    if (sizeMismatch) return "size differs from the golden";
    return str(differing, " of ", pixels, " pixels differ (", share() * 100.0, "%), max ΔE ", maxDeltaE, ", mean ΔE ",
               meanDeltaE, "; worst region ", worstWidth, "x", worstHeight, " at (", worstX, ", ", worstY, ") with ",
               worstDiffering, " differing pixels");
}

CompareResult compareImages(const ImageRgba8& golden, const ImageRgba8& actual, const CompareTolerance& tolerance) {
    CompareResult r;
    if (golden.width != actual.width || golden.height != actual.height) {
        r.sizeMismatch = true;
        r.passed = false;
        return r;
    }
    const int tile = 32;
    int tilesX = (golden.width + tile - 1) / tile, tilesY = (golden.height + tile - 1) / tile;
    std::vector<uint64_t> tileCounts(size_t(tilesX) * size_t(tilesY), 0);
    r.pixels = uint64_t(golden.width) * uint64_t(golden.height);
    r.heatMap = ImageRgba8(golden.width, golden.height);
    double sum = 0;
    for (int y = 0; y < golden.height; ++y) {
        for (int x = 0; x < golden.width; ++x) {
            const uint8_t* a = golden.at(x, y);
            const uint8_t* b = actual.at(x, y);
            double d = (a[0] == b[0] && a[1] == b[1] && a[2] == b[2]) ? 0.0 : deltaE76(a, b);
            sum += d;
            r.maxDeltaE = std::max(r.maxDeltaE, d);
            uint8_t* h = r.heatMap.at(x, y);
            h[3] = 255;
            if (d > 0) {
                double t = std::min(d / (4.0 * tolerance.deltaE), 1.0);
                h[0] = uint8_t(255 * std::min(1.0, 2 * t));
                h[1] = uint8_t(255 * std::min(1.0, 2 * (1 - t)) * std::min(1.0, t * 4));
                h[2] = uint8_t(255 * (1 - t) * (d > tolerance.deltaE ? 0.3 : 1.0));
            }
            if (d > tolerance.deltaE) {
                ++r.differing;
                ++tileCounts[size_t(y / tile) * size_t(tilesX) + size_t(x / tile)];
            }
        }
    }
    r.meanDeltaE = sum / double(r.pixels);
    auto worst = std::max_element(tileCounts.begin(), tileCounts.end());
    size_t index = size_t(worst - tileCounts.begin());
    r.worstDiffering = *worst;
    r.worstX = int(index % size_t(tilesX)) * tile;
    r.worstY = int(index / size_t(tilesX)) * tile;
    r.worstWidth = std::min(tile, golden.width - r.worstX);
    r.worstHeight = std::min(tile, golden.height - r.worstY);
    r.passed = r.share() <= tolerance.maxDifferingShare;
    return r;
}

} // namespace th
