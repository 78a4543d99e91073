#pragma once
// The hike's ground as the engine's clipmap sees it: the analytic height field as a height
// function, and the terrain plugin's layer weights (classified from slope, altitude and
// mottle, packed into colour + uv1) as each ring vertex's data.
#include "assets/Clipmap.h"
#include "hike/Heightfield.h"
#include "plugins/terrain/TerrainMath.h"

namespace th::hike {

/// Samples `field` (copied into the function).
HeightFunction heightFunction(const Heightfield& field);
/// The terrain plugin's packed weights for a ring vertex, by `classifier`.
ClipmapVertexFunction terrainWeights(const terrain::SurfaceClassifier& classifier);

} // namespace th::hike
