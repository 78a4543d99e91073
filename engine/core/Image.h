#pragma once
// CPU images: 8-bit RGBA (readback, PNG, textures) and float RGBA (HDR environments).
// Rows are stored top to bottom, as image files and screenshots are.
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace th {

struct ImageRgba8 {
    int width = 0;
    int height = 0;
    std::vector<uint8_t> pixels; ///< width * height * 4 bytes, top row first

    ImageRgba8() = default;
    ImageRgba8(int w, int h) : width(w), height(h), pixels(size_t(w) * size_t(h) * 4, 0) {}
    bool empty() const { return width <= 0 || height <= 0; }
    uint8_t* at(int x, int y) { return &pixels[(size_t(y) * size_t(width) + size_t(x)) * 4]; }
    const uint8_t* at(int x, int y) const { return &pixels[(size_t(y) * size_t(width) + size_t(x)) * 4]; }
    std::array<uint8_t, 4> rgba(int x, int y) const {
        const uint8_t* p = at(x, y);
        return {p[0], p[1], p[2], p[3]};
    }
};

struct ImageRgbaF {
    int width = 0;
    int height = 0;
    std::vector<float> pixels; ///< width * height * 4 floats, top row first

    ImageRgbaF() = default;
    ImageRgbaF(int w, int h) : width(w), height(h), pixels(size_t(w) * size_t(h) * 4, 0.0f) {}
    bool empty() const { return width <= 0 || height <= 0; }
    float* at(int x, int y) { return &pixels[(size_t(y) * size_t(width) + size_t(x)) * 4]; }
    const float* at(int x, int y) const { return &pixels[(size_t(y) * size_t(width) + size_t(x)) * 4]; }
};

} // namespace th
