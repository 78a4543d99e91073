#pragma once
// The sheen BRDF of KHR_materials_sheen on the CPU: the "Charlie" distribution (Estevez &
// Kulla 2017) with the visibility the Khronos Sample Viewer uses (their fitted Λ), and the
// table of its directional albedo E(NoV, roughness) that scales the base under the sheen
// ("albedo scaling": the base gets 1 − max(sheen colour) · E). Mirror: sheen.frag.glsl.
#include <vector>

namespace th {

/// The Charlie distribution of half vectors: D(h) with ∫ D (n·h) dω_h = 1.
float sheenDistribution(float roughness, float NoH);
/// The sheen visibility V = 1 / ((1 + Λ(V) + Λ(L)) · 4 NoV NoL), clamped to [0, 1].
float sheenVisibility(float NoL, float NoV, float roughness);
/// E(NoV, roughness) = ∫ D · V · NoL dω_L over the hemisphere, white sheen colour.
float sheenDirectionalAlbedo(float NoV, float roughness, int samples = 64);

/// The table the plugin uploads: `size`² values, row = roughness (texel centres), column = NoV;
/// computed once per process and size.
constexpr int kSheenLutSize = 32;
const std::vector<float>& sheenAlbedoTable(int size = kSheenLutSize);

} // namespace th
