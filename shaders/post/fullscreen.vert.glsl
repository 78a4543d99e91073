// A triangle that covers the viewport, from gl_VertexID alone (no vertex buffer).
out vec2 vUv;

void main() {
    vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    vUv = p;
    // On the far plane: a pass drawn with a depth test (the background) covers only the
    // pixels no geometry covered; passes without one do not care.
    gl_Position = vec4(p * 2.0 - 1.0, 1.0, 1.0);
}
