// Punctual lights from the light data texture: four RGBA32UI texels per light, 512 lights per
// row, laid out by render/LightPacking.h (which mirrors the decoders below). Directional lights
// fill the first slots (lightingParams.z of them) and light every fragment; point and spot
// lights are read from the light clusters, which hold a copy of each listed light's first two
// or three texels, so shading one fetches two texels: its colour and spot axis are packed
// (half floats, an octahedral direction), since on a CPU rasteriser a texel fetch in the
// light loop costs more than the decoding. The block and sampler counts of an effect never
// grow with the light count.
uniform highp usampler2D lightData;
// Light clusters (render/LightClusters.h), built on the CPU every frame for the main view:
// clusterGrid.x × clusterGrid.y screen tiles × clusterGrid.z exponential depth slices. One
// RGBA32UI texel per cluster (x: first texel of its records, y: light count, z: how many of
// them have a shadow map, w: the union of their masks), then each cluster's light records,
// texels 0 to 2 of the light data for the shadowed lights (first), texels 0 and 1 for the
// others (lightingParams.w texels each: 3 where lights have masks); 2048 texels per row
// (LightClusters::kTextureWidth).
uniform highp usampler2D lightClusters;

// Rows are powers of two so texel addresses are shifts and masks: integer division is
// scalarised lane by lane on CPU rasterisers (llvmpipe) and costs more than the fetch.
const int kLightsPerRowShift = 9;   // 512 lights per row
const int kClusterRowShift = 11;    // 2048 texels per row

uvec4 lightTexel(int light, int texel) {
    return texelFetch(lightData, ivec2(((light & ((1 << kLightsPerRowShift) - 1)) << 2) + texel, light >> kLightsPerRowShift), 0);
}

uvec4 clusterTexelAt(int index) {
    return texelFetch(lightClusters, ivec2(index & ((1 << kClusterRowShift) - 1), index >> kClusterRowShift), 0);
}

// A half float as LightPacking's halfBits writes it: a normal number or zero (no denormals,
// infinities or NaNs), decoded by moving its bits into a float's; the GLSL 3.30 core profile
// has no unpackHalf2x16.
float halfToFloat(uint bits) {
    uint magnitude = bits & 0x7FFFu;
    float value = uintBitsToFloat(((bits & 0x8000u) << 16) | ((magnitude << 13) + 0x38000000u));
    return magnitude == 0u ? 0.0 : value;
}

vec2 unpackHalves(uint word) { return vec2(halfToFloat(word & 0xFFFFu), halfToFloat(word >> 16)); }

float fromSnorm16(uint bits) { return max(float(int(bits << 16) >> 16) / 32767.0, -1.0); }

// A unit vector from two snorm16 octahedral coordinates (LightPacking's octahedralSnorm).
vec3 octahedralDirection(uint word) {
    vec2 e = vec2(fromSnorm16(word & 0xFFFFu), fromSnorm16(word >> 16));
    vec3 n = vec3(e, 1.0 - abs(e.x) - abs(e.y));
    vec2 folded = (1.0 - abs(n.yx)) * vec2(n.x >= 0.0 ? 1.0 : -1.0, n.y >= 0.0 ? 1.0 : -1.0);
    return normalize(vec3(n.z < 0.0 ? folded : n.xy, n.z));
}

// glTF KHR_lights_punctual's recommended falloff: inverse square, windowed to zero at range
// (`inverseRangeSquared` = 1 / range², 0 for an unlimited range).
float distanceAttenuation(float distanceSquared, float inverseRangeSquared) {
    float ratio = distanceSquared * inverseRangeSquared;
    float window = clamp(1.0 - ratio * ratio, 0.0, 1.0);
    return window * window / max(distanceSquared, 1e-4);
}

bool lightReaches(uvec4 texel2, uint materialMask) { return (texel2.z & materialMask) != 0u; }

vec3 shadeDirectionalLight(Surface s, int light, uint materialMask) {
#ifndef FRAME_NO_LIGHT_MASKS
    if (!lightReaches(lightTexel(light, 2), materialMask)) return vec3(0.0);
#endif
    // No falloff: texel 0 holds the colour, texel 1 the direction the light travels.
    return shadeDirect(s, -uintBitsToFloat(lightTexel(light, 1).xyz), uintBitsToFloat(lightTexel(light, 0).xyz));
}

#if defined(DEBUG_VIEW) && DEBUG_VIEW == 11
// The light-visits debug view: the local lights this fragment's cluster lists, and how many of
// them reach it (the rest are work the clusters could have spared).
int debugLightsVisited = 0;
int debugLightsReaching = 0;
#endif

// A point or spot light from its record in the clusters (`record`: its first texel).
// `withShadow` is a constant at every call: the shadow lookup exists
// only in the shadowed lights' loop (a CPU rasteriser runs a branch's body for every lane
// even when no lane takes it, so an unused lookup in the common loop would still cost).
vec3 shadeLocalLight(Surface s, int record, vec3 positionW, vec3 normalW, uint materialMask, bool withShadow) {
#if defined(DEBUG_VIEW) && DEBUG_VIEW == 11
    ++debugLightsVisited;
#endif
    uvec4 t0 = clusterTexelAt(record);
    vec3 toLight = uintBitsToFloat(t0.xyz) - positionW;
    float d2 = dot(toLight, toLight);
#ifdef FRAME_NO_LIGHT_MASKS
    uvec4 t2 = withShadow ? clusterTexelAt(record + 2) : uvec4(0u);
#else
    uvec4 t2 = clusterTexelAt(record + 2);
    if (!lightReaches(t2, materialMask)) return vec3(0.0);
#endif
    uvec4 t1 = clusterTexelAt(record + 1);
    vec2 colourRg = unpackHalves(t1.z);
    vec2 colourBAndScale = unpackHalves(t1.w); // y: the spot's cone scale
    vec3 L = toLight * inversesqrt(max(d2, 1e-8));
    // 1 for a point light (its cos(outer) is −2 and its scale 1).
    float a = clamp((dot(octahedralDirection(t1.x), -L) - uintBitsToFloat(t1.y)) * colourBAndScale.y, 0.0, 1.0);
    float attenuation = distanceAttenuation(d2, uintBitsToFloat(t0.w)) * a * a;
    if (attenuation <= 0.0) return vec3(0.0);
#if defined(DEBUG_VIEW) && DEBUG_VIEW == 11
    ++debugLightsReaching;
#endif
    // Spots and point lights share one lookup: a point light reads the face its cube's
    // layers hold in the direction of the surface.
    if (withShadow && int(t2.x) >= 0 && drawParams.y > 0.5)
        attenuation *= localShadow(int(t2.x) + (t2.y == 2u ? 0 : cubeFace(-toLight)), positionW, normalW);
    return shadeDirect(s, L, vec3(colourRg, colourBAndScale.x) * attenuation);
}


// The fragment's cluster: its screen tile and the slice of its view depth, both clamped, so
// a fragment past the sliced depth range lands in the last slice (whose lists reach the far
// plane) rather than in no cluster.
int fragmentCluster(vec3 positionW) {
    ivec2 tiles = ivec2(clusterGrid.xy);
    ivec2 tile = clamp(ivec2(gl_FragCoord.xy * clusterParams.xy), ivec2(0), tiles - 1);
    float depth = max(-(view * vec4(positionW, 1.0)).z, 1e-6);
    int slice = int(clamp(floor(log(depth) * clusterParams.z + clusterParams.w), 0.0, clusterGrid.z - 1.0));
    return (slice * tiles.y + tile.y) * tiles.x + tile.x;
}

// Every punctual light that reaches this fragment: the directional ones, then those listed
// in its cluster. Masks filter twice: a cluster whose lights' union misses the draw's (mesh
// & material) mask is skipped whole, and within a listed cluster each light is tested on its
// own. Masks change without recompiling anything.
//
// Shaped for a CPU rasteriser, which runs every branch's body and every loop's body at least
// once, taken or not: each kind of light the frame lacks is compiled out (FRAME_NO_*), and
// each list is one flat loop of one fetch and one light per step (a loop over texels with an
// inner loop over their four slots cost half the frame at one light).
vec3 shadePunctualLights(Surface s, vec3 positionW, vec3 normalW, uint materialMask) {
    vec3 sum = vec3(0.0);
#ifndef FRAME_NO_DIRECTIONAL_LIGHTS
    int directional = int(lightingParams.z + 0.5);
    for (int i = 0; i < directional; ++i) sum += shadeDirectionalLight(s, i, materialMask);
#endif
#ifndef FRAME_NO_LOCAL_LIGHTS
    uvec4 header = clusterTexelAt(fragmentCluster(positionW));
    // No light of this cluster may light this draw: its list is not walked.
    int count = (header.w & materialMask) == 0u ? 0 : int(header.y);
    int record = int(header.x);
    int shadowed = min(int(header.z), count);
#ifndef FRAME_NO_LOCAL_SHADOWS
    for (int i = 0; i < shadowed; ++i, record += 3) sum += shadeLocalLight(s, record, positionW, normalW, materialMask, true);
#else
    record += 3 * shadowed;
#endif
    int recordTexels = int(lightingParams.w + 0.5);
    for (int i = shadowed; i < count; ++i, record += recordTexels)
        sum += shadeLocalLight(s, record, positionW, normalW, materialMask, false);
#endif
    return sum;
}
