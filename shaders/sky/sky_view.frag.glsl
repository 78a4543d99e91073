// The sky as seen from the observer, in a table over (azimuth from the sun, elevation)
// (SkyModel::scatter on the CPU). The sky is symmetric about the sun's vertical plane, so
// azimuth runs 0..π, with texels crowded towards the sun (u = √(φ/π)) and towards the horizon
// (v = ½ ± ½ √(|elevation| / (π/2))). Below the horizon the ray ends on the ground.
#include<atmosphere>

uniform highp sampler2D groundRadiance; // 1×1: the ground's radiance (ground.frag.glsl)
uniform int atmSteps;
uniform vec4 skySun;   // x: sine of the sun's elevation
uniform vec4 skySolar; // rgb: solar irradiance above the atmosphere

in vec2 vUv;
out vec4 fragColor;

void main() {
    float phi = ATM_PI * vUv.x * vUv.x;
    float v = vUv.y * 2.0 - 1.0;
    float elevation = sign(v) * v * v * (0.5 * ATM_PI);
    float mu = sin(elevation);
    float muS = skySun.x;
    // nu = cos(view, sun) with the sun at azimuth 0.
    float nu = cos(elevation) * cos(phi) * sqrt(max(1.0 - muS * muS, 0.0)) + mu * muS;
    float r = atmRadii.z;
    vec3 throughput;
    vec3 radiance = atmScatterAlong(r, mu, muS, nu, atmSteps, throughput) * skySolar.rgb;
    if (atmIntersectsGround(r, mu)) radiance += throughput * texelFetch(groundRadiance, ivec2(0, 0), 0).rgb;
    fragColor = vec4(radiance, 1.0);
}
