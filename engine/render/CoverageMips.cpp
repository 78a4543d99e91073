#include "render/CoverageMips.h"

#include <algorithm>
#include <cmath>

#include <glm/glm.hpp>

namespace th {

float alphaCoverage(const ImageRgba8& image, float cutoff) {
    if (image.empty()) return 0.0f;
    uint64_t covered = 0;
    for (size_t i = 3; i < image.pixels.size(); i += 4) covered += float(image.pixels[i]) >= cutoff * 255.0f;
    return float(double(covered) / double(size_t(image.width) * size_t(image.height)));
}

void bleedColors(ImageRgba8& image, int passes) {
    const int w = image.width, h = image.height;
    std::vector<uint8_t> filled(size_t(w) * size_t(h));
    glm::dvec3 mean(0.0);
    uint64_t count = 0;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            if (image.at(x, y)[3] == 255) {
                filled[size_t(y) * size_t(w) + size_t(x)] = 1;
                const uint8_t* p = image.at(x, y);
                mean += glm::dvec3(p[0], p[1], p[2]);
                ++count;
            }
    for (int pass = 0; pass < passes; ++pass) {
        std::vector<uint8_t> next = filled;
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                if (filled[size_t(y) * size_t(w) + size_t(x)]) continue;
                int sum[3] = {0, 0, 0}, n = 0;
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx) {
                        int nx = x + dx, ny = y + dy;
                        if (nx < 0 || ny < 0 || nx >= w || ny >= h || !filled[size_t(ny) * size_t(w) + size_t(nx)])
                            continue;
                        const uint8_t* q = image.at(nx, ny);
                        for (int c = 0; c < 3; ++c) sum[c] += q[c];
                        ++n;
                    }
                if (n == 0) continue;
                uint8_t* p = image.at(x, y);
                for (int c = 0; c < 3; ++c) p[c] = uint8_t(sum[c] / n);
                next[size_t(y) * size_t(w) + size_t(x)] = 1;
            }
        filled.swap(next);
    }
    if (count == 0) return;
    mean /= double(count);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            if (!filled[size_t(y) * size_t(w) + size_t(x)]) {
                uint8_t* p = image.at(x, y);
                for (int c = 0; c < 3; ++c) p[c] = uint8_t(mean[c]);
            }
}

std::vector<ImageRgba8> coveragePreservingMips(const ImageRgba8& base, float cutoff) {
    std::vector<ImageRgba8> levels;
    const float target = alphaCoverage(base, cutoff);
    const ImageRgba8* previous = &base;
    ImageRgba8 unscaled; // the previous level before its alpha was scaled (keeps errors from compounding)
    while (previous->width > 1 || previous->height > 1) {
        const ImageRgba8& src = unscaled.empty() ? *previous : unscaled;
        int w = std::max(1, src.width / 2), h = std::max(1, src.height / 2);
        ImageRgba8 level(w, h);
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                int sum[4] = {0, 0, 0, 0}, n = 0;
                for (int dy = 0; dy < 2; ++dy)
                    for (int dx = 0; dx < 2; ++dx) {
                        int sx = std::min(2 * x + dx, src.width - 1), sy = std::min(2 * y + dy, src.height - 1);
                        const uint8_t* p = src.at(sx, sy);
                        for (int c = 0; c < 4; ++c) sum[c] += p[c];
                        ++n;
                    }
                uint8_t* out = level.at(x, y);
                for (int c = 0; c < 4; ++c) out[c] = uint8_t((sum[c] + n / 2) / n);
            }
        unscaled = level;
        // Scale alpha so the coverage at the cutoff matches the top level's (bisection on the
        // scale: coverage grows with it).
        if (target > 0.0f) {
            auto coverageAt = [&](float scale) {
                uint64_t covered = 0;
                for (size_t i = 3; i < level.pixels.size(); i += 4)
                    covered += float(level.pixels[i]) * scale >= cutoff * 255.0f;
                return float(double(covered) / double(size_t(w) * size_t(h)));
            };
            float lo = 0.25f, hi = 16.0f;
            for (int it = 0; it < 24; ++it) {
                float mid = 0.5f * (lo + hi);
                (coverageAt(mid) < target ? lo : hi) = mid;
            }
            float scale = hi;
            for (size_t i = 3; i < level.pixels.size(); i += 4)
                level.pixels[i] = uint8_t(std::min(255.0f, std::round(float(level.pixels[i]) * scale)));
        }
        levels.push_back(std::move(level));
        previous = &levels.back();
    }
    return levels;
}

} // namespace th
