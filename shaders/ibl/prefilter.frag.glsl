// One face of one mip of the specular cube: the environment convolved with the GGX lobe of
// roughness = mip / (mips − 1), with N = V = R (Karis 2013). Importance-sampled; each sample
// reads the environment's mip whose texel solid angle matches the sample's share of the lobe
// (Colbert & Křivánek 2007), so bright small sources blur instead of sparkling.
// Under PREFILTER_CHARLIE the lobe is the sheen's Charlie distribution instead (the sheen
// environment, material/FrameTexture.h), importance-sampled as the Khronos Sample Viewer does
// (sin θh = u^e, e = α / (2α + 1)). With V = N only half vectors within 45° of N reflect above
// the horizon, and at low roughness almost none of the Sample Viewer's samples do (its level
// 0 is black). The samples here are drawn from that accepted part alone: the ratio of sums
// below is unchanged by the conditioning, and no sample is wasted. Its probability
// P = (√½)^(1/e) and D are handled as logarithms: both underflow a float at low roughness.
#include<cube_face>

uniform highp samplerCube environment;
uniform vec4 prefilterParams; // x: perceptual roughness, y: sample count, z: source face size, w: source mips − 1
uniform vec4 prefilterTarget; // x: source level whose texels match this level's (the mirror level)

in vec2 vUv;
out vec4 fragColor;

const float PF_PI = 3.14159265359;

float pfRadicalInverse(uint bits) {
    bits = (bits << 16u) | (bits >> 16u);
    bits = ((bits & 0x55555555u) << 1u) | ((bits & 0xAAAAAAAAu) >> 1u);
    bits = ((bits & 0x33333333u) << 2u) | ((bits & 0xCCCCCCCCu) >> 2u);
    bits = ((bits & 0x0F0F0F0Fu) << 4u) | ((bits & 0xF0F0F0F0u) >> 4u);
    bits = ((bits & 0x00FF00FFu) << 8u) | ((bits & 0xFF00FF00u) >> 8u);
    return float(bits) * 2.3283064365386963e-10;
}

void main() {
    vec3 N = cubeTexelDirection(vUv);
    float roughness = prefilterParams.x;
    int count = int(prefilterParams.y);
    float sourceSize = prefilterParams.z;
    float maxLod = prefilterParams.w;
#ifndef PREFILTER_CHARLIE
    if (roughness <= 0.0 || count <= 1) {
        // The mirror level: the environment itself, at the level whose texels match ours.
        fragColor = vec4(textureLod(environment, N, prefilterTarget.x).rgb, 1.0);
        return;
    }
#endif
    float alpha = roughness * roughness;
    float a2 = alpha * alpha;
    vec3 up = abs(N.y) < 0.999 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);
    vec3 T = normalize(cross(up, N));
    vec3 B = cross(N, T);
    float texelSolidAngle = 4.0 * PF_PI / (6.0 * sourceSize * sourceSize);
    vec3 sum = vec3(0.0);
    float weight = 0.0;
    for (int i = 0; i < count; ++i) {
        float u1 = (float(i) + 0.5) / float(count);
        float u2 = pfRadicalInverse(uint(i));
        float phi = 2.0 * PF_PI * u2;
#ifdef PREFILTER_CHARLIE
        float e = alpha / (2.0 * alpha + 1.0);
        float sinTheta = sqrt(0.5) * pow(u1, e); // u1 · P through the inverse CDF
        float cosTheta = sqrt(max(1.0 - sinTheta * sinTheta, 0.0));
#else
        float cosTheta = sqrt((1.0 - u1) / (1.0 + (a2 - 1.0) * u1));
        float sinTheta = sqrt(max(1.0 - cosTheta * cosTheta, 0.0));
#endif
        vec3 H = T * (sinTheta * cos(phi)) + B * (sinTheta * sin(phi)) + N * cosTheta;
        vec3 L = 2.0 * cosTheta * H - N; // V = N, so VoH = NoH = cosTheta
        float NoL = dot(N, L);
        if (NoL <= 0.0) continue;
        // pdf(L) = D(H) NoH / (4 VoH) = D / 4 here.
#ifdef PREFILTER_CHARLIE
        // log2 of D = (2 + 1/α) sin^(1/α) θh / 2π, and of the sample's solid angle P / (n D / 4).
        float log2D = log2((2.0 + 1.0 / alpha) / (2.0 * PF_PI)) + log2(max(sinTheta, 1e-6)) / alpha;
        float log2SampleSolidAngle = -0.5 / e - log2(float(count) * 0.25) - log2D;
        float lod = clamp(0.5 * (log2SampleSolidAngle - log2(texelSolidAngle)), 0.0, maxLod);
#else
        float f = (cosTheta * a2 - cosTheta) * cosTheta + 1.0;
        float D = a2 / (PF_PI * f * f);
        float sampleSolidAngle = 1.0 / (float(count) * D * 0.25 + 1e-6);
        float lod = clamp(0.5 * log2(sampleSolidAngle / texelSolidAngle), 0.0, maxLod);
#endif
        sum += textureLod(environment, L, lod).rgb * NoL;
        weight += NoL;
    }
    fragColor = vec4(sum / max(weight, 1e-6), 1.0);
}
