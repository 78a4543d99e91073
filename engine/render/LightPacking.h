#pragma once
// One light's record in the light data texture (render/LightData.h): four RGBA32UI texels, of
// which shading reads two. On a CPU rasteriser each texel fetch in the light loop is a gather
// per lane and costs more than decoding a few packed values, so the colour and the spot's
// axis are packed (half floats, an octahedral direction) and a point or spot light is shaded
// from texels 0 and 1 alone. shaders/pbr/lights.glsl decodes what this file encodes; the
// decoders here mirror the shader's for the tests.
//
//   point and spot lights
//     texel 0: position.xyz (float bits), 1 / range² (float bits; 0: unlimited range)
//     texel 1: spot axis (octahedral, two snorm16), cos(outer cone angle) (float bits),
//              half(colour.r) | half(colour.g) << 16, half(colour.b) | half(spot scale) << 16
//              (colour = colour × intensity; the cone factor is clamp((cos − cosOuter) ·
//              scale, 0, 1), squared; a point light's cosOuter −2 and scale 1 give 1 everywhere)
//   directional lights
//     texel 0: colour × intensity (rgb, float bits), 0
//     texel 1: the direction the light travels (xyz, float bits), 0
//   every light
//     texel 2: first shadow layer (int bits, −1: none), type (0 directional, 1 point, 2 spot),
//              light mask, 0
//     texel 3: 0 (keeps a record four texels, so a light's address is a shift)
#include <array>
#include <cstdint>

#include <glm/glm.hpp>

#include "scene/Light.h"

namespace th {

/// The largest colour × intensity a point or spot light keeps (the half float's largest
/// finite value); a brighter channel is clamped to it.
inline constexpr float kMaxPackedLightColour = 65504.0f;

/// IEEE half float of `value`, rounded to nearest even; magnitudes below the smallest normal
/// half become 0 (the shader decodes normals and zero only) and above kMaxPackedLightColour
/// are clamped to it.
uint16_t halfBits(float value);
/// The shader's decoding of halfBits (lights.glsl's halfToFloat).
float halfToFloat(uint16_t bits);
/// `low` in the low 16 bits, `high` in the high ones.
uint32_t packHalves(float low, float high);

/// A unit vector as two snorm16 octahedral coordinates (x in the low 16 bits).
uint32_t octahedralSnorm(const glm::vec3& unit);
/// The shader's decoding of octahedralSnorm (lights.glsl's octahedralDirection).
glm::vec3 octahedralDirection(uint32_t packed);

/// The four texels of `light` (16 words, texel by texel). `shadowLayer` is its first layer in
/// the local shadow array or −1. `clamped` (if given) is set when the colour had to be clamped.
std::array<uint32_t, 16> packLight(const Light& light, int shadowLayer, bool* clamped = nullptr);

} // namespace th
