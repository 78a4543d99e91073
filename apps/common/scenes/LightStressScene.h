#pragma once
// The standard light-stress scene (assets/scenes/light-stress.json holds the same figures so
// other renderers can build it): a 40 × 40 m grey floor, 100 spheres of 2 m on a 3.6 m grid
// whose materials sweep metallic by row and roughness by column, and N spot lights 6 m up on
// a ⌈√N⌉ grid covering the floor, pointing down. No shadows, no IBL, no sun; Khronos PBR
// Neutral tone mapping. The camera sits at (0, 30, −34) looking at (0, 0, 1), 45° vertical.
//
// The spot's "cone angle π/2" is the full opening (Babylon.js's SpotLight.angle, which the
// figures come from): outerConeAngle, which is measured from the axis, is π/4. With it, the
// cone from 6 m up reaches the floor in a disc of 6 m radius whose rim lies 8.49 m from the
// light, just inside the 8.5 m range; the inner angle is 0, so the light fades from the axis.
#include "common/scenes/BuiltScene.h"
#include "common/scenes/LightStressFigures.h"

namespace th {

/// Builds the light-stress scene with `lightCount` spot lights (0 allowed). Its "spot lights"
/// control (BuiltScene::controls) lays the grid out again for another count at run time.
BuiltScene buildLightStressScene(SceneBuildContext& context, int lightCount);

/// Replaces the scene's spot lights with `lightCount` of them on the ⌈√N⌉ grid above (0
/// allowed; lights of other types stay).
void setLightStressLights(Scene& scene, int lightCount);

/// The spot lights the scene holds.
int lightStressLightCount(const Scene& scene);

} // namespace th
