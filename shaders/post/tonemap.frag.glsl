// Exposure, tone mapping (ACES or Khronos PBR Neutral) and sRGB encoding of the HDR frame.
#include<color>
#include<tonemap>

uniform highp sampler2D hdrColor;
uniform vec4 tonemapParams;   // x: exposure, y: mode (0 none, 1 ACES, 2 PBR Neutral), z: 1 keeps coverage in alpha
uniform vec4 backgroundColor; // sRGB, where the frame's coverage (alpha) is below 1

in vec2 vUv;
out vec4 fragColor;

void main() {
    vec4 hdr = texture(hdrColor, vUv);
    vec3 mapped = applyTonemap(hdr.rgb * tonemapParams.x, tonemapParams.y);
    // The frame holds premultiplied colour with coverage in alpha: uncovered pixels take the
    // flat background exactly, untouched by exposure and tone mapping.
    vec3 encoded = linearToSrgb(mapped) + (1.0 - clamp(hdr.a, 0.0, 1.0)) * backgroundColor.rgb;
    fragColor = vec4(clamp(encoded, 0.0, 1.0), tonemapParams.z > 0.5 ? clamp(hdr.a, 0.0, 1.0) : 1.0);
}
