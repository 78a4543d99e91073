// The procedural sky's atmosphere: air (Rayleigh), haze (Mie) and ozone over a spherical
// planet, lengths in km. Single scattering is integrated along each view ray; the light
// scattered more than once is added from a table over (altitude, sun angle) built as in
// Hillaire's 2020 "scalable production quality atmosphere": second-order light assumed
// isotropic, higher orders as a geometric series. Every number comes from
// engine/render/SkyModel.h (AtmosphereParams), whose C++ is the mirror of each function here.
uniform vec4 atmRadii;      // x: ground radius, y: top radius, z: observer radius, w: Mie g
uniform vec4 atmRayleigh;   // rgb: scattering at sea level (1/km), w: scale height (km)
uniform vec4 atmMie;        // x: scattering, y: extinction (1/km), z: scale height (km)
uniform vec4 atmOzone;      // rgb: absorption at the peak (1/km), w: unused
uniform vec4 atmOzoneShape; // x: centre altitude, y: half width (km)
uniform vec4 atmGroundAlbedo; // rgb

// The tables this file reads (absent in the pass that draws the first one).
uniform highp sampler2D transmittanceLut;
uniform highp sampler2D multipleScatteringLut;
uniform vec4 atmTableSizes; // xy: transmittance table, zw: multiple-scattering table

const float ATM_PI = 3.14159265359;

float atmDistanceToTop(float r, float mu) {
    float top = atmRadii.y;
    float disc = (top - r) * (top + r) + r * r * mu * mu;
    return max(-r * mu + sqrt(max(disc, 0.0)), 0.0);
}

float atmDistanceToGround(float r, float mu) {
    float ground = atmRadii.x;
    float disc = r * r * mu * mu - (r - ground) * (r + ground);
    return max(-r * mu - sqrt(max(disc, 0.0)), 0.0);
}

bool atmIntersectsGround(float r, float mu) {
    float ground = atmRadii.x;
    return mu < 0.0 && r * r * mu * mu - (r - ground) * (r + ground) >= 0.0;
}

vec3 atmExtinction(float h) {
    h = max(h, 0.0);
    float ozone = max(0.0, 1.0 - abs(h - atmOzoneShape.x) / atmOzoneShape.y);
    return atmRayleigh.rgb * exp(-h / atmRayleigh.w) + vec3(atmMie.y * exp(-h / atmMie.z)) + atmOzone.rgb * ozone;
}

vec3 atmRayleighScattering(float h) { return atmRayleigh.rgb * exp(-max(h, 0.0) / atmRayleigh.w); }
float atmMieScattering(float h) { return atmMie.x * exp(-max(h, 0.0) / atmMie.z); }

float atmRayleighPhase(float nu) { return 3.0 / (16.0 * ATM_PI) * (1.0 + nu * nu); }

float atmMiePhase(float nu) {
    float g = atmRadii.w, g2 = g * g;
    float k = 3.0 / (8.0 * ATM_PI) * (1.0 - g2) / (2.0 + g2);
    return k * (1.0 + nu * nu) / pow(max(1.0 + g2 - 2.0 * g * nu, 1e-6), 1.5);
}

// Radius and sun cosine a distance t along a ray from (r, mu), nu = cos(ray, sun).
float atmRadiusAt(float r, float mu, float t) { return sqrt(max(t * t + 2.0 * r * mu * t + r * r, 0.0)); }

// Transmittance table coordinates: x from the distance to the top between its extremes for
// this radius, y from the distance to the horizon (Bruneton 2017, section 4.1).
vec2 atmTransmittanceUv(float r, float mu) {
    vec2 size = atmTableSizes.xy;
    float ground = atmRadii.x, top = atmRadii.y;
    float H = sqrt(top * top - ground * ground);
    float rho = sqrt(max(r * r - ground * ground, 0.0));
    float d = atmDistanceToTop(r, mu);
    float dMin = top - r, dMax = rho + H;
    float xMu = clamp((d - dMin) / max(dMax - dMin, 1e-6), 0.0, 1.0);
    float xR = clamp(rho / H, 0.0, 1.0);
    return vec2(0.5 / size.x + xMu * (1.0 - 1.0 / size.x), 0.5 / size.y + xR * (1.0 - 1.0 / size.y));
}

void atmTransmittanceParameters(vec2 uv, out float r, out float mu) {
    vec2 size = atmTableSizes.xy;
    float ground = atmRadii.x, top = atmRadii.y;
    float xMu = clamp((uv.x - 0.5 / size.x) / (1.0 - 1.0 / size.x), 0.0, 1.0);
    float xR = clamp((uv.y - 0.5 / size.y) / (1.0 - 1.0 / size.y), 0.0, 1.0);
    float H = sqrt(top * top - ground * ground);
    float rho = H * xR;
    r = sqrt(rho * rho + ground * ground);
    float dMin = top - r, dMax = rho + H;
    float d = dMin + xMu * (dMax - dMin);
    mu = d == 0.0 ? 1.0 : clamp((H * H - rho * rho - d * d) / (2.0 * r * d), -1.0, 1.0);
}

// Transmittance to space towards the sun; 0 in the planet's shadow.
vec3 atmSunTransmittance(float r, float muS) {
    if (atmIntersectsGround(r, muS)) return vec3(0.0);
    return textureLod(transmittanceLut, atmTransmittanceUv(r, muS), 0.0).rgb;
}

// Multiple-scattering table: x = sun cosine, y = altitude, texel centres at the ends.
vec2 atmMultipleUv(float r, float muS) {
    vec2 size = atmTableSizes.zw;
    float x = clamp(0.5 + 0.5 * muS, 0.0, 1.0);
    float y = clamp((r - atmRadii.x) / (atmRadii.y - atmRadii.x), 0.0, 1.0);
    return vec2(0.5 / size.x + x * (1.0 - 1.0 / size.x), 0.5 / size.y + y * (1.0 - 1.0 / size.y));
}

vec3 atmMultipleScattering(float r, float muS) {
    return textureLod(multipleScatteringLut, atmMultipleUv(r, muS), 0.0).rgb;
}

// Light scattered towards the observer at radius r along (mu) from the whole ray, per unit
// of solar irradiance, single (with phase functions) plus multiple (from the table). The ray
// ends on the ground or at the top; `throughput` returns its transmittance to the end.
vec3 atmScatterAlong(float r, float mu, float muS, float nu, int steps, out vec3 throughput) {
    bool ground = atmIntersectsGround(r, mu);
    float d = ground ? atmDistanceToGround(r, mu) : atmDistanceToTop(r, mu);
    float phaseR = atmRayleighPhase(nu), phaseM = atmMiePhase(nu);
    vec3 radiance = vec3(0.0);
    throughput = vec3(1.0);
    float n = float(steps);
    for (int i = 0; i < steps; ++i) {
        // Samples crowded towards the observer (t = d·x²), where the air is densest.
        float x0 = float(i) / n, x1 = float(i + 1) / n, xm = (float(i) + 0.5) / n;
        float t = d * xm * xm, dt = d * (x1 * x1 - x0 * x0);
        float rt = atmRadiusAt(r, mu, t);
        float h = rt - atmRadii.x;
        float muSt = clamp((r * muS + t * nu) / rt, -1.0, 1.0);
        vec3 sigmaT = atmExtinction(h);
        vec3 rayleigh = atmRayleighScattering(h);
        float mie = atmMieScattering(h);
        vec3 source = (rayleigh * phaseR + vec3(mie * phaseM)) * atmSunTransmittance(rt, muSt)
                    + (rayleigh + vec3(mie)) * atmMultipleScattering(rt, muSt);
        vec3 segment = exp(-sigmaT * dt);
        // Exact integral of a constant source over the segment.
        radiance += throughput * source * (1.0 - segment) / sigmaT;
        throughput *= segment;
    }
    return radiance;
}

// Night glow (moon, stars, airglow) above the horizon; the ground's share is in its radiance.
vec3 atmNightGlow(vec3 fill, float mu) {
    if (mu < 0.0) return vec3(0.0);
    float horizon = (1.0 - mu) * (1.0 - mu);
    return fill * (1.0 + 0.3 * horizon);
}
