// KHR_materials_anisotropy (AnisotropyPlugin), as the Khronos Sample Viewer shades it: the base
// specular lobe's GGX distribution and height-correlated visibility in their anisotropic form
// (Burley 2012; Heitz 2014), the roughness along the anisotropy direction T raised towards 1 by
// strength², the roughness along B = N × T the material's; the environment is looked up about
// a normal bent towards the plane of B and V, by how much the strength and smoothness say.
// At strength 0 both reduce to the base's isotropic lobe and lookup.

// @key CUSTOM_FRAGMENT_DEFINITIONS
// Per-fragment direction and strength, written before the lights and read by the hooks
// (initialised: a compiler cannot see that main writes them before a hook reads them).
vec3 anisotropyT = vec3(1.0, 0.0, 0.0);
vec3 anisotropyB = vec3(0.0, 1.0, 0.0);
float anisotropyStrength = 0.0;

// @key CUSTOM_FRAGMENT_BEFORE_LIGHTS
{
    vec2 direction = vec2(1.0, 0.0);
    float strength = anisotropyParams.z;
    vec2 frameUv = vUv0;
#ifdef HAS_ANISOTROPY_MAP
    frameUv = extensionUv(anisotropyMapUv);
    vec3 texel = texture(anisotropyMap, frameUv).rgb;
    direction = texel.rg * 2.0 - 1.0;
    strength *= texel.b;
    // A texel of no direction (an unpainted RG of 0.5, 0.5) keeps the tangent's.
    if (dot(direction, direction) < 1e-6) direction = vec2(1.0, 0.0);
#endif
    // Rotation counter-clockwise in the tangent plane, from the tangent towards the bitangent.
    direction = mat2(anisotropyParams.x, anisotropyParams.y, -anisotropyParams.y, anisotropyParams.x) * direction;
    anisotropyT = normalize(tangentFrame(normalW, frameUv) * vec3(normalize(direction), 0.0));
    anisotropyB = cross(normalW, anisotropyT);
    anisotropyStrength = clamp(strength, 0.0, 1.0);
}

// @key SPECULAR_LOBE
{
    float at = mix(s.alpha, 1.0, anisotropyStrength * anisotropyStrength);
    float ab = clamp(s.alpha, 0.001, 1.0);
    float NoL = clamp(dot(s.normal, L), 0.0, 1.0);
    float NoH = clamp(dot(s.normal, H), 0.001, 1.0);
    float a2 = at * ab;
    vec3 f = vec3(ab * dot(anisotropyT, H), at * dot(anisotropyB, H), a2 * NoH);
    float w2 = a2 / max(dot(f, f), 1e-12);
    float D = a2 * w2 * w2 / PI;
    float lambdaV = NoL * length(vec3(at * dot(anisotropyT, s.view), ab * dot(anisotropyB, s.view), s.NoV));
    float lambdaL = s.NoV * length(vec3(at * dot(anisotropyT, L), ab * dot(anisotropyB, L), NoL));
    // Unclamped, as the base's isotropic visibility: strength 0 is then the base lobe exactly.
    DV = D * 0.5 / max(lambdaV + lambdaL, 1e-5);
}

// @key CUSTOM_FRAGMENT_BEFORE_IBL
{
    // The normal of the plane holding B and V: a lobe stretched along T reflects the
    // environment along that plane. Smooth, strong anisotropy bends the normal all the way.
    vec3 anisotropicTangent = cross(anisotropyB, s.view);
    vec3 anisotropicNormal = cross(anisotropicTangent, anisotropyB);
    float bend = 1.0 - anisotropyStrength * (1.0 - s.roughness);
    bend *= bend;
    bend *= bend;
    vec3 bentNormal = mix(anisotropicNormal, s.normal, bend);
    bentNormal = dot(bentNormal, bentNormal) > 1e-8 ? normalize(bentNormal) : s.normal;
    // The base's lean towards the normal with roughness (its dominant direction), about the bent one.
    R = normalize(mix(reflect(-s.view, bentNormal), bentNormal, s.alpha));
}
