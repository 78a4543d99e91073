// One halving of the bloom chain: Jimenez's 13-tap filter (Call of Duty: Advanced Warfare,
// 2014): four overlapping 2×2 boxes around the centre weighted 0.5 and the four corner boxes
// 0.125 each, taken as 13 bilinear taps whose weights sum to 1, so the level's mean is its
// source's (no threshold, no Karis average: both would change the energy).
uniform highp sampler2D source;
uniform vec2 sourceTexel;

in vec2 vUv;
out vec4 fragColor;

vec3 tap(float x, float y) { return texture(source, vUv + vec2(x, y) * sourceTexel).rgb; }

void main() {
    vec3 a = tap(-2.0, 2.0), b = tap(0.0, 2.0), c = tap(2.0, 2.0);
    vec3 d = tap(-2.0, 0.0), e = tap(0.0, 0.0), f = tap(2.0, 0.0);
    vec3 g = tap(-2.0, -2.0), h = tap(0.0, -2.0), i = tap(2.0, -2.0);
    vec3 j = tap(-1.0, 1.0), k = tap(1.0, 1.0), l = tap(-1.0, -1.0), m = tap(1.0, -1.0);
    vec3 color = e * 0.125 + (a + c + g + i) * 0.03125 + (b + d + f + h) * 0.0625 + (j + k + l + m) * 0.125;
    fragColor = vec4(color, 1.0);
}
