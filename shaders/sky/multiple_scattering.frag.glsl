// Light scattered two or more times, per unit solar irradiance, for a point at an altitude and
// sun angle (Hillaire 2020, section 5.5): from the point, rays in a uniform set of directions
// gather once-scattered sunlight (isotropic phase) and the sunlit ground; all orders sum to
// L2 / (1 − f), a geometric series.
#include<atmosphere>

uniform int atmSteps;
uniform int atmDirections;

in vec2 vUv;
out vec4 fragColor;

void main() {
    vec2 size = atmTableSizes.zw;
    float x = clamp((vUv.x - 0.5 / size.x) / (1.0 - 1.0 / size.x), 0.0, 1.0);
    float y = clamp((vUv.y - 0.5 / size.y) / (1.0 - 1.0 / size.y), 0.0, 1.0);
    float muS = x * 2.0 - 1.0;
    float r = atmRadii.x + y * (atmRadii.y - atmRadii.x);
    vec3 sun = vec3(sqrt(max(1.0 - muS * muS, 0.0)), muS, 0.0);
    const float isotropic = 1.0 / (4.0 * ATM_PI);
    const float golden = 2.39996323; // π (3 − √5): a Fibonacci sphere
    vec3 secondOrder = vec3(0.0), transfer = vec3(0.0);
    float n = float(atmSteps);
    for (int k = 0; k < atmDirections; ++k) {
        float mu = 1.0 - (2.0 * float(k) + 1.0) / float(atmDirections);
        float s = sqrt(max(1.0 - mu * mu, 0.0));
        float phi = golden * float(k);
        vec3 dir = vec3(s * cos(phi), mu, s * sin(phi));
        float nu = dot(dir, sun);
        bool ground = atmIntersectsGround(r, mu);
        float d = ground ? atmDistanceToGround(r, mu) : atmDistanceToTop(r, mu);
        vec3 lightOnce = vec3(0.0), f = vec3(0.0), throughput = vec3(1.0);
        for (int i = 0; i < atmSteps; ++i) {
            float x0 = float(i) / n, x1 = float(i + 1) / n, xm = (float(i) + 0.5) / n;
            float t = d * xm * xm, dt = d * (x1 * x1 - x0 * x0);
            float rt = atmRadiusAt(r, mu, t);
            float h = rt - atmRadii.x;
            float muSt = clamp((r * muS + t * nu) / rt, -1.0, 1.0);
            vec3 sigmaT = atmExtinction(h);
            vec3 sigmaS = atmRayleighScattering(h) + vec3(atmMieScattering(h));
            vec3 segment = exp(-sigmaT * dt);
            vec3 integral = throughput * (1.0 - segment) / sigmaT;
            lightOnce += integral * sigmaS * atmSunTransmittance(rt, muSt) * isotropic;
            f += integral * sigmaS;
            throughput *= segment;
        }
        if (ground) {
            float muSg = clamp((r * muS + d * nu) / atmRadii.x, -1.0, 1.0);
            lightOnce += throughput * atmSunTransmittance(atmRadii.x, muSg) * max(muSg, 0.0) * atmGroundAlbedo.rgb / ATM_PI;
        }
        secondOrder += lightOnce;
        transfer += f;
    }
    // Uniform directions: ∫ g · (1/4π) dω ≈ the mean of g. L2 averages the once-scattered
    // radiance arriving here; f averages the fraction of a uniform radiance field the
    // surrounding air scatters back.
    secondOrder /= float(atmDirections);
    transfer /= float(atmDirections);
    fragColor = vec4(secondOrder / (1.0 - min(transfer, vec3(0.99))), 1.0);
}
