// The radiance of the flat Lambertian ground around the observer, one texel: albedo/π times
// the sun on a horizontal surface plus the sky (single, multiple scattering and night glow)
// integrated over the upper hemisphere by the midpoint rule in (cos θ, φ), dω = dμ dφ.
#include<atmosphere>

uniform int atmSteps;
uniform ivec2 groundGrid;      // rings in cos θ, sectors in φ
uniform vec4 skySun;           // xyz: towards the sun
uniform vec4 skySolar;         // rgb: solar irradiance above the atmosphere
uniform vec4 groundSun;        // rgb: the sun's illuminance at the observer (SkyModel::sunIlluminance)
uniform vec4 skyNight;         // rgb: night glow at the zenith

out vec4 fragColor;

void main() {
    vec3 toSun = skySun.xyz;
    vec3 irradiance = groundSun.rgb * max(toSun.y, 0.0);
    vec3 sky = vec3(0.0);
    for (int i = 0; i < groundGrid.x; ++i) {
        float mu = (float(i) + 0.5) / float(groundGrid.x);
        float sinTheta = sqrt(1.0 - mu * mu);
        for (int j = 0; j < groundGrid.y; ++j) {
            float phi = (float(j) + 0.5) / float(groundGrid.y) * 2.0 * ATM_PI;
            vec3 dir = vec3(sinTheta * cos(phi), mu, sinTheta * sin(phi));
            vec3 throughput;
            vec3 l = atmScatterAlong(atmRadii.z, mu, toSun.y, dot(dir, toSun), atmSteps, throughput) * skySolar.rgb
                   + atmNightGlow(skyNight.rgb, mu);
            sky += l * mu;
        }
    }
    irradiance += sky * (2.0 * ATM_PI / float(groundGrid.x * groundGrid.y));
    fragColor = vec4(atmGroundAlbedo.rgb * irradiance / ATM_PI, 1.0);
}
