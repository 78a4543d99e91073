// The tangent frame of the PBR fragment shader and the normal maps read in it: the base's, the
// clear coat's, any plugin's. Included by pbr.frag.glsl after its inputs (vPositionW,
// vTangentW), so every plugin snippet can call both functions.

// The tangent frame (T, B, n) about the unit normal `n`: from the mesh's tangents (imported or
// generated with MikkTSpace) or, without them, from the screen-space derivatives of position
// and `uv`. The base's normal map, the extensions' normal maps and the anisotropy direction
// all use this one frame.
mat3 tangentFrame(vec3 n, vec2 uv) {
#ifdef HAS_TANGENTS
    vec3 T = normalize(vTangentW.xyz - n * dot(n, vTangentW.xyz));
    float handedness = vTangentW.w;
#ifdef DOUBLE_SIDED
    if (!gl_FrontFacing) handedness = -handedness;
#endif
    vec3 B = cross(n, T) * handedness;
#else
    vec3 dp1 = dFdx(vPositionW), dp2 = dFdy(vPositionW);
    vec2 duv1 = dFdx(uv), duv2 = dFdy(uv);
    vec3 dp2perp = cross(dp2, n), dp1perp = cross(n, dp1);
    vec3 T = dp2perp * duv1.x + dp1perp * duv2.x;
    vec3 B = dp2perp * duv1.y + dp1perp * duv2.y;
    float invmax = inversesqrt(max(dot(T, T), dot(B, B)) + 1e-12);
    T *= invmax;
    B *= invmax;
#endif
    return mat3(T, B, n);
}

// A normal map's texel (RGB in [0, 1]) as a world-space unit normal about `n`: decoded to
// [-1, 1], its XY scaled by `scale` (glTF's normalTexture.scale), turned into the frame.
vec3 normalFromMap(vec3 texel, float scale, vec3 n, vec2 uv) {
    vec3 tangentNormal = texel * 2.0 - 1.0;
    tangentNormal.xy *= scale;
    return normalize(tangentFrame(n, uv) * tangentNormal);
}
