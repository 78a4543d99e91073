// The half-resolution occlusion through a 4×4 box, which averages out the horizon pass's
// 4×4 rotation pattern, weighted by depth likeness so occlusion does not cross silhouettes.
#include<ao_depth>

uniform highp sampler2D aoHalf;

out vec4 fragColor;

void main() {
    ivec2 cell = ivec2(gl_FragCoord.xy);
    ivec2 halfSize = textureSize(aoHalf, 0);
    highp float d = depthAt(cell * 2);
    if (isBackground(d)) {
        fragColor = vec4(1.0);
        return;
    }
    highp float z = viewDistanceFrom(d);
    float sum = 0.0, weights = 0.0;
    for (int y = -2; y < 2; ++y)
        for (int x = -2; x < 2; ++x) {
            ivec2 p = clamp(cell + ivec2(x, y), ivec2(0), halfSize - 1);
            highp float dz = abs(viewDistanceFrom(depthAt(p * 2)) - z);
            float w = max(1.0 - dz / (0.05 * z + 1e-3), 0.0);
            sum += texelFetch(aoHalf, p, 0).r * w;
            weights += w;
        }
    float ao = weights > 0.0 ? sum / weights : texelFetch(aoHalf, cell, 0).r;
    fragColor = vec4(ao, ao, ao, 1.0);
}
