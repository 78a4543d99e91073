// Tone mapping: ACES (Narkowicz's fit of the RRT+ODT) and Khronos PBR Neutral
// (https://github.com/KhronosGroup/ToneMapping, the reference formulation).
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

// mode: 0 = clamp, 1 = ACES, 2 = PBR Neutral. Input is exposed linear HDR; output linear [0,1].
vec3 applyTonemap(vec3 color, float mode) {
    if (mode > 1.5) return tonemapPbrNeutral(color);
    if (mode > 0.5) return tonemapAces(color);
    return clamp(color, 0.0, 1.0);
}
