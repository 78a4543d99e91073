#pragma once
// Mip chains for alpha-tested textures (impostor cards, foliage): plain mipmaps lose the
// silhouette (averaged alpha falls below the cutoff and distant trees thin out to nothing),
// so the chain is built on the CPU with coverage preserved (each level's alpha scaled until as
// many texels pass the cutoff as at the top level, after Castaño) and colours bled into the
// transparent texels so filtering never pulls in a dark fringe. CPU only: no GL here.
#include <vector>

#include "core/Image.h"

namespace th {

/// Spreads the colour of covered texels (alpha ≥ 1) into uncovered ones, `passes` texels deep;
/// alpha is untouched.
void bleedColors(ImageRgba8& image, int passes);

/// The mip chain below `base` (level 1 down to 1×1), box-filtered, with each level's alpha
/// scaled so the share of texels at or above `cutoff` (0–1) matches `base`'s.
std::vector<ImageRgba8> coveragePreservingMips(const ImageRgba8& base, float cutoff = 0.5f);

/// The share of texels whose alpha is at or above `cutoff`.
float alphaCoverage(const ImageRgba8& image, float cutoff = 0.5f);

} // namespace th
