// One face of an environment cube from an equirectangular image (the image's centre column
// looks along +X, its top row straight up: u = ½ + atan(z, x) / 2π, v from the top = θ / π).
// The image is read from the mip level whose texels match the cube's, so a large panorama
// does not alias into the small cube.
#include<cube_face>

uniform highp sampler2D equirect;
uniform vec4 equirectParams; // x: mip level to read, y: radiance multiplier, z: largest value kept

in vec2 vUv;
out vec4 fragColor;

const float EQ_PI = 3.14159265359;

void main() {
    vec3 dir = cubeTexelDirection(vUv);
    // Rows are uploaded top row first, so t = 0 is the top of the image (straight up).
    vec2 uv = vec2(0.5 + atan(dir.z, dir.x) / (2.0 * EQ_PI), acos(clamp(dir.y, -1.0, 1.0)) / EQ_PI);
    vec3 color = textureLod(equirect, uv, equirectParams.x).rgb * equirectParams.y;
    fragColor = vec4(min(color, vec3(equirectParams.z)), 1.0);
}
