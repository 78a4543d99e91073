// A 3×3 tent (1-2-1 in each direction, /16) of bilinear taps one texel apart: the bloom
// chain's upsampling filter, in the chain and where the tone-mapping pass reads its result.
vec3 bloomTent(highp sampler2D image, vec2 uv, vec2 texel) {
    vec3 s = texture(image, uv).rgb * 4.0;
    s += (texture(image, uv + vec2(texel.x, 0.0)).rgb + texture(image, uv - vec2(texel.x, 0.0)).rgb +
          texture(image, uv + vec2(0.0, texel.y)).rgb + texture(image, uv - vec2(0.0, texel.y)).rgb) * 2.0;
    s += texture(image, uv + texel).rgb + texture(image, uv - texel).rgb + texture(image, uv + vec2(texel.x, -texel.y)).rgb +
         texture(image, uv + vec2(-texel.x, texel.y)).rgb;
    return s / 16.0;
}
