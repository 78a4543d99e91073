// Punctual lights (point and spot) from the light data texture: four RGBA32F texels per
// light, 512 lights per row. The block count of an effect never grows with the light count.
//   texel 0: position.xyz, range (0 = unlimited)
//   texel 1: colour × intensity (rgb), type (0 directional, 1 point, 2 spot)
//   texel 2: direction the light points (xyz; directional and spot), shadow layer (−1 none)
//   texel 3: spot angle scale, spot angle offset, light mask low 16 bits, high 16 bits
uniform highp sampler2D lightData;

const int kLightsPerRow = 512;

vec4 lightTexel(int light, int texel) {
    return texelFetch(lightData, ivec2((light % kLightsPerRow) * 4 + texel, light / kLightsPerRow), 0);
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

vec3 shadePunctualLight(Surface s, int light, vec3 positionW, vec3 normalW, uint materialMask) {
    vec4 t3 = lightTexel(light, 3);
    uint lightMask = uint(t3.z) | (uint(t3.w) << 16);
    if ((lightMask & materialMask) == 0u) return vec3(0.0);
    vec4 t1 = lightTexel(light, 1);
    vec4 t2 = lightTexel(light, 2);
    if (t1.w < 0.5) return shadeDirect(s, -t2.xyz, t1.rgb); // directional: no falloff
    vec4 t0 = lightTexel(light, 0);
    vec3 toLight = t0.xyz - positionW;
    float d2 = dot(toLight, toLight);
    if (t0.w > 0.0 && d2 > t0.w * t0.w) return vec3(0.0);
    vec3 L = toLight * inversesqrt(max(d2, 1e-8));
    float attenuation = distanceAttenuation(d2, t0.w);
    if (t1.w > 1.5) {
        float cd = dot(t2.xyz, -L);
        float a = clamp(cd * t3.x + t3.y, 0.0, 1.0);
        attenuation *= a * a;
        if (attenuation <= 0.0) return vec3(0.0);
        if (t2.w >= 0.0) attenuation *= spotShadow(int(t2.w + 0.5), positionW, normalW);
    }
    return shadeDirect(s, L, t1.rgb * attenuation);
}

// All punctual lights that reach this fragment. CUSTOM_FRAGMENT_LIGHT_LOOP-style changes go
// through the clustered light lists (see render/LightClusters) when they are present.
vec3 shadePunctualLights(Surface s, vec3 positionW, vec3 normalW, uint materialMask) {
    vec3 sum = vec3(0.0);
    int count = int(lightingParams.x + 0.5);
    for (int i = 0; i < count; ++i) sum += shadePunctualLight(s, i, positionW, normalW, materialMask);
    return sum;
}
