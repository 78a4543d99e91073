#pragma once
// Temporal flicker of a region under a slow camera move: the benchmarks' measure of how much
// aliasing shimmers. Frames are rendered along the move at a fixed scene time (wind and
// animation stand still), read back, and each pixel of the region compared with the same
// pixel of the frame before. For a move of a fraction of a pixel per frame the true motion
// changes a pixel little and smoothly; what an unfiltered edge does (a sample popping on and
// off a blade of grass) changes it a lot, so the mean absolute frame-to-frame difference of
// luma (0–255, encoded) rises with the shimmer. Both runs share the move and the region, so
// their ratio is what anti-aliasing buys.
#include <cmath>
#include <cstdint>
#include <functional>
#include <vector>

#include "gl/Readback.h"
#include "render/Renderer.h"

namespace th::bench {

/// Rec. 709 luma of an encoded sRGB pixel.
inline float luma(const uint8_t* p) { return 0.2126f * float(p[0]) + 0.7152f * float(p[1]) + 0.0722f * float(p[2]); }

/// Pixels (true = in the region) where `scene` drawn in the base-colour view changes when
/// `toggle(false)` hides what the region is: the visible pixels of that part of the scene.
inline std::vector<bool> regionMask(Renderer& renderer, Scene& scene, const Camera& camera, const RenderTarget& output,
                                    const std::function<void(bool)>& toggle, double seconds) {
    RendererOptions& o = renderer.options();
    const DebugView saved = o.debugView;
    o.debugView = DebugView::BaseColor;
    auto frame = [&](bool shown) {
        toggle(shown);
        renderer.prepare(scene, camera, output);
        renderer.render(scene, camera, output, seconds);
        return readPixels(output.framebufferId(), 0, 0, output.width(), output.height());
    };
    ImageRgba8 with = frame(true), without = frame(false);
    toggle(true);
    o.debugView = saved;
    std::vector<bool> mask(size_t(output.width()) * size_t(output.height()));
    for (size_t i = 0; i < mask.size(); ++i)
        for (size_t c = 0; c < 3; ++c)
            if (with.pixels[i * 4 + c] != without.pixels[i * 4 + c]) mask[i] = true;
    return mask;
}

struct FlickerFigures {
    double meanAbsoluteDelta = 0; ///< luma units (0–255), averaged over pixels and frame pairs
    uint64_t pixels = 0;          ///< region pixels per frame
};

/// Renders `cameras` in order (`update` runs before each, with the camera) and measures the
/// region's frame-to-frame luma change.
inline FlickerFigures measureFlicker(Renderer& renderer, Scene& scene, const std::vector<Camera>& cameras,
                                     const RenderTarget& output, const std::vector<bool>& mask, double seconds,
                                     const std::function<void(const Camera&)>& update) {
    FlickerFigures f;
    for (bool m : mask) f.pixels += m ? 1 : 0;
    ImageRgba8 previous;
    double sum = 0;
    uint64_t count = 0;
    for (size_t i = 0; i < cameras.size(); ++i) {
        update(cameras[i]);
        if (i == 0) renderer.prepare(scene, cameras[i], output);
        renderer.render(scene, cameras[i], output, seconds);
        ImageRgba8 image = readPixels(output.framebufferId(), 0, 0, output.width(), output.height());
        if (i > 0)
            for (size_t p = 0; p < mask.size(); ++p)
                if (mask[p]) {
                    sum += std::abs(double(luma(&image.pixels[p * 4])) - double(luma(&previous.pixels[p * 4])));
                    ++count;
                }
        previous = std::move(image);
    }
    f.meanAbsoluteDelta = count ? sum / double(count) : 0.0;
    return f;
}

} // namespace th::bench
