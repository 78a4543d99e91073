// The PBR material's block: uniform block Material at binding 2 (material/EngineInterface.h).
// Mirror: material/PbrMaterial.cpp (uniformLayout).
layout(std140) uniform Material {
    vec4 baseColorFactor;
    vec4 emissiveFactor;       // rgb × KHR_materials_emissive_strength
    float metallicFactor;
    float roughnessFactor;
    float normalScale;
    float occlusionStrength;
    float alphaCutoff;
    float dielectricF0;        // ((ior − 1) / (ior + 1))², KHR_materials_ior
    vec4 baseColorUv[2];       // rows of the 2×3 KHR_texture_transform matrix
    vec4 metallicRoughnessUv[2];
    vec4 normalUv[2];
    vec4 occlusionUv[2];
    vec4 emissiveUv[2];
};

vec2 transformUv(vec4 rows[2], vec2 uv) {
    vec3 h = vec3(uv, 1.0);
    return vec2(dot(rows[0].xyz, h), dot(rows[1].xyz, h));
}
