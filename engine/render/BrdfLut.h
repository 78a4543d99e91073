#pragma once
// The split-sum DFG table for image-based lighting (Karis 2013), integrated on the CPU with
// the same GGX distribution and height-correlated Smith visibility as the direct lighting,
// by sampling the distribution of visible normals (Heitz 2018).
// Texel (u, v) = (NoV, perceptual roughness), stored as (scale, bias) of F0: the specular IBL
// is prefiltered · (F0 · scale + bias), and scale + bias is the directional albedo used for
// multiple-scattering energy compensation.
#include <vector>

#include <glm/glm.hpp>

namespace th {

/// The table the renderer uploads: kBrdfLutSize² texels of kBrdfLutSamples GGX samples each.
constexpr int kBrdfLutSize = 128;
constexpr int kBrdfLutSamples = 128;

/// One texel of the table: u = NoV in (0, 1], v = perceptual roughness in [0, 1].
glm::vec2 integrateDfg(float NoV, float roughness, int samples);

/// The whole table, `size`×`size`, row v (roughness) major, texel centres; computed once per
/// process and size.
const std::vector<glm::vec2>& brdfLutTable(int size = kBrdfLutSize, int samples = kBrdfLutSamples);

} // namespace th
