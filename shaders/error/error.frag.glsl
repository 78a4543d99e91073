#include<scene_uniforms>

in vec3 vPositionW;
out vec4 fragColor;

void main() {
    vec2 cell = floor(gl_FragCoord.xy / 8.0);
    float checker = mod(cell.x + cell.y, 2.0);
    fragColor = vec4(mix(vec3(1.0, 0.0, 1.0), vec3(0.05), checker), 1.0);
}
