precision mediump float;
#include<simpleCommon>
varying vec2 vUV;
#define CUSTOM_FRAGMENT_DEFINITIONS
void main() {
    vec4 color = vec4(vUV, 0.0, 1.0);
#ifdef LIT
    color.rgb *= 0.5; // lit; half as bright
#endif
#define CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR
    gl_FragColor = vec4(vec3(luminance(color.rgb)), color.a);
}
