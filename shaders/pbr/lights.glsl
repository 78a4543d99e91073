// Punctual lights from the light data texture: four RGBA32F texels per light, 512 lights per
// row. Directional lights fill the first slots (lightingParams.z of them) and light every
// fragment; point and spot lights are reached through the light clusters. The block and
// sampler counts of an effect never grow with the light count.
//   texel 0: position.xyz, range (0 = unlimited)
//   texel 1: colour × intensity (rgb), spot angle scale (0 for a point light)
//   texel 2: direction the light points (xyz; directional and spot), spot angle offset (1 for
//            a point light: the cone factor is then 1 everywhere)
//   texel 3: first shadow layer (−1 none), type (0 directional, 1 point, 2 spot), light mask
//            low 16 bits, high 16 bits
// Shading reads texels 0 to 2; texel 3 only in frames with light masks (FRAME_NO_LIGHT_MASKS
// unset) and for shadowed lights.
uniform highp sampler2D lightData;
// Light clusters (render/LightClusters.h), built on the CPU every frame for the main view:
// clusterGrid.x × clusterGrid.y screen tiles × clusterGrid.z exponential depth slices. One
// RGBA32UI texel per cluster (x: first texel of its list, y: light count, z: how many of
// them have a shadow map, w: the union of their masks), then the lists, four light
// slots per texel, the shadowed lights first and padded to a whole texel; 1024 texels per row
// (LightClusters::kTextureWidth).
uniform highp usampler2D lightClusters;

// Rows are powers of two so texel addresses are shifts and masks: integer division is
// scalarised lane by lane on CPU rasterisers (llvmpipe) and costs more than the fetch.
const int kLightsPerRowShift = 9;   // 512 lights per row
const int kClusterRowShift = 10;    // 1024 texels per row

vec4 lightTexel(int light, int texel) {
    return texelFetch(lightData, ivec2(((light & ((1 << kLightsPerRowShift) - 1)) << 2) + texel, light >> kLightsPerRowShift), 0);
}

// glTF KHR_lights_punctual's recommended falloff: inverse square, windowed to zero at range.
float distanceAttenuation(float distanceSquared, float range) {
    float attenuation = 1.0 / max(distanceSquared, 1e-4);
    if (range > 0.0) {
        float ratio = distanceSquared / (range * range);
        float window = clamp(1.0 - ratio * ratio, 0.0, 1.0);
        attenuation *= window * window;
    }
    return attenuation;
}

bool lightReaches(vec4 texel3, uint materialMask) {
    uint lightMask = uint(texel3.z) | (uint(texel3.w) << 16);
    return (lightMask & materialMask) != 0u;
}

vec3 shadeDirectionalLight(Surface s, int light, uint materialMask) {
#ifndef FRAME_NO_LIGHT_MASKS
    if (!lightReaches(lightTexel(light, 3), materialMask)) return vec3(0.0);
#endif
    return shadeDirect(s, -lightTexel(light, 2).xyz, lightTexel(light, 1).rgb); // no falloff
}

#if defined(DEBUG_VIEW) && DEBUG_VIEW == 11
// The light-visits debug view: the local lights this fragment's cluster lists, and how many of
// them reach it (the rest are work the clusters could have spared).
int debugLightsVisited = 0;
int debugLightsReaching = 0;
#endif

// A point or spot light. `withShadow` is a constant at every call: the shadow lookup exists
// only in the shadowed lights' loop (a CPU rasteriser runs a branch's body for every lane
// even when no lane takes it, so an unused lookup in the common loop would still cost).
vec3 shadeLocalLight(Surface s, int light, vec3 positionW, vec3 normalW, uint materialMask, bool withShadow) {
#if defined(DEBUG_VIEW) && DEBUG_VIEW == 11
    ++debugLightsVisited;
#endif
    vec4 t0 = lightTexel(light, 0);
    vec3 toLight = t0.xyz - positionW;
    float d2 = dot(toLight, toLight);
#ifdef FRAME_NO_LIGHT_MASKS
    vec4 t3 = withShadow ? lightTexel(light, 3) : vec4(-1.0);
#else
    vec4 t3 = lightTexel(light, 3);
    if (!lightReaches(t3, materialMask)) return vec3(0.0);
#endif
    vec4 t1 = lightTexel(light, 1);
    vec4 t2 = lightTexel(light, 2);
    vec3 L = toLight * inversesqrt(max(d2, 1e-8));
    float a = clamp(dot(t2.xyz, -L) * t1.w + t2.w, 0.0, 1.0); // 1 for a point light
    float attenuation = distanceAttenuation(d2, t0.w) * a * a;
    if (attenuation <= 0.0) return vec3(0.0);
#if defined(DEBUG_VIEW) && DEBUG_VIEW == 11
    ++debugLightsReaching;
#endif
    // Spots and point lights share one lookup: a point light reads the face its cube's
    // layers hold in the direction of the surface.
    if (withShadow && t3.x >= 0.0 && drawParams.y > 0.5)
        attenuation *= localShadow(int(t3.x + 0.5) + (t3.y > 1.5 ? 0 : cubeFace(-toLight)), positionW, normalW);
    return shadeDirect(s, L, t1.rgb * attenuation);
}

ivec2 clusterTexel(int index) {
    return ivec2(index & ((1 << kClusterRowShift) - 1), index >> kClusterRowShift);
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

// The light listed at `slot` of the cluster lists (four slots per texel).
int listedLight(int slot) {
    return int(texelFetch(lightClusters, clusterTexel(slot >> 2), 0)[slot & 3]);
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
    uvec4 header = texelFetch(lightClusters, clusterTexel(fragmentCluster(positionW)), 0);
    // No light of this cluster may light this draw: its list is not walked.
    int count = (header.w & materialMask) == 0u ? 0 : int(header.y);
    int first = int(header.x) * 4;
    int shadowed = min(int(header.z), count);
#ifndef FRAME_NO_LOCAL_SHADOWS
    for (int i = 0; i < shadowed; ++i) sum += shadeLocalLight(s, listedLight(first + i), positionW, normalW, materialMask, true);
#endif
    // The unshadowed lights start at the texel after the shadowed ones.
    int unshadowedFirst = first + ((shadowed + 3) & ~3);
    for (int i = 0; i < count - shadowed; ++i)
        sum += shadeLocalLight(s, listedLight(unshadowedFirst + i), positionW, normalW, materialMask, false);
#endif
    return sum;
}
