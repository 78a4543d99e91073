// The error material: drawn instead of a material whose effect failed to build, so a broken
// shader is a loud magenta checker in the right place, never a hole or a black screen.
#include<scene_uniforms>
#include<draw_uniforms>

in vec3 position;
#ifdef INSTANCES
in mat4 instanceWorld;
#endif
out vec3 vPositionW;

void main() {
    mat4 finalWorld = world;
#ifdef INSTANCES
    finalWorld = world * instanceWorld;
#endif
    vec4 worldPos = finalWorld * vec4(position, 1.0);
    vPositionW = worldPos.xyz;
    gl_Position = viewProjection * worldPos;
}
