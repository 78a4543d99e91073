#include "render/SkyModel.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <tuple>

namespace th {

namespace {
constexpr float kPi = 3.14159265358979f;
/// The sun's angular radius (rad): the light fades while its disc crosses the horizon.
constexpr float kSunAngularRadius = 0.00465f;
/// Aerosols scatter 90 % of what they intercept and absorb the rest.
constexpr float kMieSingleScatteringAlbedo = 0.9f;

using namespace skytables;

// Ray-sphere distances written so that r² − R² never cancels: (r − R)(r + R).
float distanceToTop(const AtmosphereParams& a, float r, float mu) {
    float disc = (a.topRadius - r) * (a.topRadius + r) + r * r * mu * mu;
    return std::max(-r * mu + std::sqrt(std::max(disc, 0.0f)), 0.0f);
}

float distanceToGround(const AtmosphereParams& a, float r, float mu) {
    float disc = r * r * mu * mu - (r - a.groundRadius) * (r + a.groundRadius);
    return std::max(-r * mu - std::sqrt(std::max(disc, 0.0f)), 0.0f);
}

bool intersectsGround(const AtmosphereParams& a, float r, float mu) {
    return mu < 0.0f && r * r * mu * mu - (r - a.groundRadius) * (r + a.groundRadius) >= 0.0f;
}

float radiusAt(float r, float mu, float t) { return std::sqrt(std::max(t * t + 2.0f * r * mu * t + r * r, 0.0f)); }

glm::vec3 extinctionAt(const AtmosphereParams& a, float h) {
    h = std::max(h, 0.0f);
    float ozone = std::max(0.0f, 1.0f - std::abs(h - a.ozoneCentre) / a.ozoneHalfWidth);
    return a.rayleighScattering * std::exp(-h / a.rayleighScaleHeight) + glm::vec3(a.mieExtinction * std::exp(-h / a.mieScaleHeight)) +
           a.ozoneAbsorption * ozone;
}

glm::vec3 rayleighScatteringAt(const AtmosphereParams& a, float h) {
    return a.rayleighScattering * std::exp(-std::max(h, 0.0f) / a.rayleighScaleHeight);
}

float mieScatteringAt(const AtmosphereParams& a, float h) { return a.mieScattering * std::exp(-std::max(h, 0.0f) / a.mieScaleHeight); }

float rayleighPhase(float nu) { return 3.0f / (16.0f * kPi) * (1.0f + nu * nu); }

float miePhase(float nu, float g) {
    float g2 = g * g;
    float k = 3.0f / (8.0f * kPi) * (1.0f - g2) / (2.0f + g2);
    return k * (1.0f + nu * nu) / std::pow(std::max(1.0f + g2 - 2.0f * g * nu, 1e-6f), 1.5f);
}

/// Sample positions crowded towards the ray's start (t = d·x²), where the air is densest for
/// the rays that matter (long, low ones): midpoint and length of segment i of n.
void crowdedSegment(float d, int i, int n, float& t, float& dt) {
    float x0 = float(i) / float(n), x1 = float(i + 1) / float(n), xm = (float(i) + 0.5f) / float(n);
    t = d * xm * xm;
    dt = d * (x1 * x1 - x0 * x0);
}

glm::vec3 opticalDepth(const AtmosphereParams& a, float r, float mu, float d, int steps) {
    glm::vec3 sum(0.0f);
    for (int i = 0; i < steps; ++i) {
        float t, dt;
        crowdedSegment(d, i, steps, t, dt);
        sum += extinctionAt(a, radiusAt(r, mu, t) - a.groundRadius) * dt;
    }
    return sum;
}

// --- table layouts, as in shaders/sky/atmosphere.glsl ---

glm::vec2 transmittanceUv(const AtmosphereParams& a, float r, float mu) {
    float H = std::sqrt(a.topRadius * a.topRadius - a.groundRadius * a.groundRadius);
    float rho = std::sqrt(std::max(r * r - a.groundRadius * a.groundRadius, 0.0f));
    float d = distanceToTop(a, r, mu);
    float dMin = a.topRadius - r, dMax = rho + H;
    float xMu = std::clamp((d - dMin) / std::max(dMax - dMin, 1e-6f), 0.0f, 1.0f);
    float xR = std::clamp(rho / H, 0.0f, 1.0f);
    const float w = float(kTransmittanceWidth), h = float(kTransmittanceHeight);
    return {0.5f / w + xMu * (1.0f - 1.0f / w), 0.5f / h + xR * (1.0f - 1.0f / h)};
}

void transmittanceParameters(const AtmosphereParams& a, glm::vec2 uv, float& r, float& mu) {
    const float w = float(kTransmittanceWidth), h = float(kTransmittanceHeight);
    float xMu = std::clamp((uv.x - 0.5f / w) / (1.0f - 1.0f / w), 0.0f, 1.0f);
    float xR = std::clamp((uv.y - 0.5f / h) / (1.0f - 1.0f / h), 0.0f, 1.0f);
    float H = std::sqrt(a.topRadius * a.topRadius - a.groundRadius * a.groundRadius);
    float rho = H * xR;
    r = std::sqrt(rho * rho + a.groundRadius * a.groundRadius);
    float dMin = a.topRadius - r, dMax = rho + H;
    float d = dMin + xMu * (dMax - dMin);
    mu = d == 0.0f ? 1.0f : std::clamp((H * H - rho * rho - d * d) / (2.0f * r * d), -1.0f, 1.0f);
}

glm::vec2 multipleUv(const AtmosphereParams& a, float r, float muS) {
    const float n = float(kMultipleSize);
    float x = std::clamp(0.5f + 0.5f * muS, 0.0f, 1.0f);
    float y = std::clamp((r - a.groundRadius) / (a.topRadius - a.groundRadius), 0.0f, 1.0f);
    return {0.5f / n + x * (1.0f - 1.0f / n), 0.5f / n + y * (1.0f - 1.0f / n)};
}

/// Bilinear, clamp to edge, texel centres at (i + ½)/n: what the GPU's sampler does.
glm::vec3 sampleBilinear(const std::vector<glm::vec3>& table, int width, int height, glm::vec2 uv) {
    float x = uv.x * float(width) - 0.5f, y = uv.y * float(height) - 0.5f;
    int x0 = int(std::floor(x)), y0 = int(std::floor(y));
    float fx = x - float(x0), fy = y - float(y0);
    auto at = [&](int i, int j) {
        i = std::clamp(i, 0, width - 1);
        j = std::clamp(j, 0, height - 1);
        return table[size_t(j) * size_t(width) + size_t(i)];
    };
    return glm::mix(glm::mix(at(x0, y0), at(x0 + 1, y0), fx), glm::mix(at(x0, y0 + 1), at(x0 + 1, y0 + 1), fx), fy);
}

std::shared_ptr<const AtmosphereTables> buildTables(const AtmosphereParams& a) {
    auto tables = std::make_shared<AtmosphereTables>();
    tables->transmittance.resize(size_t(kTransmittanceWidth) * kTransmittanceHeight);
    for (int j = 0; j < kTransmittanceHeight; ++j)
        for (int i = 0; i < kTransmittanceWidth; ++i) {
            glm::vec2 uv((float(i) + 0.5f) / kTransmittanceWidth, (float(j) + 0.5f) / kTransmittanceHeight);
            float r, mu;
            transmittanceParameters(a, uv, r, mu);
            tables->transmittance[size_t(j) * kTransmittanceWidth + size_t(i)] =
                glm::exp(-opticalDepth(a, r, mu, distanceToTop(a, r, mu), kTransmittanceSteps));
        }
    auto sunTransmittance = [&](float r, float muS) {
        if (intersectsGround(a, r, muS)) return glm::vec3(0.0f);
        return sampleBilinear(tables->transmittance, kTransmittanceWidth, kTransmittanceHeight, transmittanceUv(a, r, muS));
    };
    // Multiple scattering (shaders/sky/multiple_scattering.frag.glsl).
    const float isotropic = 1.0f / (4.0f * kPi);
    const float golden = 2.39996323f;
    tables->multiple.resize(size_t(kMultipleSize) * kMultipleSize);
    for (int j = 0; j < kMultipleSize; ++j)
        for (int i = 0; i < kMultipleSize; ++i) {
            // Texel centres map to the ends of the ranges (as multipleUv inverts).
            float muS = float(i) / float(kMultipleSize - 1) * 2.0f - 1.0f;
            float r = a.groundRadius + float(j) / float(kMultipleSize - 1) * (a.topRadius - a.groundRadius);
            glm::vec3 sun(std::sqrt(std::max(1.0f - muS * muS, 0.0f)), muS, 0.0f);
            glm::vec3 secondOrder(0.0f), transfer(0.0f);
            for (int k = 0; k < kMultipleDirections; ++k) {
                float mu = 1.0f - (2.0f * float(k) + 1.0f) / float(kMultipleDirections);
                float s = std::sqrt(std::max(1.0f - mu * mu, 0.0f));
                float phi = golden * float(k);
                glm::vec3 dir(s * std::cos(phi), mu, s * std::sin(phi));
                float nu = glm::dot(dir, sun);
                bool ground = intersectsGround(a, r, mu);
                float d = ground ? distanceToGround(a, r, mu) : distanceToTop(a, r, mu);
                glm::vec3 lightOnce(0.0f), f(0.0f), throughput(1.0f);
                for (int step = 0; step < kMultipleSteps; ++step) {
                    float t, dt;
                    crowdedSegment(d, step, kMultipleSteps, t, dt);
                    float rt = radiusAt(r, mu, t);
                    float h = rt - a.groundRadius;
                    float muSt = std::clamp((r * muS + t * nu) / rt, -1.0f, 1.0f);
                    glm::vec3 sigmaT = extinctionAt(a, h);
                    glm::vec3 sigmaS = rayleighScatteringAt(a, h) + glm::vec3(mieScatteringAt(a, h));
                    glm::vec3 segment = glm::exp(-sigmaT * dt);
                    glm::vec3 integral = throughput * (glm::vec3(1.0f) - segment) / sigmaT;
                    lightOnce += integral * sigmaS * sunTransmittance(rt, muSt) * isotropic;
                    f += integral * sigmaS;
                    throughput *= segment;
                }
                if (ground) {
                    float muSg = std::clamp((r * muS + d * nu) / a.groundRadius, -1.0f, 1.0f);
                    lightOnce += throughput * sunTransmittance(a.groundRadius, muSg) * std::max(muSg, 0.0f) * a.groundAlbedo / kPi;
                }
                secondOrder += lightOnce;
                transfer += f;
            }
            secondOrder /= float(kMultipleDirections);
            transfer /= float(kMultipleDirections);
            tables->multiple[size_t(j) * kMultipleSize + size_t(i)] =
                secondOrder / (glm::vec3(1.0f) - glm::min(transfer, glm::vec3(0.99f)));
        }
    return tables;
}

/// Tables depend only on what the air holds and the ground's albedo, not on the hour: keep
/// the few most recent.
std::shared_ptr<const AtmosphereTables> tablesFor(const AtmosphereParams& a) {
    using Key = std::tuple<float, float, float, float, float>;
    static std::mutex mutex;
    static std::map<Key, std::shared_ptr<const AtmosphereTables>> cache;
    Key key{a.mieScattering, a.mieExtinction, a.groundAlbedo.r, a.groundAlbedo.g, a.groundAlbedo.b};
    {
        std::lock_guard lock(mutex);
        auto it = cache.find(key);
        if (it != cache.end()) return it->second;
    }
    auto tables = buildTables(a);
    std::lock_guard lock(mutex);
    if (cache.size() >= 8) cache.clear();
    cache[key] = tables;
    return tables;
}
} // namespace

AtmosphereParams AtmosphereParams::forSky(const SkySettings& sky) {
    AtmosphereParams a;
    // Turbidity is the optical thickness of the whole atmosphere relative to pure air: the
    // haze adds (T − 1) times the air's vertical optical depth at 550 nm (the green channel).
    float turbidity = std::clamp(sky.turbidity, 1.0f, 32.0f);
    float airDepthGreen = a.rayleighScattering.g * a.rayleighScaleHeight;
    a.mieScattering = (turbidity - 1.0f) * airDepthGreen / a.mieScaleHeight;
    a.mieExtinction = a.mieScattering / kMieSingleScatteringAlbedo;
    a.groundAlbedo = glm::clamp(sky.groundAlbedo, 0.0f, 1.0f);
    // White balance on the high sun: the sun at the zenith of haze-free air is white and of
    // the settings' illuminance.
    glm::vec3 clearZenith = glm::exp(-(a.rayleighScattering * a.rayleighScaleHeight + a.ozoneAbsorption * a.ozoneHalfWidth));
    a.solarIrradiance = glm::vec3(std::max(sky.sunIlluminance, 0.0f)) / clearZenith;
    return a;
}

SkyModel::SkyModel(const SkySettings& sky)
    : mSky(sky), mAtmosphere(AtmosphereParams::forSky(sky)), mToSun(-sunDirectionForHour(sky.hour, sky.latitude)) {}

float SkyModel::nightFactor() const {
    float t = std::clamp((mToSun.y - 0.1f) / -0.2f, 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}

glm::vec3 SkyModel::transmittance(float altitude, float mu, int steps) const {
    float r = mAtmosphere.groundRadius + std::max(altitude, 0.0f);
    if (intersectsGround(mAtmosphere, r, mu)) return glm::vec3(0.0f);
    return glm::exp(-opticalDepth(mAtmosphere, r, mu, distanceToTop(mAtmosphere, r, mu), steps));
}

glm::vec3 SkyModel::sunIlluminance() const {
    const AtmosphereParams& a = mAtmosphere;
    float r = a.groundRadius + a.observerAltitude;
    // The geometric horizon sits a little below zero from the observer's height; the light
    // fades while the sun's disc crosses it, measured through the air just above it.
    float horizonElevation = -std::acos(std::clamp(a.groundRadius / r, -1.0f, 1.0f));
    float elevation = std::asin(std::clamp(mToSun.y, -1.0f, 1.0f));
    float visible = std::clamp((elevation - horizonElevation + kSunAngularRadius) / (2.0f * kSunAngularRadius), 0.0f, 1.0f);
    if (visible <= 0.0f) return glm::vec3(0.0f);
    float mu = std::max(mToSun.y, std::sin(horizonElevation + 0.5f * kSunAngularRadius));
    return a.solarIrradiance * transmittance(a.observerAltitude, mu, 64) * visible;
}

const AtmosphereTables& SkyModel::tables() const {
    if (!mTables) mTables = tablesFor(mAtmosphere);
    return *mTables;
}

glm::vec3 SkyModel::tableSunTransmittance(float r, float muS) const {
    if (intersectsGround(mAtmosphere, r, muS)) return glm::vec3(0.0f);
    return sampleBilinear(tables().transmittance, kTransmittanceWidth, kTransmittanceHeight, transmittanceUv(mAtmosphere, r, muS));
}

glm::vec3 SkyModel::tableMultipleScattering(float r, float muS) const {
    return sampleBilinear(tables().multiple, kMultipleSize, kMultipleSize, multipleUv(mAtmosphere, r, muS));
}

glm::vec3 SkyModel::scatterAlong(float mu, float muS, float nu, int steps, glm::vec3& throughput) const {
    const AtmosphereParams& a = mAtmosphere;
    float r = a.groundRadius + a.observerAltitude;
    bool ground = intersectsGround(a, r, mu);
    float d = ground ? distanceToGround(a, r, mu) : distanceToTop(a, r, mu);
    float phaseR = rayleighPhase(nu), phaseM = miePhase(nu, a.mieAnisotropy);
    glm::vec3 radiance(0.0f);
    throughput = glm::vec3(1.0f);
    for (int i = 0; i < steps; ++i) {
        float t, dt;
        crowdedSegment(d, i, steps, t, dt);
        float rt = radiusAt(r, mu, t);
        float h = rt - a.groundRadius;
        float muSt = std::clamp((r * muS + t * nu) / rt, -1.0f, 1.0f);
        glm::vec3 sigmaT = extinctionAt(a, h);
        glm::vec3 rayleigh = rayleighScatteringAt(a, h);
        float mie = mieScatteringAt(a, h);
        glm::vec3 source = (rayleigh * phaseR + glm::vec3(mie * phaseM)) * tableSunTransmittance(rt, muSt) +
                           (rayleigh + glm::vec3(mie)) * tableMultipleScattering(rt, muSt);
        glm::vec3 segment = glm::exp(-sigmaT * dt);
        // Exact integral of a constant source over the segment.
        radiance += throughput * source * (glm::vec3(1.0f) - segment) / sigmaT;
        throughput *= segment;
    }
    return radiance;
}

glm::vec3 SkyModel::scattered(const glm::vec3& toward) const {
    glm::vec3 v = glm::normalize(toward);
    glm::vec3 throughput;
    glm::vec3 l = scatterAlong(v.y, mToSun.y, glm::dot(v, mToSun), kSkyViewSteps, throughput) * mAtmosphere.solarIrradiance;
    float r = mAtmosphere.groundRadius + mAtmosphere.observerAltitude;
    if (intersectsGround(mAtmosphere, r, v.y)) l += throughput * groundRadiance();
    return l;
}

glm::vec3 SkyModel::nightRadiance(const glm::vec3& toward) const {
    float mu = glm::normalize(toward).y;
    if (mu < 0.0f) return glm::vec3(0.0f);
    return mSky.nightFill * nightFactor() * (1.0f + 0.3f * (1.0f - mu) * (1.0f - mu));
}

glm::vec3 SkyModel::radiance(const glm::vec3& toward) const {
    return (scattered(toward) + nightRadiance(toward)) * mSky.skyIntensity;
}

glm::vec3 SkyModel::groundRadiance() const {
    if (mGroundRadiance) return *mGroundRadiance;
    // shaders/sky/ground.frag.glsl: the sun on a horizontal surface plus the sky over the upper
    // hemisphere (midpoint rule in cos θ and φ: dω = dμ dφ).
    glm::vec3 irradiance = sunIlluminance() * std::max(mToSun.y, 0.0f);
    glm::vec3 sky(0.0f);
    for (int i = 0; i < kGroundRings; ++i) {
        float mu = (float(i) + 0.5f) / float(kGroundRings);
        float sinTheta = std::sqrt(1.0f - mu * mu);
        for (int j = 0; j < kGroundSectors; ++j) {
            float phi = (float(j) + 0.5f) / float(kGroundSectors) * 2.0f * kPi;
            glm::vec3 dir(sinTheta * std::cos(phi), mu, sinTheta * std::sin(phi));
            glm::vec3 throughput;
            glm::vec3 l = scatterAlong(mu, mToSun.y, glm::dot(dir, mToSun), kGroundSteps, throughput) * mAtmosphere.solarIrradiance +
                          nightRadiance(dir);
            sky += l * mu;
        }
    }
    irradiance += sky * (2.0f * kPi / float(kGroundRings * kGroundSectors));
    mGroundRadiance = mAtmosphere.groundAlbedo * irradiance / kPi;
    return *mGroundRadiance;
}

glm::vec3 sunIlluminanceForSky(const SkySettings& sky) {
    if (!sky.enabled) return glm::vec3(0.0f);
    return SkyModel(sky).sunIlluminance();
}

} // namespace th
