#pragma once
// Diffuse irradiance as 9 spherical-harmonic coefficients (Ramamoorthi & Hanrahan 2001),
// projected on the CPU from a cube map's texels weighted by their solid angle. The stored
// coefficients already hold the basis constants, the clamped-cosine convolution and 1/π, so
// the shader's irradianceSh(n) (shaders/pbr/ibl.glsl) is a polynomial in n and
// irradianceSh(n) × albedo is the diffuse radiance of a Lambertian surface.
#include <array>
#include <vector>

#include <glm/glm.hpp>

namespace th {

using ShIrradiance = std::array<glm::vec3, 9>;

/// A cube map's faces in GL's order (+X −X +Y −Y +Z −Z), each `size`² RGBA float texels,
/// row 0 at t = 0 (as glReadPixels returns them from a face attached to a framebuffer).
struct CubeImage {
    int size = 0;
    std::array<std::vector<float>, 6> faces;
};

/// The direction through face coordinates (s, t) in [−1, 1] (GL's cube map convention,
/// table 3.21 of the ES 3.0 spec), not normalised. shaders/ibl/cube_face.glsl mirrors it.
glm::vec3 cubeFaceDirection(int face, float s, float t);

/// Solid angle of the texel (x, y) of a face of `size`² texels.
float cubeTexelSolidAngle(int x, int y, int size);

/// Projects the radiance of `cube` and convolves it into shader-ready coefficients.
ShIrradiance projectIrradianceSh(const CubeImage& cube);

/// The same polynomial as irradianceSh() in shaders/pbr/ibl.glsl (clamped at 0).
glm::vec3 evaluateIrradianceSh(const ShIrradiance& sh, const glm::vec3& n);

} // namespace th
