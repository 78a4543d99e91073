// KHR_materials_iridescence (IridescencePlugin): the reflectance of a thin dielectric film of
// IOR n2 and thickness d over the base (Belcour & Barla 2017, "A Practical Extension to
// Microfacet Theory for the Modeling of Varying Iridescence"), as the Khronos Sample Viewer
// evaluates it: Schlick reflectances at both interfaces, the Airy sum's first two orders
// (m = 1, 2) with each order's spectral sensitivity integrated in closed form as Gaussians in
// Fourier space (CIE XYZ), then XYZ to linear Rec. 709. Evaluated once per fragment at N·V; the
// result replaces the base lobe's Fresnel by the iridescence factor, per light and for the
// environment.

// @key CUSTOM_FRAGMENT_DEFINITIONS
// Per-fragment film values, written before the lights and read by the hooks (initialised: a
// compiler cannot see that main writes them before a hook reads them).
float iridescenceWeight = 0.0;
vec3 iridescenceFresnel = vec3(0.0);

// CIE XYZ to linear sRGB (Rec. 709 primaries, D65), column by column.
const mat3 kIridescenceXyzToRgb = mat3(3.2404542, -0.9692660, 0.0556434,
                                       -1.5371385, 1.8760108, -0.2040259,
                                       -0.4985314, 0.0415560, 1.0572252);

// The CIE colour-matching functions' response to an interference term cos(2π·OPD/λ + shift),
// as Gaussian fits in Fourier space (Belcour & Barla 2017, supplemental), normalised so that a
// constant 1 is white; `opd` in nm.
vec3 iridescenceSensitivity(float opd, vec3 shift) {
    float phase = 2.0 * PI * opd * 1.0e-9;
    const vec3 amplitude = vec3(5.4856e-13, 4.4201e-13, 5.2481e-13);
    const vec3 centre = vec3(1.6810e+06, 1.7953e+06, 2.2084e+06);
    const vec3 variance = vec3(4.3278e+09, 9.3046e+09, 6.6121e+09);
    vec3 xyz = amplitude * sqrt(2.0 * PI * variance) * cos(centre * phase + shift) * exp(-phase * phase * variance);
    // X has a second, blue lobe.
    xyz.x += 9.7470e-14 * sqrt(2.0 * PI * 4.5282e+09) * cos(2.2399e+06 * phase + shift.x) * exp(-4.5282e+09 * phase * phase);
    return kIridescenceXyzToRgb * (xyz / 1.0685e-7);
}

float iridescenceSchlick(float f0, float cosTheta) {
    float x = clamp(1.0 - cosTheta, 0.0, 1.0);
    float x2 = x * x;
    return f0 + (1.0 - f0) * x2 * x2 * x;
}

vec3 iridescenceSchlick(vec3 f0, float cosTheta) {
    float x = clamp(1.0 - cosTheta, 0.0, 1.0);
    float x2 = x * x;
    return f0 + (1.0 - f0) * x2 * x2 * x;
}

// Normal-incidence reflectance between media of IOR `a` and `b`.
float iridescenceF0(float a, float b) {
    float r = (a - b) / (a + b);
    return r * r;
}

// Reflectance (rgb) of air (IOR 1) | film (filmIor, `thickness` nm) | base (whose F0 is baseF0),
// seen at cosTheta1 from the normal.
vec3 thinFilmFresnel(float filmIor, float cosTheta1, float thickness, vec3 baseF0) {
    // A vanishing film is no film: its IOR fades to the air's over the first 0.03 nm.
    float n2 = mix(1.0, filmIor, smoothstep(0.0, 0.03, thickness));
    // Snell into the film; from air into n2 ≥ 1 there is no total internal reflection.
    float sin2Theta2 = (1.0 - cosTheta1 * cosTheta1) / (n2 * n2);
    float cos2Theta2 = 1.0 - sin2Theta2;
    if (cos2Theta2 <= 0.0) return vec3(1.0);
    float cosTheta2 = sqrt(cos2Theta2);

    // First interface (air | film); reflecting off a denser medium shifts the phase by π.
    float R12 = iridescenceSchlick(iridescenceF0(n2, 1.0), cosTheta1);
    float T121 = 1.0 - R12;
    float phi21 = n2 < 1.0 ? 0.0 : PI; // phase of the reflection inside the film, back at the top

    // Second interface (film | base): the base's IOR from its F0 (guarded below 1).
    vec3 sqrtF0 = sqrt(clamp(baseF0, 0.0, 0.9999));
    vec3 baseIor = (1.0 + sqrtF0) / (1.0 - sqrtF0);
    vec3 r23 = (baseIor - n2) / (baseIor + n2);
    vec3 R23 = iridescenceSchlick(r23 * r23, cosTheta2);
    vec3 phi23 = vec3(baseIor.x < n2 ? PI : 0.0, baseIor.y < n2 ? PI : 0.0, baseIor.z < n2 ? PI : 0.0);

    // The optical path difference of one round trip through the film, and the phase it adds.
    float opd = 2.0 * n2 * thickness * cosTheta2;
    vec3 phi = vec3(phi21) + phi23;

    // The Airy sum: the direct reflection and the light that bounced inside (m = 0), then the
    // interference orders m = 1, 2 weighted by their spectral sensitivity.
    vec3 R123 = clamp(R12 * R23, 1e-5, 0.9999);
    vec3 r123 = sqrt(R123);
    vec3 Rs = T121 * T121 * R23 / (1.0 - R123);
    vec3 result = R12 + Rs;
    vec3 Cm = Rs - T121;
    for (int m = 1; m <= 2; ++m) {
        Cm *= r123;
        result += Cm * 2.0 * iridescenceSensitivity(float(m) * opd, float(m) * phi);
    }
    // Out-of-gamut interference colours go negative in rgb.
    return max(result, vec3(0.0));
}

// @key CUSTOM_FRAGMENT_BEFORE_LIGHTS
{
    iridescenceWeight = iridescenceParams.x;
#ifdef HAS_IRIDESCENCE_MAP
    iridescenceWeight *= texture(iridescenceMap, extensionUv(iridescenceMapUv)).r;
#endif
    float thickness = iridescenceParams.w;
#ifdef HAS_IRIDESCENCE_THICKNESS_MAP
    thickness = mix(iridescenceParams.z, iridescenceParams.w, texture(iridescenceThicknessMap, extensionUv(iridescenceThicknessMapUv)).g);
#endif
    float NoV = clamp(abs(dot(normalW, surfaceToViewer(vPositionW))), 1e-4, 1.0);
    iridescenceFresnel = thinFilmFresnel(iridescenceParams.y, NoV, thickness, mix(surfaceF0, surfaceAlbedo, surfaceMetallic));
}

// @key SPECULAR_LOBE
F = mix(F, iridescenceFresnel, iridescenceWeight);

// @key CUSTOM_FRAGMENT_AFTER_IBL
{
    // A Fresnel that does not vary over the lobe integrates to F × (scale + bias) of the split
    // sum, with the base's multiple-scattering gain for that F.
    float directional = dfg.x + dfg.y;
    vec3 filmAlbedo = min(iridescenceFresnel * directional, vec3(1.0));
    vec3 filmSpecular = specularRadiance * filmAlbedo * (1.0 + iridescenceFresnel * (1.0 / max(directional, 1e-3) - 1.0));
    specularIbl = mix(specularIbl, filmSpecular, iridescenceWeight);
    // The diffuse under it loses what the film reflects instead of what the base would.
    diffuseIbl *= mix(vec3(1.0), (1.0 - filmAlbedo) / max(1.0 - dielectricAlbedo, vec3(1e-3)), iridescenceWeight);
}
