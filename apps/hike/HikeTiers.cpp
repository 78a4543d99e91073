#include "hike/HikeTiers.h"

namespace th::hike {

TierSettings tierSettings(QualityTier tier) {
    // Grass: full density on high (a tuft per 0.22 m jittered cell where the ground is grass:
    // 200 000+ in the blocks around the camera even deep in the wood, where the forest floor
    // thins it), half on medium, a quarter on low.
    switch (tier) {
    case QualityTier::Low: return {70.0f, 0.44f, false};
    case QualityTier::Medium: return {120.0f, 0.22f * 1.41421356f, false};
    case QualityTier::High: break;
    }
    return {120.0f, 0.22f, true};
}

void applyTierRendererOptions(RendererOptions& o, QualityTier tier) {
    if (tier == QualityTier::High) { // Day Hike's high tier: 2 cascades of 2048² over 300 m
        o.shadows.cascades = 2;
        o.shadows.mapSize = 2048;
    }
    o.shadows.maxDistance = 300.0f;
    // Depth first: the terrain's shading is the frame's largest cost, and trees and grass
    // hide much of it (bench-hike on llvmpipe: −23 % at the vista, −60 % in the wood).
    o.depthPrepass = true;
}

} // namespace th::hike
