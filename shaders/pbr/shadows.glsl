// Cascaded shadow maps for the sun: one depth layer per cascade in a 2D array compared in
// hardware, filtered with a 3×3 grid of bilinear PCF taps (each tap already averages four
// texels), or on the high tier with a rotated Poisson disc (SHADOW_SOFT). Spot and point lights' maps live in a second array (render/ShadowPass.h): a layer
// per spot, six per point light (its cube's faces, +X −X +Y −Y +Z −Z), each with a matrix.
uniform highp sampler2DArrayShadow shadowCascades;
uniform highp sampler2DArrayShadow spotShadows;
uniform highp sampler2D spotShadowMatrices; // 4 texels (matrix columns) per layer of spotShadows

#ifdef SHADOW_SOFT
// The high tier's filter (ShadowFilter::Poisson): 16 taps of a Poisson disc of radius
// shadowFilter.y texels, rotated per pixel by interleaved gradient noise (Jimenez 2014), so a
// wide penumbra shows fine noise instead of the bands a fixed pattern of taps would draw.
const vec2 kPoissonDisc[16] = vec2[16](
    vec2(-0.94201624, -0.39906216), vec2(0.94558609, -0.76890725), vec2(-0.09418410, -0.92938870),
    vec2(0.34495938, 0.29387760), vec2(-0.91588581, 0.45771432), vec2(-0.81544232, -0.87912464),
    vec2(-0.38277543, 0.27676845), vec2(0.97484398, 0.75648379), vec2(0.44323325, -0.97511554),
    vec2(0.53742981, -0.47373420), vec2(-0.26496911, -0.41893023), vec2(0.79197514, 0.19090188),
    vec2(-0.24188840, 0.99706507), vec2(-0.81409955, 0.91437590), vec2(0.19984126, 0.78641367),
    vec2(0.14383161, -0.14100790));

float shadowFilter(highp sampler2DArrayShadow map, vec3 coord, float layer, float texel) {
    float angle = 6.2831853 * fract(52.9829189 * fract(dot(gl_FragCoord.xy, vec2(0.06711056, 0.00583715))));
    vec2 cs = vec2(cos(angle), sin(angle)) * (shadowFilterParams.y * texel);
    mat2 rotation = mat2(cs.x, cs.y, -cs.y, cs.x);
    float sum = 0.0;
    for (int i = 0; i < 16; ++i) sum += texture(map, vec4(coord.xy + rotation * kPoissonDisc[i], layer, coord.z));
    return sum / 16.0;
}
// Wider taps reach further across a sloped receiver: the normal offset grows with them.
float shadowNormalScale() { return max(1.0, shadowFilterParams.y / 1.5); }
#else
float shadowFilter(highp sampler2DArrayShadow map, vec3 coord, float layer, float texel) {
    float sum = 0.0;
    for (int y = -1; y <= 1; ++y)
        for (int x = -1; x <= 1; ++x)
            sum += texture(map, vec4(coord.xy + vec2(float(x), float(y)) * texel, layer, coord.z));
    return sum / 9.0;
}
float shadowNormalScale() { return 1.0; }
#endif

// One cascade's lookup: 1 = lit, 0 = in shadow.
float cascadeShadow(int cascade, vec3 positionW, vec3 normalW) {
    // Normal offset: push the lookup off the surface by a texel-sized amount that grows with
    // cascade size, which removes acne without peter-panning contact shadows.
    vec3 offsetPosition = positionW + normalW * (shadowParams.z * cascadeTexelSizes[cascade] * shadowNormalScale());
    vec4 coord = cascadeMatrices[cascade] * vec4(offsetPosition, 1.0);
    coord.xyz /= coord.w;
    if (any(lessThan(coord.xy, vec2(0.0))) || any(greaterThan(coord.xy, vec2(1.0)))) return 1.0;
    return shadowFilter(shadowCascades, vec3(coord.xy, min(coord.z, 1.0)), float(cascade), shadowParams.y);
}

// 1 = lit, 0 = in shadow. `viewDepth` is the positive distance along the view axis.
float sunShadow(vec3 positionW, vec3 normalW, float viewDepth) {
    int count = int(shadowParams.x + 0.5);
    if (count == 0) return 1.0;
    int cascade = count - 1;
    for (int i = 0; i < 4; ++i) {
        if (i < count && viewDepth < cascadeSplits[i]) {
            cascade = i;
            break;
        }
    }
    if (viewDepth > cascadeSplits[count - 1]) return 1.0;
    float lit = cascadeShadow(cascade, positionW, normalW);
    // Over the last shadowFilterParams.x of a cascade's depth range the next cascade fades
    // in, so the change of texel size at the split shows no seam.
    if (cascade + 1 < count) {
        float start = cascade == 0 ? 0.0 : cascadeSplits[cascade - 1];
        float band = shadowFilterParams.x * (cascadeSplits[cascade] - start);
        float t = band > 0.0 ? clamp((viewDepth - (cascadeSplits[cascade] - band)) / band, 0.0, 1.0) : 0.0;
        if (t > 0.0) lit = mix(lit, cascadeShadow(cascade + 1, positionW, normalW), t);
    }
    return lit;
}

// The cube face a point light's shadow is read from: the major axis of the light-to-surface
// vector, in ShadowPass's face order.
int cubeFace(vec3 d) {
    vec3 a = abs(d);
    if (a.x >= a.y && a.x >= a.z) return d.x >= 0.0 ? 0 : 1;
    if (a.y >= a.z) return d.y >= 0.0 ? 2 : 3;
    return d.z >= 0.0 ? 4 : 5;
}

// A spot light's layer, or a point light's face layer (first layer + cubeFace).
float localShadow(int index, vec3 positionW, vec3 normalW) {
    if (index < 0 || float(index) >= lightingParams.y) return 1.0;
    mat4 m = mat4(texelFetch(spotShadowMatrices, ivec2(index * 4 + 0, 0), 0),
                  texelFetch(spotShadowMatrices, ivec2(index * 4 + 1, 0), 0),
                  texelFetch(spotShadowMatrices, ivec2(index * 4 + 2, 0), 0),
                  texelFetch(spotShadowMatrices, ivec2(index * 4 + 3, 0), 0));
    vec4 coord = m * vec4(positionW + normalW * (0.02 * shadowNormalScale()), 1.0);
    if (coord.w <= 0.0) return 1.0;
    coord.xyz /= coord.w;
    if (any(lessThan(coord.xyz, vec3(0.0))) || any(greaterThan(coord.xyz, vec3(1.0)))) return 1.0;
    return shadowFilter(spotShadows, coord.xyz, float(index), shadowParams.w);
}
