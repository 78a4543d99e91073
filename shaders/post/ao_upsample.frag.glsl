// The blurred half-resolution occlusion to full resolution: the four half-resolution texels
// around each pixel, bilinear weights times depth likeness, so a thin silhouette keeps its own
// occlusion and not the background's.
#include<ao_depth>

uniform highp sampler2D aoHalf;
uniform float aoStrength; // the exponent the visibility is raised to

out vec4 fragColor;

void main() {
    ivec2 pixel = ivec2(gl_FragCoord.xy);
    highp float d = depthAt(pixel);
    if (isBackground(d)) {
        fragColor = vec4(1.0);
        return;
    }
    highp float z = viewDistanceFrom(d);
    ivec2 halfSize = textureSize(aoHalf, 0);
    vec2 h = (vec2(pixel) + 0.5) * 0.5 - 0.5;
    ivec2 base = ivec2(floor(h));
    vec2 f = h - vec2(base);
    float sum = 0.0, weights = 0.0, nearest = 1.0, nearestDz = 1e30;
    for (int i = 0; i < 4; ++i) {
        ivec2 o = ivec2(i & 1, i >> 1);
        ivec2 p = clamp(base + o, ivec2(0), halfSize - 1);
        float bilinear = (o.x == 1 ? f.x : 1.0 - f.x) * (o.y == 1 ? f.y : 1.0 - f.y);
        highp float dz = abs(viewDistanceFrom(depthAt(p * 2)) - z);
        float ao = texelFetch(aoHalf, p, 0).r;
        float w = bilinear * max(1.0 - dz / (0.02 * z + 1e-3), 0.0);
        sum += ao * w;
        weights += w;
        if (dz < nearestDz) nearestDz = dz, nearest = ao;
    }
    float ao = pow(max(weights > 1e-4 ? sum / weights : nearest, 1e-4), aoStrength);
    fragColor = vec4(ao, ao, ao, 1.0);
}
