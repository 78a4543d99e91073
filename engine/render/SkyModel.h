#pragma once
// The procedural sky: air (Rayleigh), haze (Mie, its amount from the turbidity) and ozone over
// a spherical planet, lit by the sun of sunDirectionForHour. Single scattering is integrated
// along each view ray; light scattered more often comes from a table over (altitude, sun
// angle) in the manner of Hillaire (2020), which is what keeps the horizon pale and the
// twilight sky lit. This is the CPU mirror of shaders/sky/atmosphere.glsl and its passes: the
// same tables (built here in floats, there in half floats) and the same integrals, so tests
// can hold the GPU's environment against it. The renderer takes the sun's light from here,
// so the direct sun and the sky agree.
//
// Units: lengths in kilometres inside the model; radiance and irradiance in the renderer's
// units, scaled so that the sun at the zenith of haze-free air gives a surface facing it an
// illuminance of SkySettings::sunIlluminance in every channel (white balance on the high sun).
#include <memory>
#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "scene/Atmosphere.h"

namespace th {

/// What the atmosphere is made of: the numbers the shaders get as uniforms.
struct AtmosphereParams {
    float groundRadius = 6360.0f;   ///< km
    float topRadius = 6420.0f;      ///< km
    float observerAltitude = 0.05f; ///< km: the eye of the environment, above flat ground
    glm::vec3 rayleighScattering{5.802e-3f, 13.558e-3f, 33.1e-3f}; ///< 1/km at sea level
    float rayleighScaleHeight = 8.0f;                              ///< km
    float mieScattering = 0.0f;  ///< 1/km at sea level, from the turbidity
    float mieExtinction = 0.0f;  ///< 1/km: scattering / single-scattering albedo 0.9
    float mieScaleHeight = 1.2f; ///< km
    float mieAnisotropy = 0.8f;  ///< Cornette-Shanks g
    glm::vec3 ozoneAbsorption{0.650e-3f, 1.881e-3f, 0.085e-3f}; ///< 1/km at the layer's peak
    float ozoneCentre = 25.0f;    ///< km: a tent profile, zero 15 km above and below
    float ozoneHalfWidth = 15.0f; ///< km
    glm::vec3 groundAlbedo{0.2f};
    glm::vec3 solarIrradiance{1.0f}; ///< above the atmosphere, per channel

    /// The atmosphere for a sky's turbidity (clamped to [1, 32]; 1 = pure air), sun and ground.
    static AtmosphereParams forSky(const SkySettings& sky);
};

/// Sizes and sample counts of the sky's tables and integrals, shared by CPU and GPU.
namespace skytables {
constexpr int kTransmittanceWidth = 128;
constexpr int kTransmittanceHeight = 48;
constexpr int kTransmittanceSteps = 40;
constexpr int kMultipleSize = 32;       ///< square: sun cosine × altitude
constexpr int kMultipleDirections = 64; ///< a Fibonacci sphere
constexpr int kMultipleSteps = 20;
constexpr int kSkyViewWidth = 96;   ///< azimuth from the sun
constexpr int kSkyViewHeight = 64;  ///< elevation
constexpr int kSkyViewSteps = 24;
constexpr int kGroundRings = 8;     ///< the ground's sky irradiance: cos θ × φ midpoints
constexpr int kGroundSectors = 16;
constexpr int kGroundSteps = 16;
} // namespace skytables

/// The CPU's copies of the transmittance and multiple-scattering tables (RGB, row-major, row 0
/// at v = 0), sampled bilinearly with texel centres at (i + ½)/n like the GPU's.
struct AtmosphereTables {
    std::vector<glm::vec3> transmittance; ///< kTransmittanceWidth × kTransmittanceHeight
    std::vector<glm::vec3> multiple;      ///< kMultipleSize²
};

class SkyModel {
public:
    explicit SkyModel(const SkySettings& sky);

    const SkySettings& settings() const { return mSky; }
    const AtmosphereParams& atmosphere() const { return mAtmosphere; }
    /// The direction the sunlight travels (sunDirectionForHour), and its opposite.
    glm::vec3 sunDirection() const { return -mToSun; }
    glm::vec3 toSun() const { return mToSun; }
    /// 1 at night, 0 by day, smooth through twilight (sine of the sun's elevation 0.1 → −0.1).
    float nightFactor() const;

    /// Transmittance from a point `altitude` km above the ground, along a direction whose
    /// cosine to the local zenith is `mu`, out to space, by direct integration; 0 when the ray
    /// meets the ground.
    glm::vec3 transmittance(float altitude, float mu, int steps = 64) const;
    /// The sun's light at the observer: the illuminance of a surface facing the sun, reddened
    /// by the air it crossed; fades over the sun's disc at the horizon; 0 when the sun is down.
    /// Cheap (no tables): the renderer calls it every frame.
    glm::vec3 sunIlluminance() const;

    /// Sky radiance towards the observer from direction `toward` (unit, world; the direction
    /// looked at): single and multiple scattering, and below the horizon the ground seen
    /// through the air. No sun disc, no night glow, no skyIntensity (see radiance()).
    glm::vec3 scattered(const glm::vec3& toward) const;
    /// What the environment shows in direction `toward`: scattered() plus the night glow, times
    /// skyIntensity.
    glm::vec3 radiance(const glm::vec3& toward) const;
    /// Radiance of the Lambertian ground: albedo/π × (sun on a horizontal surface + the sky's
    /// irradiance); computed on first use.
    glm::vec3 groundRadiance() const;
    /// The night glow in direction `toward` (0 below the horizon), before skyIntensity.
    glm::vec3 nightRadiance(const glm::vec3& toward) const;

    /// The tables, built on first use and shared by every model of the same atmosphere.
    const AtmosphereTables& tables() const;
    /// Transmittance to space from radius r (km) towards the sun at cosine muS, from the table;
    /// 0 in the planet's shadow.
    glm::vec3 tableSunTransmittance(float r, float muS) const;
    glm::vec3 tableMultipleScattering(float r, float muS) const;

private:
    /// Scattered light per unit solar irradiance along a ray from the observer; `throughput`
    /// returns the ray's transmittance to its end (the ground or space).
    glm::vec3 scatterAlong(float mu, float muS, float nu, int steps, glm::vec3& throughput) const;

    SkySettings mSky;
    AtmosphereParams mAtmosphere;
    glm::vec3 mToSun{0.0f, 1.0f, 0.0f};
    mutable std::shared_ptr<const AtmosphereTables> mTables;
    mutable std::optional<glm::vec3> mGroundRadiance;
};

/// The sun's light for a sky (SkyModel(sky).sunIlluminance()); zero when the sky is disabled.
glm::vec3 sunIlluminanceForSky(const SkySettings& sky);

} // namespace th
