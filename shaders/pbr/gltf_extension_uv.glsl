// Texture coordinates of a glTF material extension's texture (plugins/common/ExtensionTextures.h):
// the rows of its KHR_texture_transform, with its UV set in rows[0].w (0 or 1).
vec2 extensionUv(vec4 rows[2]) {
    return transformUv(rows, rows[0].w > 0.5 ? vUv1 : vUv0);
}

// A tangent-space normal map sample (already × 2 − 1 and scaled) to world space about `n`,
// from the mesh's tangents or, without them, the screen-space derivatives of position and `uv`
// (as the base's normal map in pbr.frag.glsl).
vec3 extensionNormal(vec3 tangentNormal, vec3 n, vec2 uv) {
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
    return normalize(mat3(T, B, n) * tangentNormal);
}
