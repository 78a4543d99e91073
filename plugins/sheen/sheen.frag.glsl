// KHR_materials_sheen (SheenPlugin): a Charlie-distribution sheen over the base, as the Khronos
// Sample Viewer layers it: the sheen lobe is added per light and from the environment, and
// the base under it is scaled by 1 − max(sheen colour) · E, E the sheen's directional albedo
// from the plugin's table (sheenAlbedoLut; mirror: plugins/sheen/SheenMath.cpp). The
// environment arrives through the Charlie lobe (the frame texture sheenEnvironment).

// @key CUSTOM_FRAGMENT_DEFINITIONS
vec3 sheenColorValue = vec3(0.0);
float sheenRoughnessValue = 0.0;
float sheenMaxColor = 0.0;
float sheenScalingV = 0.0; // 1 − max(colour) · E(NoV)
float sheenAlbedoV = 0.0;  // E(NoV)

float sheenAlbedo(float NoX, float roughness) {
    return texture(sheenAlbedoLut, vec2(clamp(NoX, 0.0, 1.0), roughness)).r;
}

float sheenDistributionCharlie(float roughness, float NoH) {
    float alpha = max(roughness * roughness, 1e-6);
    float invAlpha = 1.0 / alpha;
    float sin2h = max(1.0 - NoH * NoH, 0.0);
    return (2.0 + invAlpha) * pow(sin2h, invAlpha * 0.5) / (2.0 * PI);
}

float sheenLambdaHelper(float x, float alpha) {
    float t = (1.0 - alpha) * (1.0 - alpha);
    float a = mix(21.5473, 25.3245, t);
    float b = mix(3.82987, 3.32435, t);
    float c = mix(0.19823, 0.16801, t);
    float d = mix(-1.97760, -1.27393, t);
    float e = mix(-4.32054, -4.85967, t);
    return a / (1.0 + b * pow(x, c)) + d * x + e;
}

float sheenLambda(float cosTheta, float alpha) {
    return abs(cosTheta) < 0.5 ? exp(sheenLambdaHelper(cosTheta, alpha))
                               : exp(2.0 * sheenLambdaHelper(0.5, alpha) - sheenLambdaHelper(1.0 - cosTheta, alpha));
}

float sheenVisibility(float NoL, float NoV, float roughness) {
    float alpha = max(roughness * roughness, 1e-6);
    return clamp(1.0 / ((1.0 + sheenLambda(NoV, alpha) + sheenLambda(NoL, alpha)) * (4.0 * NoV * NoL)), 0.0, 1.0);
}

// @key CUSTOM_FRAGMENT_BEFORE_LIGHTS
{
    sheenColorValue = sheenColorFactor;
#ifdef HAS_SHEEN_COLOR_MAP
    sheenColorValue *= texture(sheenColorMap, extensionUv(sheenColorMapUv)).rgb;
#endif
    float roughness = sheenRoughnessFactor;
#ifdef HAS_SHEEN_ROUGHNESS_MAP
    roughness *= texture(sheenRoughnessMap, extensionUv(sheenRoughnessMapUv)).a;
#endif
    // Charlie's distribution collapses to a spike at 0; the table starts at its first texel.
    sheenRoughnessValue = clamp(roughness, 0.03, 1.0);
    sheenMaxColor = max(max(sheenColorValue.r, sheenColorValue.g), sheenColorValue.b);
    float NoV = clamp(abs(dot(normalW, normalize(cameraPosition.xyz - vPositionW))), 1e-4, 1.0);
    sheenAlbedoV = sheenAlbedo(NoV, sheenRoughnessValue);
    sheenScalingV = 1.0 - sheenMaxColor * sheenAlbedoV;
}

// @key LIGHT_LOBES
{
    float NoL = clamp(dot(s.normal, L), 0.0, 1.0);
    vec3 sheen = vec3(0.0);
    float scaling = sheenScalingV;
    if (NoL > 0.0) {
        float NoH = clamp(dot(s.normal, normalize(s.view + L)), 0.0, 1.0);
        sheen = sheenColorValue * sheenDistributionCharlie(sheenRoughnessValue, NoH) *
                sheenVisibility(NoL, s.NoV, sheenRoughnessValue) * radiance * NoL;
        // Light the sheen takes on the way in is as lost to the base as light it takes out.
        scaling = min(scaling, 1.0 - sheenMaxColor * sheenAlbedo(NoL, sheenRoughnessValue));
    }
    diffuse *= scaling;
    specular = specular * scaling + sheen;
}

// @key CUSTOM_FRAGMENT_AFTER_IBL
{
    // The environment through the sheen lobe (the renderer's Charlie-prefiltered cube, looked
    // up along the mirror direction as the Sample Viewer does), weighted by E. Its levels run
    // from 64² to 8² faces: roughness × (levels − 1) picks the level.
    float sheenLevels = max(log2(float(textureSize(sheenEnvironment, 0).x)) - 2.0, 1.0);
    vec3 sheenRadiance = textureLod(sheenEnvironment, reflect(-s.view, s.normal), sheenRoughnessValue * (sheenLevels - 1.0)).rgb;
    vec3 sheenIbl = sheenColorValue * sheenRadiance * sheenAlbedoV;
    diffuseIbl *= sheenScalingV;
    specularIbl = specularIbl * sheenScalingV + sheenIbl;
}
