// The background: the environment cube seen through each pixel, plus the sun's disc when the
// environment is the procedural sky. Drawn after opaque geometry at the far plane.
#include<scene_uniforms>
#include<color>
#include<tonemap>

uniform highp samplerCube environmentCube;
uniform vec4 backgroundParams; // x: intensity, y: 1 to draw the sun disc

in vec2 vUv;
out vec4 fragColor;

void main() {
    vec4 clip = vec4(vUv * 2.0 - 1.0, 1.0, 1.0);
    vec4 world = inverseViewProjection * clip;
    vec3 dir = normalize(world.xyz / world.w - cameraPosition.xyz);
    vec3 color = textureLod(environmentCube, dir, 0.0).rgb * backgroundParams.x;
    if (backgroundParams.y > 0.5 && sunDirection.w > 0.5) {
        float cosAngle = dot(dir, -sunDirection.xyz);
        float disc = smoothstep(0.99995, 0.99999, cosAngle); // about 0.5° across
        color += sunColor.rgb * disc * 20.0;
    }
#ifdef TONEMAP_IN_SHADER
    color = linearToSrgb(applyTonemap(color * exposureParams.x, exposureParams.y));
#endif
    fragColor = vec4(color, 1.0);
}
