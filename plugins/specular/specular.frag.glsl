// KHR_materials_specular (SpecularPlugin), as the Khronos Sample Viewer reads it: the
// dielectric F0 from the IOR is tinted by the specular colour (capped at 1), and the
// dielectric's specular lobe, F0 and F90 alike, is weighted by the specular factor; the
// diffuse under it then loses only what the weighted lobe reflects. Metals are untouched.

// @key CUSTOM_FRAGMENT_DEFINITIONS
float specularWeightValue = 0.0;
float specularMetallic = 0.0;

// @key CUSTOM_FRAGMENT_BEFORE_LIGHTS
{
    vec3 color = specularColorFactor;
#ifdef HAS_SPECULAR_COLOR_MAP
    color *= texture(specularColorMap, extensionUv(specularColorMapUv)).rgb;
#endif
    float weight = specularFactor;
#ifdef HAS_SPECULAR_MAP
    weight *= texture(specularMap, extensionUv(specularMapUv)).a;
#endif
    surfaceF0 = min(surfaceF0 * color, vec3(1.0));
    specularWeightValue = weight;
    specularMetallic = surfaceMetallic;
}

// @key LIGHT_LOBES
specular *= mix(specularWeightValue, 1.0, specularMetallic);

// @key CUSTOM_FRAGMENT_AFTER_IBL
{
    specularIbl *= mix(specularWeightValue, 1.0, specularMetallic);
    // The base shadowed its diffuse by the dielectric's full albedo; the weighted lobe takes less.
    diffuseIbl *= (1.0 - specularWeightValue * dielectricAlbedo) / max(1.0 - dielectricAlbedo, vec3(1e-3));
}
