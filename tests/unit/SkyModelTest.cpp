// The procedural sky's CPU model (engine/render/SkyModel.h): the sun follows the hour, the
// air reddens the low sun, the sky is bluer overhead than at the horizon, night is dark.
#include <doctest/doctest.h>

#include <cmath>

#include "render/SkyModel.h"

using namespace th;

namespace {
SkySettings skyAt(float hour, float turbidity = 2.5f) {
    SkySettings s;
    s.hour = hour;
    s.turbidity = turbidity;
    return s;
}

glm::vec3 horizontal(float azimuthDegrees, float elevationDegrees) {
    float a = glm::radians(azimuthDegrees), e = glm::radians(elevationDegrees);
    return {std::cos(e) * std::cos(a), std::sin(e), std::cos(e) * std::sin(a)};
}
} // namespace

TEST_CASE("sky model: a vertical ray's transmittance is the exponential of the air column") {
    // Straight up, the optical depth is Σ β·H (1 − e^(−60/H)) for the exponential layers plus
    // the ozone tent's area (peak × half width): a check of the ray marching.
    SkyModel model(skyAt(12.0f, 1.0f));
    const AtmosphereParams& a = model.atmosphere();
    CHECK(a.mieScattering == 0.0f);
    glm::vec3 depth = a.rayleighScattering * a.rayleighScaleHeight * (1.0f - std::exp(-60.0f / a.rayleighScaleHeight)) +
                      a.ozoneAbsorption * a.ozoneHalfWidth;
    glm::vec3 t = model.transmittance(0.0f, 1.0f, 256);
    CHECK(t.r == doctest::Approx(std::exp(-depth.r)).epsilon(0.002));
    CHECK(t.g == doctest::Approx(std::exp(-depth.g)).epsilon(0.002));
    CHECK(t.b == doctest::Approx(std::exp(-depth.b)).epsilon(0.002));
    // Haze adds (T − 1) times the air's green optical depth.
    SkyModel hazy(skyAt(12.0f, 3.0f));
    glm::vec3 th = hazy.transmittance(0.0f, 1.0f, 256);
    CHECK(std::log(t.g / th.g) == doctest::Approx(2.0 * 13.558e-3 * 8.0 / 0.9).epsilon(0.02));
    // Rays into the ground see no sun.
    CHECK(model.transmittance(0.05f, -0.5f).r == 0.0f);
}

TEST_CASE("sky model: the high sun of clear air is white at the configured illuminance") {
    SkySettings s = skyAt(12.0f, 1.0f);
    s.latitude = 0.0f; // the equinox sun at the zenith
    s.sunIlluminance = 10.0f;
    SkyModel model(s);
    CHECK(model.toSun().y == doctest::Approx(1.0f));
    glm::vec3 e = model.sunIlluminance();
    // The observer stands 50 m up: a little less air than the sea-level calibration.
    CHECK(e.r == doctest::Approx(10.0f).epsilon(0.01));
    CHECK(e.g == doctest::Approx(10.0f).epsilon(0.01));
    CHECK(e.b == doctest::Approx(10.0f).epsilon(0.01));
    CHECK(sunIlluminanceForSky(s) == model.sunIlluminance());
    s.enabled = false;
    CHECK(sunIlluminanceForSky(s) == glm::vec3(0.0f));
}

TEST_CASE("sky model: the sun follows the hour, rising in the east and reddening when low") {
    SkyModel noon(skyAt(12.0f)), morning(skyAt(8.0f)), evening(skyAt(17.0f)), night(skyAt(0.5f));
    CHECK(noon.toSun().z < 0.0f);     // south is −Z
    CHECK(morning.toSun().x > 0.0f);  // east is +X
    CHECK(evening.toSun().x < 0.0f);
    glm::vec3 n = noon.sunIlluminance(), e = evening.sunIlluminance();
    MESSAGE("sun at 12:00 ", n.r, ", ", n.g, ", ", n.b, "; at 17:00 ", e.r, ", ", e.g, ", ", e.b);
    CHECK(e.r > e.b * 1.5f);
    CHECK(e.r / e.b > n.r / n.b);
    CHECK(n.g > e.g);
    CHECK(night.sunIlluminance() == glm::vec3(0.0f));
    CHECK(night.nightFactor() == doctest::Approx(1.0f));
    CHECK(noon.nightFactor() == doctest::Approx(0.0f));
    // The sun sets smoothly: illuminance falls monotonically through the last hour of the day.
    float previous = 1e9f;
    for (float h = 17.0f; h <= 18.5f; h += 0.05f) {
        float g = SkyModel(skyAt(h)).sunIlluminance().g;
        CHECK(g <= previous);
        previous = g;
    }
    CHECK(previous == 0.0f);
}

TEST_CASE("sky model: the noon sky is bluer at the zenith than at the horizon, brightest near the sun") {
    SkyModel model(skyAt(12.0f));
    glm::vec3 zenith = model.radiance({0, 1, 0});
    glm::vec3 horizon = model.radiance(horizontal(90.0f, 1.0f)); // +Z: north, away from the sun
    MESSAGE("zenith ", zenith.r, ", ", zenith.g, ", ", zenith.b, "; horizon ", horizon.r, ", ", horizon.g, ", ", horizon.b);
    CHECK(zenith.b > zenith.r * 1.5f);
    CHECK(zenith.b / zenith.r > horizon.b / horizon.r);
    CHECK(horizon.r > zenith.r); // the horizon is paler and brighter in red
    glm::vec3 nearSun = model.radiance(glm::normalize(model.toSun() + glm::vec3(0.05f, 0, 0)));
    glm::vec3 awayFromSun = model.radiance(glm::normalize(glm::vec3(0, 0.7f, 0.7f)));
    CHECK(nearSun.g > 3.0f * awayFromSun.g);
    // The ground below the horizon: lit, greyish (albedo 0.2 under a white-ish sun).
    glm::vec3 ground = model.radiance({0, -1, 0});
    CHECK(ground.g > 0.0f);
    CHECK(ground.g < zenith.g * 20.0f);
}

TEST_CASE("sky model: morning and afternoon mirror each other about the meridian") {
    SkyModel am(skyAt(9.0f)), pm(skyAt(15.0f));
    for (glm::vec3 d : {horizontal(20.0f, 10.0f), horizontal(200.0f, 45.0f), horizontal(300.0f, 3.0f)}) {
        glm::vec3 mirrored(-d.x, d.y, d.z);
        glm::vec3 a = am.radiance(d), b = pm.radiance(mirrored);
        CHECK(a.r == doctest::Approx(b.r).epsilon(1e-3));
        CHECK(a.b == doctest::Approx(b.b).epsilon(1e-3));
    }
}

TEST_CASE("sky model: twilight reddens the horizon under the sun, night leaves only the glow") {
    SkyModel dusk(skyAt(17.75f)); // the sun 2.6° up in the west
    glm::vec3 toward = glm::normalize(glm::vec3(dusk.toSun().x, 0.02f, dusk.toSun().z));
    glm::vec3 glow = dusk.radiance(toward);
    MESSAGE("towards the setting sun ", glow.r, ", ", glow.g, ", ", glow.b);
    CHECK(glow.r > glow.b);
    SkyModel night(skyAt(0.0f));
    glm::vec3 zenith = night.radiance({0, 1, 0});
    SkySettings defaults;
    CHECK(zenith.r == doctest::Approx(defaults.nightFill.r).epsilon(0.02));
    CHECK(zenith.b == doctest::Approx(defaults.nightFill.b).epsilon(0.02));
    CHECK(zenith.b > zenith.r); // dark blue
    CHECK(night.scattered({0, 1, 0}).g < 1e-6f);
}
