// The opaque scene's colour for the materials that read it (material/FrameTexture.h): the
// frame so far with the clear colour under what nothing covered (the tone-mapping pass would
// put it there; a refraction must see it too), in the frame's linear HDR units. Level 0 of a
// mip chain the renderer generates after this pass.
#include<color>

uniform highp sampler2D frameColor;
uniform vec4 copyParams; // rgb: the clear colour in the frame's linear units; w: 1 when the frame is tone-mapped sRGB already

in vec2 vUv;
out vec4 fragColor;

void main() {
    vec4 c = texture(frameColor, vUv);
    if (copyParams.w > 0.5) {
        // An 8-bit frame holds displayed colours (exposed, tone-mapped, encoded) and is opaque:
        // decode to linear; the tone curve is not undone (the renderer logs this fallback).
        fragColor = vec4(srgbToLinear(c.rgb), 1.0);
        return;
    }
    float coverage = clamp(c.a, 0.0, 1.0);
    fragColor = vec4(c.rgb + (1.0 - coverage) * copyParams.rgb, 1.0);
}
