// The pipeline's example material (th-shader build --material example): GLSL ES 1.00 idioms,
// a declaration include, markers and a callable target. The PBR shaders follow the same shape.
precision highp float;
attribute vec3 position;
attribute vec3 normal;
attribute vec2 uv;
#include<__decl__exampleScene>
varying vec3 vPositionW;
varying vec3 vNormalW;
varying vec2 vUV;
#define CUSTOM_VERTEX_DEFINITIONS
#hook OFFSET_POSITION(inout vec3 positionW)

void main() {
#define CUSTOM_VERTEX_MAIN_BEGIN
    vec3 positionW = (world * vec4(position, 1.0)).xyz;
    OFFSET_POSITION(positionW);
#define CUSTOM_VERTEX_UPDATE_WORLDPOS
    vPositionW = positionW;
    vNormalW = normalize(mat3(world) * normal);
    vUV = uv;
    gl_Position = viewProjection * vec4(positionW, 1.0);
#define CUSTOM_VERTEX_MAIN_END
}
