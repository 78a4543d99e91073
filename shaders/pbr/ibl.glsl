// Image-based lighting: diffuse irradiance from 9 spherical-harmonic coefficients, specular
// from a GGX-prefiltered cube map (roughness along its mip chain) and the split-sum DFG table
// generated at start (x: scale, y: bias of F0).
uniform highp samplerCube iblSpecular;
uniform highp sampler2D brdfLut;

vec3 irradianceSh(vec3 n) {
    // Coefficients already include the cosine convolution and 1/π (Ramamoorthi & Hanrahan).
    return max(shIrradiance[0].rgb
        + shIrradiance[1].rgb * n.y + shIrradiance[2].rgb * n.z + shIrradiance[3].rgb * n.x
        + shIrradiance[4].rgb * (n.y * n.x) + shIrradiance[5].rgb * (n.y * n.z)
        + shIrradiance[6].rgb * (3.0 * n.z * n.z - 1.0)
        + shIrradiance[7].rgb * (n.z * n.x) + shIrradiance[8].rgb * (n.x * n.x - n.y * n.y), 0.0);
}

vec2 sampleDfg(float NoV, float roughness) {
    return texture(brdfLut, vec2(clamp(NoV, 0.0, 1.0), clamp(roughness, 0.0, 1.0))).rg;
}

vec3 prefilteredRadiance(vec3 R, float roughness) {
    float lod = roughness * (iblParams.y - 1.0);
    return textureLod(iblSpecular, R, lod).rgb;
}
