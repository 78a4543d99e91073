// Tone mapping: ACES (Narkowicz's fit of the RRT+ODT), Khronos PBR Neutral
// (https://github.com/KhronosGroup/ToneMapping, the reference formulation) and AgX (Troy
// Sobotka's view transform in Benjamin Wrensch's minimal form: the inset matrix, a log2
// encoding over [−12.47, 4.03] EV around middle grey, a polynomial fit of the default
// contrast sigmoid, the outset matrix and a 2.2 display power; the "punchy" look raises
// contrast and saturation). CPU mirror: engine/render/ToneMap.cpp.
vec3 tonemapAces(vec3 x) {
    const float a = 2.51;
    const float b = 0.03;
    const float c = 2.43;
    const float d = 0.59;
    const float e = 0.14;
    return clamp((x * (a * x + b)) / (x * (c * x + d) + e), 0.0, 1.0);
}

// In the specification's terms: F90 = 0.04 (the offset removes up to it from the darkest
// channel: x − x²/(4·F90) below 2·F90, i.e. x − 6.25x² below 0.08), Ks = 0.8 − F90 where
// compression starts, Kd = 0.15 the desaturation. CPU mirror: engine/render/ToneMap.cpp.
vec3 tonemapPbrNeutral(vec3 color) {
    const float startCompression = 0.8 - 0.04;
    const float desaturation = 0.15;
    float x = min(color.r, min(color.g, color.b));
    float offset = x < 0.08 ? x - 6.25 * x * x : 0.04;
    color -= offset;
    float peak = max(color.r, max(color.g, color.b));
    if (peak < startCompression) return color;
    const float d = 1.0 - startCompression;
    float newPeak = 1.0 - d * d / (peak + d - startCompression);
    color *= newPeak / peak;
    float g = 1.0 - 1.0 / (desaturation * (peak - newPeak) + 1.0);
    return mix(color, vec3(newPeak), g);
}

vec3 agxContrast(vec3 x) {
    vec3 x2 = x * x;
    vec3 x4 = x2 * x2;
    return 15.5 * x4 * x2 - 40.14 * x4 * x + 31.96 * x4 - 6.868 * x2 * x + 0.4298 * x2 + 0.1191 * x - 0.00232;
}

vec3 tonemapAgx(vec3 color, bool punchy) {
    // Columns, as GLSL's mat3 constructor takes them.
    const mat3 inset = mat3(0.842479062253094, 0.0423282422610123, 0.0423756549057051,
                            0.0784335999999992, 0.878468636469772, 0.0784336,
                            0.0792237451477643, 0.0791661274605434, 0.879142973793104);
    const mat3 outset = mat3(1.19687900512017, -0.0528968517574562, -0.0529716355144438,
                             -0.0980208811401368, 1.15190312990417, -0.0980434501171241,
                             -0.0990297440797205, -0.0989611768448433, 1.15107367264116);
    const float minEv = -12.47393;
    const float maxEv = 4.026069;
    vec3 v = inset * max(color, vec3(1e-10));
    v = (clamp(log2(v), minEv, maxEv) - minEv) / (maxEv - minEv);
    v = agxContrast(v);
    if (punchy) {
        float luma = dot(v, vec3(0.2126, 0.7152, 0.0722));
        v = pow(max(v, vec3(0.0)), vec3(1.35));
        v = luma + 1.4 * (v - luma);
    }
    v = outset * v;
    return clamp(pow(max(v, vec3(0.0)), vec3(2.2)), 0.0, 1.0);
}

// mode: 0 = clamp, 1 = ACES, 2 = PBR Neutral, 3 = AgX, 4 = AgX punchy. Input is exposed linear
// HDR; output linear [0,1]. Where the program was built for one mapper (TONEMAP_MODE, the
// same numbers) only that one is compiled: a CPU rasteriser runs every branch on a uniform,
// and all five curves cost a tenth of the helmet's frame.
vec3 applyTonemap(vec3 color, float mode) {
#if defined(TONEMAP_MODE)
#if TONEMAP_MODE == 4
    return tonemapAgx(color, true);
#elif TONEMAP_MODE == 3
    return tonemapAgx(color, false);
#elif TONEMAP_MODE == 2
    return tonemapPbrNeutral(color);
#elif TONEMAP_MODE == 1
    return tonemapAces(color);
#else
    return clamp(color, 0.0, 1.0);
#endif
#else
    if (mode > 3.5) return tonemapAgx(color, true);
    if (mode > 2.5) return tonemapAgx(color, false);
    if (mode > 1.5) return tonemapPbrNeutral(color);
    if (mode > 0.5) return tonemapAces(color);
    return clamp(color, 0.0, 1.0);
#endif
}
