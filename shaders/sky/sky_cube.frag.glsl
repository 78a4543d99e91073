// One face of the sky's environment cube, read from the sky-view table (sky_view.frag.glsl),
// plus the night glow; no sun disc (the direct sun is a light; the background draws its disc).
#include<cube_face>

uniform highp sampler2D skyViewLut;
uniform vec4 skyToSun;     // xyz: unit direction towards the sun
uniform vec4 skyNight;     // rgb: night glow at the zenith (fill × night factor)
uniform vec4 skyIntensity; // x: multiplier of everything

in vec2 vUv;
out vec4 fragColor;

const float SKY_PI = 3.14159265359;

void main() {
    vec3 dir = cubeTexelDirection(vUv);
    float elevation = asin(clamp(dir.y, -1.0, 1.0));
    vec2 horizontal = dir.xz, sunHorizontal = skyToSun.xz;
    float cosPhi = 1.0;
    if (dot(horizontal, horizontal) > 1e-10 && dot(sunHorizontal, sunHorizontal) > 1e-10)
        cosPhi = dot(normalize(horizontal), normalize(sunHorizontal));
    float phi = acos(clamp(cosPhi, -1.0, 1.0));
    vec2 uv = vec2(sqrt(phi / SKY_PI), 0.5 + 0.5 * sign(elevation) * sqrt(abs(elevation) / (0.5 * SKY_PI)));
    vec3 color = textureLod(skyViewLut, uv, 0.0).rgb;
    if (dir.y >= 0.0) color += skyNight.rgb * (1.0 + 0.3 * (1.0 - dir.y) * (1.0 - dir.y));
    fragColor = vec4(color * skyIntensity.x, 1.0);
}
