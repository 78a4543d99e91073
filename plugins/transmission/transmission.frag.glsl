// KHR_materials_transmission with KHR_materials_volume and KHR_materials_dispersion
// (TransmissionPlugin), in the Khronos Sample Viewer's formulation: the share `transmission` of
// the dielectric's diffuse layer is replaced by light from behind the surface. From the scene,
// that light is the opaque scene's colour (the frame texture opaqueSceneColor) read where the
// refracted ray leaves the volume, at a mip level that grows with the roughness (widened by
// the IOR: a thin slab of IOR 1 does not blur), attenuated by Beer's law over the ray's length
// and tinted by the base colour, less what the surface reflects. From each light, a GGX lobe
// around the light's mirror image through the surface. Metals transmit nothing.
//
// Not modelled (as in the Sample Viewer): the light's exit point moving by the thickness, the
// hemispheric ambient term's transmitted share, the coat and sheen over the refracted term.

// @key CUSTOM_FRAGMENT_DEFINITIONS
// Per-fragment values from before the lights, read by the hooks (initialised: a compiler
// cannot see that main writes them first).
float transmissionWeight = 0.0;   // transmission × (1 − metallic)
float transmissionAlpha = 0.0;    // the transmitted lobe's GGX alpha (IOR-scaled)
float transmissionLod = 0.0;      // the opaque colour's mip level
vec3 transmissionBase = vec3(0.0);
vec3 transmissionNormal = vec3(0.0, 0.0, 1.0);
vec3 transmissionView = vec3(0.0, 0.0, 1.0);
vec3 transmissionF0 = vec3(0.04);
float transmissionRoughness = 0.0;
float transmissionThickness = 0.0; // world units along the ray (0: thin-walled)
float transmissionPath = 0.0;      // the refracted ray's length through the volume, for the lights

// The roughness the transmitted lobe and the blur use: a thin slab of IOR 1 bends no ray.
float transmissionIorRoughness(float roughness) { return roughness * clamp(transmissionIor * 2.0 - 2.0, 0.0, 1.0); }

// Beer's law over `distance` (attenuationDistance 0: nothing is absorbed).
vec3 transmissionAttenuate(vec3 light, float distance) {
#ifdef TRANSMISSION_VOLUME
    if (attenuationDistance > 0.0) return light * pow(attenuationColor, vec3(distance / attenuationDistance));
#endif
    return light;
}

// The refracted ray through the volume in world units, scaled by the node's transform.
vec3 transmissionRay(float ior) {
    vec3 direction = normalize(refract(-transmissionView, transmissionNormal, 1.0 / ior));
    vec3 scale = vec3(length(world[0].xyz), length(world[1].xyz), length(world[2].xyz));
    return direction * transmissionThickness * scale;
}

// The opaque scene where the ray refracted with `ior` leaves the volume (its length out).
vec3 transmissionSample(float ior, out float rayLength) {
    vec3 ray = transmissionRay(ior);
    rayLength = length(ray);
    vec4 clip = viewProjection * vec4(vPositionW + ray, 1.0);
    vec2 uv = clip.xy / clip.w * 0.5 + 0.5;
    return textureLod(opaqueSceneColor, uv, transmissionLod).rgb;
}

// @key CUSTOM_FRAGMENT_BEFORE_LIGHTS
{
    float t = transmissionFactor;
#ifdef HAS_TRANSMISSION_MAP
    t *= texture(transmissionMap, extensionUv(transmissionMapUv)).r;
#endif
    transmissionWeight = t * (1.0 - surfaceMetallic);
    transmissionBase = surfaceAlbedo;
    transmissionNormal = normalW;
    transmissionView = surfaceToViewer(vPositionW);
    transmissionF0 = surfaceF0;
    transmissionRoughness = clamp(surfaceRoughness, 0.03, 1.0);
    float alpha = transmissionRoughness * transmissionRoughness;
    transmissionAlpha = max(transmissionIorRoughness(alpha), 1e-3);
    float width = float(textureSize(opaqueSceneColor, 0).x);
    transmissionLod = log2(width) * transmissionIorRoughness(transmissionRoughness);
#ifdef TRANSMISSION_VOLUME
    float thickness = thicknessFactor;
#ifdef HAS_THICKNESS_MAP
    thickness *= texture(thicknessMap, extensionUv(thicknessMapUv)).g;
#endif
    transmissionThickness = thickness;
    transmissionPath = length(transmissionRay(transmissionIor));
#endif
}

// @key LIGHT_LOBES
{
    // The light seen through the surface: its mirror image below the surface lights the
    // fragment from behind, through a GGX lobe (no N·L: the light arrives from the back).
    vec3 mirrored = normalize(L - 2.0 * transmissionNormal * dot(L, transmissionNormal));
    vec3 H = normalize(mirrored + s.view);
    float NoH = clamp(dot(transmissionNormal, H), 0.0, 1.0);
    float NoL = clamp(dot(transmissionNormal, mirrored), 0.0, 1.0);
    float NoV = clamp(dot(transmissionNormal, s.view), 1e-4, 1.0);
    vec3 through = transmissionBase * distributionGgx(NoH, transmissionAlpha) *
                   visibilitySmithGgxCorrelated(NoV, NoL, transmissionAlpha) * radiance;
    through = transmissionAttenuate(through, transmissionPath);
    diffuse = diffuse * (1.0 - transmissionWeight) + transmissionWeight * through;
}

// @key CUSTOM_FRAGMENT_AFTER_IBL
diffuseIbl *= 1.0 - transmissionWeight;

// @key CUSTOM_FRAGMENT_BEFORE_FOG
{
    // With or without an environment: the scene behind is light the surface passes on.
    vec3 behind;
    float rayLength;
#ifdef TRANSMISSION_DISPERSION
    // One IOR per channel, spread about the material's (the Sample Viewer's 0.025 per unit).
    float halfSpread = (transmissionIor - 1.0) * 0.025 * dispersion;
    vec3 iors = vec3(transmissionIor - halfSpread, transmissionIor, transmissionIor + halfSpread);
    for (int i = 0; i < 3; ++i) behind[i] = transmissionSample(iors[i], rayLength)[i];
#else
    behind = transmissionSample(transmissionIor, rayLength);
#endif
    behind = transmissionAttenuate(behind, rayLength);
    vec2 dfg = sampleDfg(clamp(dot(transmissionNormal, transmissionView), 1e-4, 1.0), transmissionRoughness);
    vec3 reflected = transmissionF0 * dfg.x + dfg.y;
    finalColor += transmissionWeight * (1.0 - reflected) * behind * transmissionBase;
}
