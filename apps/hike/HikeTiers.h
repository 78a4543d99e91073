#pragma once
// What a quality tier changes in the hike itself (the renderer's generic part is the app's
// preset): the forest's near band, the grass density and which tree levels cast shadows, and
// the shadow and pre-pass settings the hike asks of the renderer.
#include "hike/QualityTier.h"
#include "render/Renderer.h"

namespace th::hike {

struct TierSettings {
    float nearRadius = 120.0f;
    float grassSpacing = 0.22f;
    bool nearShadows = true; ///< LOD1 and LOD2 cast shadows
};

TierSettings tierSettings(QualityTier tier);

/// The hike's part of a tier's renderer options, on top of the app's preset: two cascades of
/// 2048² on high (Day Hike's), shadows over 300 m, and the depth pre-pass.
void applyTierRendererOptions(RendererOptions& options, QualityTier tier);

} // namespace th::hike
