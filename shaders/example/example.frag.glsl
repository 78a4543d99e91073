// The pipeline's example material, fragment stage: include parameters, an index range over
// the lights (index parameter maxLights: th-shader build -D maxLights=2), markers and fog.
precision highp float;
#include<__decl__exampleScene>
uniform sampler2D albedoSampler;
#include<exampleLight>[0..maxLights]
varying vec3 vPositionW;
varying vec3 vNormalW;
varying vec2 vUV;
#ifdef FOG
uniform vec3 fogColor;
uniform float fogDensity;
#endif
#define CUSTOM_FRAGMENT_DEFINITIONS

void main() {
#define CUSTOM_FRAGMENT_MAIN_BEGIN
    vec4 albedo = texture2D(albedoSampler, vUV);
    vec3 normalW = normalize(vNormalW);
#define CUSTOM_FRAGMENT_BEFORE_LIGHTS
    vec3 lighting = vec3(0.0);
#include<exampleLightContribution>[0..maxLights]
    vec4 finalColor = vec4(albedo.rgb * lighting, albedo.a);
#ifdef FOG
#include<exampleFog>(color,finalColor)
#endif
#define CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR
    gl_FragColor = finalColor;
}
