#pragma once
// How much of an image is not one flat colour: the check that a screenshot shows a picture
// rather than a cleared or black framebuffer (th-capture --check-not-blank, the demo's Xvfb
// test). A pixel counts as different when its CIE ΔE76 from the region's most common colour
// exceeds a threshold, so dithering and PNG noise of a clear colour do not count.
#include <string>

#include "core/Image.h"

namespace th {

/// A rectangle in pixels, top row first; width or height 0 means "to the image's edge".
struct ImageRegion {
    int x = 0, y = 0, width = 0, height = 0;
};

struct ImageVariety {
    ImageRegion region;          ///< clamped to the image
    uint64_t pixels = 0;         ///< in the region
    uint64_t differing = 0;      ///< farther than the threshold from the most common colour
    double share() const { return pixels ? double(differing) / double(pixels) : 0.0; }
    std::string summary() const; ///< "region 640,0 640x720: 71.2% of 460800 pixels differ from the most common colour"
};

/// Measures `region` of `image` against its most common colour. Throws th::Error when the
/// region lies outside the image.
ImageVariety measureVariety(const ImageRgba8& image, ImageRegion region = {}, double deltaE = 3.0);
/// The same against a known colour (RGBA8, e.g. a flat background): `differing` counts the
/// pixels that show something else.
ImageVariety measureDifference(const ImageRgba8& image, const uint8_t reference[4], ImageRegion region = {},
                               double deltaE = 3.0);

} // namespace th
