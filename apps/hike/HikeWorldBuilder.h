#pragma once
// The hike: the kind of world Day Hike renders, built from the engine's parts and the five
// plugins, to show the renderer can carry a game and to measure it (bench-hike).
//
//   terrain     the engine's clipmap (assets/Clipmap.h) of 7 rings over a seeded analytic
//               height field (hike/Heightfield.h), textured by the terrain plugin (six
//               layers, weights per vertex: hike/HikeTerrain.h); rings re-emitted only when
//               their snapped origin moves
//   forest      ~30 000 trees within 2 km in four levels (LOD0 < 42 m < LOD1 < 85 m < LOD2 <
//               120 m (70 on low) < impostor cards), cross-dissolved by the dither plugin
//               with per-instance bands (hike/ForestLayout.h); conform seats the near levels
//               on the slope, wind sways LOD0 and LOD1 crowns; the cards' texture is baked
//               at load from LOD1 with the engine's impostor baker (render/ImpostorBaker.h);
//               sets rebuilt only when the eye crosses a 10 m cell; cards split into 12
//               sectors around the eye so the renderer's per-node culling drops those behind it
//   understory  bushes within 60 m (wind, understory profile; dither)
//   grass       tufts of five blades in 48 m blocks within 86 m (wind, dither): 200 000+ on high
//   rocks       clutter within 90 m (dither, forced on an alpha-tested material)
//   birds       three flocks of ravens (wing plugin) looping on closed paths
//   sky         the procedural sky; the sun follows scene.sky.hour (0–24, a dim moonlit fill
//               at night); cascaded sun shadows; height fog tinted by the sun's height
//   weather     clear (a light haze), overcast, mist, rain-wet: wetness scales the terrain's
//               and rocks' albedo (× 1 − 0.38 w) and roughness (× 1 − 0.4 w) through the
//               material's own values, which the terrain plugin's tables then scale
//               (hike/HikeWeather.h)
//   quality     low / medium / high: shadows (none, 1 × 1024², 2 × 2048²), resolution scale,
//               forest near band (70 / 120 / 120 m), grass density (¼, ½, full)
//               (hike/HikeTiers.h)
//
// Everything is deterministic from the seed. The builder makes materials, meshes, the
// clipmap and the impostor bake; the first update() (and every later one) places forest,
// grass and birds for the camera it is given, so a capture at a fixed time and camera is
// reproducible.
#include <cstdint>
#include <memory>

#include "hike/HikeSceneOptions.h"
#include "hike/HikeWorld.h"
#include "render/Renderer.h"
#include "scene/Camera.h"
#include "scene/Scene.h"

namespace th::hike {

/// Builds the hike into `scene` (empty on entry) and sets `camera` to the options' default
/// view. Throws th::Error when the terrain maps or a material cannot be made; a failed
/// impostor bake only logs a warning (far trees are then not drawn).
std::shared_ptr<HikeWorld> buildHikeWorld(Renderer& renderer, Scene& scene, Camera& camera,
                                          const HikeSceneOptions& options, uint64_t seed);

/// A camera standing in the wood (eye 1.7 m above the ground, looking level), the nearest
/// such spot to the viewpoint: the pose where the near levels of the forest cost the most
/// (bench-hike measures it beside the file's vista).
Camera hikeForestCamera(const HikeSceneOptions& options, uint64_t seed);

} // namespace th::hike
