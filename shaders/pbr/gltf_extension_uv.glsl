// Texture coordinates of a glTF material extension's texture (plugins/common/ExtensionTextures.h):
// the rows of its KHR_texture_transform, with its UV set in rows[0].w (0 or 1).
vec2 extensionUv(vec4 rows[2]) {
    return transformUv(rows, rows[0].w > 0.5 ? vUv1 : vUv0);
}

