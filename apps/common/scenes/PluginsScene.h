#pragma once
// The "plugins" test scene: each shipped material plugin shown on its own, side by side on a
// flat meadow, for the demo and for captures. Seen from the south (+Z) at the default camera:
//
//   x ≈ −17  wind     an instanced grass patch (grass profile) and three instanced trees
//                     (tree-crown profile, per-instance sway scale), casting swaying shadows
//   x ≈ −6   conform  a 4 m high ramp with two rows of trees standing plumb: the front row on a
//                     material with the conform plugin (root plates seated), the back row
//                     without it (daylight under the downhill edges)
//   x ≈ +6   dither   a row of trees receding to the right (18 to 60 m from the camera) in
//                     two LOD levels with complementary bands over [34, 42] m: the detailed
//                     level dissolves into the coarse (tinted) one across the seam, no hole,
//                     no double draw
//   x ≈ +17  wing     a flock of ravens circling (one gliding) and butterflies over the grass
//   z ≈ −22  terrain  a 16 m terrain patch behind them all: sea-bed pebbles, beach sand,
//                     grass mottled with forest floor, a rock band facing the camera and a
//                     road, on rock sides a hand above the meadow
//
// Everything is deterministic from the build context's seed; `update` moves the birds and
// butterflies (positions only: the beat itself runs on the shader time).
#include "common/scenes/BuiltScene.h"

namespace th {

struct PluginsSceneLayout {
    static constexpr float kWindX = -17.0f;
    static constexpr float kConformX = -6.0f;
    static constexpr float kDitherX = 6.0f;
    static constexpr float kWingX = 17.0f;
    static constexpr float kTerrainZ = -22.0f; ///< centre of the terrain slot (x = 0)
    static constexpr float kTerrainSize = 16.0f;
    static constexpr float kDitherSeamStart = 34.0f, kDitherSeamEnd = 42.0f; ///< metres from the default camera
    /// The conform ramp's gradient: rising to +X and away from the camera (−Z), so its face
    /// and the daylight under the trunks' downhill (−X, +Z) sides both face the camera.
    static constexpr float kRampSlopeX = 0.35f, kRampSlopeZ = -0.15f;
};

BuiltScene buildPluginsScene(SceneBuildContext& context);

} // namespace th
