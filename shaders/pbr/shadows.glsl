// Cascaded shadow maps for the sun: one depth layer per cascade in a 2D array compared in
// hardware, filtered with a 3×3 grid of bilinear PCF taps (each tap already averages four
// texels). Spot-light shadow maps live in a second array, one layer per shadowed light.
uniform highp sampler2DArrayShadow shadowCascades;
uniform highp sampler2DArrayShadow spotShadows;
uniform highp sampler2D spotShadowMatrices; // 4 texels (matrix columns) per shadowed spot

float pcf3x3(highp sampler2DArrayShadow map, vec3 coord, float layer, float texel) {
    float sum = 0.0;
    for (int y = -1; y <= 1; ++y)
        for (int x = -1; x <= 1; ++x)
            sum += texture(map, vec4(coord.xy + vec2(float(x), float(y)) * texel, layer, coord.z));
    return sum / 9.0;
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
    // Normal offset: push the lookup off the surface by a texel-sized amount that grows with
    // cascade size, which removes acne without peter-panning contact shadows.
    vec3 offsetPosition = positionW + normalW * (shadowParams.z * cascadeTexelSizes[cascade]);
    vec4 coord = cascadeMatrices[cascade] * vec4(offsetPosition, 1.0);
    coord.xyz /= coord.w;
    if (any(lessThan(coord.xy, vec2(0.0))) || any(greaterThan(coord.xy, vec2(1.0)))) return 1.0;
    return pcf3x3(shadowCascades, vec3(coord.xy, min(coord.z, 1.0)), float(cascade), shadowParams.y);
}

float spotShadow(int index, vec3 positionW, vec3 normalW) {
    if (index < 0 || float(index) >= lightingParams.y) return 1.0;
    mat4 m = mat4(texelFetch(spotShadowMatrices, ivec2(index * 4 + 0, 0), 0),
                  texelFetch(spotShadowMatrices, ivec2(index * 4 + 1, 0), 0),
                  texelFetch(spotShadowMatrices, ivec2(index * 4 + 2, 0), 0),
                  texelFetch(spotShadowMatrices, ivec2(index * 4 + 3, 0), 0));
    vec4 coord = m * vec4(positionW + normalW * 0.02, 1.0);
    if (coord.w <= 0.0) return 1.0;
    coord.xyz /= coord.w;
    if (any(lessThan(coord.xyz, vec3(0.0))) || any(greaterThan(coord.xyz, vec3(1.0)))) return 1.0;
    return pcf3x3(spotShadows, coord.xyz, float(index), shadowParams.w);
}
