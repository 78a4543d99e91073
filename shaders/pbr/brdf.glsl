// The specular and diffuse BRDF: GGX distribution, height-correlated Smith visibility,
// Schlick Fresnel, Lambert diffuse (Karis 2013; Heitz 2014; Filament's formulation).
const float PI = 3.14159265359;

// The GGX distribution for alpha² `a2`.
float distributionGgxA2(float NoH, float a2) {
    float f = (NoH * a2 - NoH) * NoH + 1.0;
    return a2 / (PI * f * f + 1e-7);
}

float distributionGgx(float NoH, float alpha) { return distributionGgxA2(NoH, alpha * alpha); }

// The view's half of the height-correlated Smith term below: sqrt((NoV − a² NoV) NoV + a²),
// the same for every light at a fragment (Surface::smithView).
float smithViewTerm(float NoV, float a2) { return sqrt((NoV - a2 * NoV) * NoV + a2); }

// V = G / (4 NoL NoV), height-correlated (Heitz 2014, eq. 99), with the view's term given.
float visibilitySmithGgxCorrelatedView(float NoV, float NoL, float a2, float viewTerm) {
    float lambdaV = NoL * viewTerm;
    float lambdaL = NoV * sqrt((NoL - a2 * NoL) * NoL + a2);
    return 0.5 / max(lambdaV + lambdaL, 1e-5);
}

float visibilitySmithGgxCorrelated(float NoV, float NoL, float alpha) {
    float a2 = alpha * alpha;
    return visibilitySmithGgxCorrelatedView(NoV, NoL, a2, smithViewTerm(NoV, a2));
}

vec3 fresnelSchlick(float VoH, vec3 f0) {
    // (1 − VoH)⁵ by multiplication: pow() is exp2(log2()) lane by lane on a CPU rasteriser.
    float m = 1.0 - VoH;
    float m2 = m * m;
    float f = m2 * m2 * m;
    return f0 + (1.0 - f0) * f;
}

// Everything the lighting needs to know about the surface at one fragment.
struct Surface {
    vec3 normal;     // world space, unit
    vec3 view;       // towards the camera, unit
    float NoV;
    vec3 diffuse;    // albedo × (1 − metallic)
    vec3 f0;         // specular colour at normal incidence
    float roughness; // perceptual
    float alpha;     // roughness²
    vec3 energyCompensation; // multiple-scattering gain (Kulla-Conty via the DFG table)
    // Per fragment, so that each light does not redo them (pbr.frag.glsl fills them):
    float alpha2;    // alpha²
    float smithView; // smithViewTerm(NoV, alpha2)
};

// The per-light plugin hook: declared here so shadeDirect can call it, defined by the pipeline
// at "#hook LIGHT_LOBES" in pbr.frag.glsl, after the plugins' definitions, so its body may read
// the globals a plugin writes at CUSTOM_FRAGMENT_BEFORE_LIGHTS (docs/injection-points.md).
void LIGHT_LOBES(inout vec3 diffuse, inout vec3 specular, Surface s, vec3 L, vec3 radiance);
// The base specular lobe's hook, also defined at "#hook SPECULAR_LOBE": DV (distribution ×
// visibility) and F (Fresnel) of one light before they multiply, so a plugin replaces the
// distribution (anisotropy) or the Fresnel (iridescence) of the base lobe itself rather than
// adding a lobe of its own.
void SPECULAR_LOBE(inout float DV, inout vec3 F, Surface s, vec3 L, vec3 H);

// Outgoing radiance for light of `radiance` arriving from direction L (towards the light).
// Plugins add their own lobes (a clear coat, a sheen) and scale the base's through LIGHT_LOBES,
// once per light, whether or not the light is above the base's horizon (a coat's own normal may
// still see it).
vec3 shadeDirect(Surface s, vec3 L, vec3 radiance) {
    vec3 diffuse = vec3(0.0);
    vec3 specular = vec3(0.0);
    float NoL = clamp(dot(s.normal, L), 0.0, 1.0);
    if (NoL > 0.0) {
        vec3 H = normalize(s.view + L);
        float NoH = clamp(dot(s.normal, H), 0.0, 1.0);
        float VoH = clamp(dot(s.view, H), 0.0, 1.0);
        float DV = distributionGgxA2(NoH, s.alpha2) * visibilitySmithGgxCorrelatedView(s.NoV, NoL, s.alpha2, s.smithView);
        vec3 F = fresnelSchlick(VoH, s.f0);
        SPECULAR_LOBE(DV, F, s, L, H);
        specular = DV * F * s.energyCompensation * radiance * NoL;
        diffuse = s.diffuse * (1.0 / PI) * radiance * NoL;
    }
    LIGHT_LOBES(diffuse, specular, s, L, radiance);
    return diffuse + specular;
}
