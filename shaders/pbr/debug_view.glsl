// Debug views (render/DebugView.h): under DEBUG_VIEW (the view's number, in DebugView's
// order) the main pass writes the value the view names instead of the light. Data (normals,
// roughness, counts) is written so the displayed value is the datum itself; colours (base
// colour, emissive) are shown as colours. The frame around it is not tone-mapped or exposed.
#ifdef DEBUG_VIEW

// Black, blue, green, yellow, red as `t` goes from 0 to 1.
vec3 debugHeat(float t) {
    t = clamp(t, 0.0, 1.0);
    if (t <= 0.0) return vec3(0.0);
    if (t < 0.33) return mix(vec3(0.0, 0.0, 0.25), vec3(0.0, 0.0, 1.0), t / 0.33);
    if (t < 0.66) return mix(vec3(0.0, 0.0, 1.0), vec3(0.0, 1.0, 0.0), (t - 0.33) / 0.33);
    if (t < 0.83) return mix(vec3(0.0, 1.0, 0.0), vec3(1.0, 1.0, 0.0), (t - 0.66) / 0.17);
    return mix(vec3(1.0, 1.0, 0.0), vec3(1.0, 0.0, 0.0), (t - 0.83) / 0.17);
}

// The cascade sunShadow reads at this view depth; −1 past the last or with no shadows.
int debugCascade(float viewDepth) {
    int count = int(shadowParams.x + 0.5);
    for (int i = 0; i < 4; ++i)
        if (i < count && viewDepth < cascadeSplits[i]) return i;
    return -1;
}

// What the frame shows for a datum `v` in [0, 1]: on a float frame the tone-mapping pass (no
// curve) encodes to sRGB after, so undo that here; an 8-bit frame writes it directly.
vec3 debugDatum(vec3 v) {
#ifdef TONEMAP_IN_SHADER
    return clamp(v, 0.0, 1.0);
#else
    return srgbToLinear(clamp(v, 0.0, 1.0));
#endif
}

vec3 debugColour(vec3 linearColour) {
#ifdef TONEMAP_IN_SHADER
    return linearToSrgb(clamp(linearColour, 0.0, 1.0));
#else
    return linearColour;
#endif
}

vec3 debugViewColor(vec3 albedo, vec3 normalW, float roughness, float metallic, float occlusion, vec3 emissive,
                    vec3 positionW, float viewDepth) {
#if DEBUG_VIEW == 1
    return debugColour(albedo);
#elif DEBUG_VIEW == 2
    return debugDatum(normalize(normalW) * 0.5 + 0.5);
#elif DEBUG_VIEW == 3
    return debugDatum(vec3(roughness));
#elif DEBUG_VIEW == 4
    return debugDatum(vec3(metallic));
#elif DEBUG_VIEW == 5
    return debugDatum(vec3(occlusion));
#elif DEBUG_VIEW == 6
    return debugColour(emissive);
#elif DEBUG_VIEW == 7
    return vec3(0.1); // added up by the blend, one layer at a time
#elif DEBUG_VIEW == 8
    uint count = clusterTexelAt(fragmentCluster(positionW)).y;
    return debugDatum(debugHeat(float(count) / 16.0));
#elif DEBUG_VIEW == 9
    int cascade = drawParams.y > 0.5 ? debugCascade(viewDepth) : -1;
    vec3 c = cascade == 0 ? vec3(1.0, 0.0, 0.0) : cascade == 1 ? vec3(0.0, 1.0, 0.0) : cascade == 2 ? vec3(0.0, 0.0, 1.0)
           : cascade == 3 ? vec3(1.0, 1.0, 0.0) : vec3(0.5);
    return debugDatum(c);
#elif DEBUG_VIEW == 10
#ifdef SCREEN_AO
    return debugDatum(vec3(texture(screenAo, gl_FragCoord.xy * viewportSize.zw).r));
#else
    return debugDatum(vec3(1.0));
#endif
#elif DEBUG_VIEW == 11
    return debugDatum(vec3(float(debugLightsVisited), float(debugLightsReaching), 0.0) / 255.0);
#else
    return vec3(1.0, 0.0, 1.0);
#endif
}

#endif
