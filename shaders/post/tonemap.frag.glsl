// Exposure, tone mapping (TONEMAP_MODE: the frame's curve, common/tonemap.glsl), bloom's mix
// (BLOOM: only in frames with bloom) and sRGB encoding of the HDR frame.
#include<color>
#include<tonemap>
#include<bloom_tent>

uniform highp sampler2D hdrColor;
uniform vec4 tonemapParams;   // x: exposure scale, y: mode (0 none, 1 ACES, 2 PBR Neutral, 3 AgX, 4 AgX punchy), z: 1 keeps coverage in alpha
uniform vec4 backgroundColor; // sRGB, where the frame's coverage (alpha) is below 1
uniform highp sampler2D bloomColor; // the bloom chain's half-resolution result
uniform vec4 bloomParams;     // x: strength (0 = off), zw: bloomColor's texel size

in vec2 vUv;
out vec4 fragColor;

void main() {
    vec4 hdr = texture(hdrColor, vUv);
    // Bloom replaces a share of the frame with its blurred copy (a mix, not an add): the
    // image's energy is moved, never made.
#ifdef BLOOM
    hdr.rgb = mix(hdr.rgb, bloomTent(bloomColor, vUv, bloomParams.zw), bloomParams.x);
#endif
    vec3 mapped = applyTonemap(hdr.rgb * tonemapParams.x, tonemapParams.y);
    // The frame holds premultiplied colour with coverage in alpha: uncovered pixels take the
    // flat background exactly, untouched by exposure and tone mapping. It goes under the
    // frame in linear light (not added to encoded values), so a blended surface mixes with it
    // as it does with anything else behind it.
    float coverage = clamp(hdr.a, 0.0, 1.0);
    vec3 encoded = linearToSrgb(mapped + (1.0 - coverage) * srgbToLinear(backgroundColor.rgb));
    fragColor = vec4(encoded, tonemapParams.z > 0.5 ? coverage : 1.0);
}
