// The sun's transmittance to the top of the atmosphere for every (radius, zenith cosine) a
// sky sample needs; rebuilt only when the haze changes. Mirror: SkyModel's tables.
#include<atmosphere>

uniform int atmSteps;

in vec2 vUv;
out vec4 fragColor;

void main() {
    float r, mu;
    atmTransmittanceParameters(vUv, r, mu);
    float d = atmDistanceToTop(r, mu);
    vec3 depth = vec3(0.0);
    float n = float(atmSteps);
    for (int i = 0; i < atmSteps; ++i) {
        float x0 = float(i) / n, x1 = float(i + 1) / n, xm = (float(i) + 0.5) / n;
        float t = d * xm * xm, dt = d * (x1 * x1 - x0 * x0);
        depth += atmExtinction(atmRadiusAt(r, mu, t) - atmRadii.x) * dt;
    }
    fragColor = vec4(exp(-depth), 1.0);
}
