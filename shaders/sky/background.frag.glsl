// The background: the environment cube seen through each pixel, plus the sun's disc when the
// environment is the procedural sky, then the height fog as for geometry infinitely far away
// (so the horizon meets distant fogged terrain). Drawn after opaque geometry at the far plane.
#include<scene_uniforms>
#include<color>
#include<tonemap>
#include<fog>

uniform highp samplerCube environmentCube;
uniform vec4 backgroundParams; // x: intensity, y: 1 to draw the sun disc

in vec2 vUv;
out vec4 fragColor;

// The disc's radiance relative to the sun's illuminance: bright enough to saturate any tone
// mapping, and below the half-float limit the HDR frame holds.
const float SUN_DISC_GAIN = 2000.0;
const float SUN_COS_RADIUS = 0.99998; // 0.36°, a little larger than the real 0.27° to stay visible

void main() {
    vec4 clip = vec4(vUv * 2.0 - 1.0, 1.0, 1.0);
    vec4 world = inverseViewProjection * clip;
    vec3 dir = normalize(world.xyz / world.w - cameraPosition.xyz);
    vec3 color = textureLod(environmentCube, dir, 0.0).rgb * backgroundParams.x;
    if (backgroundParams.y > 0.5 && sunDirection.w > 0.5) {
        float cosAngle = dot(dir, -sunDirection.xyz);
        float disc = smoothstep(SUN_COS_RADIUS - 0.00001, SUN_COS_RADIUS + 0.00001, cosAngle);
        // Limb darkening: the rim of the disc is about half as bright as its centre.
        float rim = clamp((1.0 - cosAngle) / (1.0 - SUN_COS_RADIUS), 0.0, 1.0);
        color += sunColor.rgb * disc * SUN_DISC_GAIN * (1.0 - 0.5 * rim);
    }
    color = applyHeightFogToBackground(color, dir);
#ifdef TONEMAP_IN_SHADER
    color = linearToSrgb(applyTonemap(color * exposureParams.x, exposureParams.y));
#endif
    fragColor = vec4(color, 1.0);
}
