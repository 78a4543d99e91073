// Ground-truth ambient occlusion (Jimenez et al. 2016) at half resolution: for each pixel,
// AO_SLICES slices through the view vector, rotated by a 4×4 pattern (the blur cancels it);
// in each, the highest horizon on both sides within the radius (AO_STEPS depth samples a side,
// their weight fading to the tangent plane near the radius so distant geometry does not
// occlude), then the cosine-weighted visible arc between the two horizons around the normal
// projected into the slice. An open plane integrates to 1 whatever the view.
#include<ao_depth>

uniform highp vec4 aoParams; // x: radius (m), y: unused, z: pixels per metre at distance 1, w: 1 for an orthographic camera

out vec4 fragColor;

const float kPi = 3.14159265;
const float kHalfPi = 1.57079633;

// A 4×4 ordered pattern in [0, 1): each value once per 4×4 block.
float pattern(ivec2 p) {
    int i = (p.x & 3) + ((p.y & 3) << 2);
    const float order[16] = float[16](0.0, 8.0, 2.0, 10.0, 12.0, 4.0, 14.0, 6.0, 3.0, 11.0, 1.0, 9.0, 15.0, 7.0, 13.0, 5.0);
    return (order[i] + 0.5) / 16.0;
}

// acos for the horizon cosines; exact enough and cheaper than a library call on CPU rasterisers.
float fastAcos(float x) {
    float a = abs(x);
    float r = (-0.156583 * a + kHalfPi) * sqrt(max(1.0 - a, 0.0));
    return x >= 0.0 ? r : kPi - r;
}

void main() {
    ivec2 cell = ivec2(gl_FragCoord.xy);
    ivec2 pixel = cell * 2;
    highp float d = depthAt(pixel);
    if (isBackground(d)) {
        fragColor = vec4(1.0);
        return;
    }
    highp vec3 P = viewPositionFrom(vec2(pixel), d);
    vec3 V = aoParams.w > 0.5 ? vec3(0.0, 0.0, 1.0) : normalize(-P);

    // The normal from the depth: on each axis the neighbour nearer in depth, so an edge takes
    // the side the pixel belongs to.
    highp vec3 left = viewPositionAt(pixel - ivec2(1, 0)), right = viewPositionAt(pixel + ivec2(1, 0));
    highp vec3 down = viewPositionAt(pixel - ivec2(0, 1)), up = viewPositionAt(pixel + ivec2(0, 1));
    highp vec3 dx = abs(right.z - P.z) < abs(P.z - left.z) ? right - P : P - left;
    highp vec3 dy = abs(up.z - P.z) < abs(P.z - down.z) ? up - P : P - down;
    vec3 N = normalize(cross(dx, dy));
    if (dot(N, V) < 0.0) N = -N;

    float radius = aoParams.x;
    float distanceScale = aoParams.w > 0.5 ? 1.0 : -P.z;
    float radiusPixels = min(radius * aoParams.z / max(distanceScale, 1e-4), 0.25 * aoDepthTexel.y);
    if (radiusPixels < 2.0) {
        fragColor = vec4(1.0);
        return;
    }
    float rotation = pattern(cell);
    float jitter = pattern(cell.yx + ivec2(1, 2));
    float falloffStart = 0.6 * radius;
    float falloffScale = 1.0 / (radius - falloffStart);

    float visibility = 0.0;
    for (int slice = 0; slice < AO_SLICES; ++slice) {
        float phi = (float(slice) + rotation) * (kPi / float(AO_SLICES));
        vec2 omega = vec2(cos(phi), sin(phi));
        vec3 direction = vec3(omega, 0.0);
        vec3 orthoDirection = direction - dot(direction, V) * V;
        vec3 axis = normalize(cross(orthoDirection, V));
        vec3 projectedNormal = N - axis * dot(N, axis);
        float projectedLength = length(projectedNormal);
        float signN = dot(orthoDirection, projectedNormal) >= 0.0 ? 1.0 : -1.0;
        float cosN = clamp(dot(projectedNormal, V) / max(projectedLength, 1e-4), 0.0, 1.0);
        float n = signN * fastAcos(cosN);
        // Without occluders the horizons are the tangent plane's.
        float low0 = cos(n + kHalfPi), low1 = cos(n - kHalfPi);
        float horizon0 = low0, horizon1 = low1;
        for (int step = 0; step < AO_STEPS; ++step) {
            float t = (float(step) + jitter) / float(AO_STEPS);
            // Denser near the pixel, where contact occlusion is; at least a pixel a step.
            vec2 offset = omega * max(t * t * radiusPixels, float(step + 1));
            highp vec3 s0 = viewPositionAt(pixel + ivec2(round(offset))) - P;
            highp vec3 s1 = viewPositionAt(pixel - ivec2(round(offset))) - P;
            float l0 = length(s0), l1 = length(s1);
            float w0 = clamp((radius - l0) * falloffScale, 0.0, 1.0);
            float w1 = clamp((radius - l1) * falloffScale, 0.0, 1.0);
            horizon0 = max(horizon0, mix(low0, dot(s0, V) / max(l0, 1e-5), w0));
            horizon1 = max(horizon1, mix(low1, dot(s1, V) / max(l1, 1e-5), w1));
        }
        float h0 = -fastAcos(clamp(horizon1, -1.0, 1.0));
        float h1 = fastAcos(clamp(horizon0, -1.0, 1.0));
        h0 = n + clamp(h0 - n, -kHalfPi, kHalfPi);
        h1 = n + clamp(h1 - n, -kHalfPi, kHalfPi);
        float sinN = sin(n);
        float arc0 = (cosN + 2.0 * h0 * sinN - cos(2.0 * h0 - n)) * 0.25;
        float arc1 = (cosN + 2.0 * h1 * sinN - cos(2.0 * h1 - n)) * 0.25;
        visibility += projectedLength * (arc0 + arc1);
    }
    visibility = clamp(visibility / float(AO_SLICES), 0.0, 1.0);
    fragColor = vec4(visibility, visibility, visibility, 1.0);
}
