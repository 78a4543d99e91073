// One step back up the bloom chain: the wider level through a 3×3 tent (weights 1-2-1, sum
// 16), mixed with this level by the radius. Both are means of the frame, so the mix is too.
uniform highp sampler2D wider;
uniform highp sampler2D level;
uniform vec2 widerTexel;
uniform float radius;

in vec2 vUv;
out vec4 fragColor;

#include<bloom_tent>

void main() {
    vec3 blurred = bloomTent(wider, vUv, widerTexel);
    fragColor = vec4(mix(texture(level, vUv).rgb, blurred, radius), 1.0);
}
