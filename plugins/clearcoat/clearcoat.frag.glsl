// KHR_materials_clearcoat (ClearcoatPlugin): a dielectric coat (F0 0.04, F90 1) with its own
// roughness and normal over the base, as the Khronos Sample Viewer layers it: the coat's GGX
// lobe is added per light and from the environment, and everything under it is scaled by
// 1 − coat × E(N_coat · V), the light the coat reflects away. The Sample Viewer takes E as
// Schlick's F(N·V); a rough coat's single-scattering lobe returns less than that, so the sum
// lost up to 14 % in a white furnace. Here E is the coat's directional albedo from the DFG
// table with the same multiple-scattering gain the base's lobe gets: what the coat returns
// and what it lets through then add up to exactly what arrives (albedo scaling).

// @key CUSTOM_FRAGMENT_DEFINITIONS
// Per-fragment coat values, written before the lights and read by the per-light hook
// (initialised: a compiler cannot see that main writes them before the hook reads them).
float clearcoatWeight = 0.0;
float clearcoatPerceptualRoughness = 0.0;
float clearcoatAlpha = 0.0;
vec3 clearcoatNormalW = vec3(0.0);
float clearcoatNoV = 0.0;
float clearcoatAlbedo = 0.0;             // E(N_coat · V), multiple scattering included
float clearcoatEnergyCompensation = 1.0; // that gain, for the coat's per-light lobe
vec2 clearcoatDfg = vec2(0.0);

// @key CUSTOM_FRAGMENT_BEFORE_LIGHTS
{
    clearcoatWeight = clearcoatFactor;
#ifdef HAS_CLEARCOAT_MAP
    clearcoatWeight *= texture(clearcoatMap, extensionUv(clearcoatMapUv)).r;
#endif
    float coatRoughness = clearcoatRoughnessFactor;
#ifdef HAS_CLEARCOAT_ROUGHNESS_MAP
    coatRoughness *= texture(clearcoatRoughnessMap, extensionUv(clearcoatRoughnessMapUv)).g;
#endif
    // The base's clamp: a mirror-sharp GGX lobe under-samples a point light.
    clearcoatPerceptualRoughness = clamp(coatRoughness, 0.03, 1.0);
    clearcoatAlpha = clearcoatPerceptualRoughness * clearcoatPerceptualRoughness;
    // Without a map of its own the coat follows the geometry, not the base's normal map.
    clearcoatNormalW = geometricNormalW;
#ifdef HAS_CLEARCOAT_NORMAL_MAP
    {
        vec2 coatUv = extensionUv(clearcoatNormalMapUv);
        vec3 texel = texture(clearcoatNormalMap, coatUv).xyz;
        clearcoatNormalW = normalFromMap(texel, clearcoatNormalScale, geometricNormalW, coatUv);
    }
#endif
    clearcoatNoV = clamp(abs(dot(clearcoatNormalW, normalize(cameraPosition.xyz - vPositionW))), 1e-4, 1.0);
    clearcoatDfg = sampleDfg(clearcoatNoV, clearcoatPerceptualRoughness);
    clearcoatEnergyCompensation = 1.0 + 0.04 * (1.0 / max(clearcoatDfg.x + clearcoatDfg.y, 1e-3) - 1.0);
    clearcoatAlbedo = (0.04 * clearcoatDfg.x + clearcoatDfg.y) * clearcoatEnergyCompensation;
}

// @key LIGHT_LOBES
{
    vec3 coat = vec3(0.0);
    float coatNoL = clamp(dot(clearcoatNormalW, L), 0.0, 1.0);
    if (coatNoL > 0.0) {
        vec3 H = normalize(s.view + L);
        float coatNoH = clamp(dot(clearcoatNormalW, H), 0.0, 1.0);
        float VoH = clamp(dot(s.view, H), 0.0, 1.0);
        coat = distributionGgx(coatNoH, clearcoatAlpha) * visibilitySmithGgxCorrelated(clearcoatNoV, coatNoL, clearcoatAlpha) *
               fresnelSchlick(VoH, vec3(0.04)) * radiance * coatNoL * clearcoatEnergyCompensation;
    }
    float under = 1.0 - clearcoatWeight * clearcoatAlbedo;
    diffuse *= under;
    specular = specular * under + clearcoatWeight * coat;
}

// @key CUSTOM_FRAGMENT_AFTER_IBL
{
    // The coat's split sum, looked up along its own dominant direction (as the base's).
    vec3 coatR = normalize(mix(reflect(-s.view, clearcoatNormalW), clearcoatNormalW, clearcoatAlpha));
    vec3 coatIbl = prefilteredRadiance(coatR, clearcoatPerceptualRoughness) * clearcoatAlbedo;
    float under = 1.0 - clearcoatWeight * clearcoatAlbedo;
    diffuseIbl *= under;
    specularIbl = specularIbl * under + clearcoatWeight * coatIbl;
}
