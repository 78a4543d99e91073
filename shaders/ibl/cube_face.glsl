// Directions of cube map texels, GL's convention (ES 3.0 table 3.21; faces +X −X +Y −Y +Z −Z).
// A pass renders one face at a time into a framebuffer, so the fragment's position on the
// face is its viewport coordinate. Mirror: engine/render/SphericalHarmonics.cpp.
uniform int cubeFace;

vec3 cubeFaceDirection(int face, vec2 st) {
    float s = st.x, t = st.y;
    if (face == 0) return vec3(1.0, -t, -s);
    if (face == 1) return vec3(-1.0, -t, s);
    if (face == 2) return vec3(s, 1.0, t);
    if (face == 3) return vec3(s, -1.0, -t);
    if (face == 4) return vec3(s, -t, 1.0);
    return vec3(-s, -t, -1.0);
}

// The unit direction through the centre of this fragment's texel; uv in [0, 1] across the face.
vec3 cubeTexelDirection(vec2 uv) {
    return normalize(cubeFaceDirection(cubeFace, uv * 2.0 - 1.0));
}
