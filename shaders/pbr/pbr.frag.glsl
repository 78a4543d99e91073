// The PBR material's fragment shader. Injection points (docs/injection-points.md):
//   CUSTOM_FRAGMENT_DEFINITIONS     declarations at global scope
//   CUSTOM_FRAGMENT_MAIN_BEGIN      first statement; every pass (a discard here cuts shadows)
//   CUSTOM_FRAGMENT_UPDATE_ALBEDO   surfaceAlbedo (linear rgb), surfaceAlpha writable
//   CUSTOM_FRAGMENT_UPDATE_ALPHA    the discard/alpha point, reached in every pass
//   CUSTOM_FRAGMENT_BEFORE_LIGHTS   main pass; surfaceAlbedo, normalW, surfaceRoughness,
//                                   surfaceMetallic, surfaceF0, surfaceOcclusion,
//                                   surfaceEmissive final and writable
//   CUSTOM_FRAGMENT_BEFORE_FOG      finalColor (linear HDR rgb) writable
//   CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR  finalColor and surfaceAlpha writable, after fog
//   CUSTOM_FRAGMENT_MAIN_END        after the colour write
//   hook FILTER_SURFACE_COLOR(inout vec3 color, in vec3 positionW)  (before fog)
//   hook LIGHT_LOBES(inout vec3 diffuse, inout vec3 specular, Surface s, vec3 L, vec3 radiance)
//                                   once per punctual light (sun included), main pass
//   hook SPECULAR_LOBE(inout float DV, inout vec3 F, Surface s, vec3 L, vec3 H)
//                                   the base specular lobe's D × V and Fresnel, per light
//   CUSTOM_FRAGMENT_BEFORE_IBL      R (the specular lookup direction) writable
//   CUSTOM_FRAGMENT_AFTER_IBL       diffuseIbl, specularIbl writable, before occlusion
#include<scene_uniforms>
#include<draw_uniforms>
#include<pbr_material_uniforms>
#include<color>
#include<tonemap>
#include<fog>
#include<brdf>
#include<ibl>
#include<shadows>
#include<lights>
#include<screen_ao>
#include<debug_view>

// Each slot samples its set's coordinates, through its KHR_texture_transform only where it has
// one (<SLOT>_UV_TRANSFORM): slots on untransformed coordinates share them, and a CPU
// rasteriser then computes one set of derivatives for all their fetches.
// A slot on the same image and sampler as a more important slot reads that one's sampler
// (<SLOT>_MAP_FROM names it; PbrMaterial::collectDefines): one texture unit for both, as a
// glTF occlusion-roughness-metallic texture needs.
#ifdef HAS_BASECOLOR_MAP
uniform sampler2D baseColorMap;
#endif
#ifdef HAS_NORMAL_MAP
uniform sampler2D normalMap;
#endif
#ifdef HAS_METALLIC_ROUGHNESS_MAP
#ifdef METALLIC_ROUGHNESS_MAP_FROM
#define metallicRoughnessMap METALLIC_ROUGHNESS_MAP_FROM
#else
uniform sampler2D metallicRoughnessMap;
#endif
#endif
#ifdef HAS_EMISSIVE_MAP
#ifdef EMISSIVE_MAP_FROM
#define emissiveMap EMISSIVE_MAP_FROM
#else
uniform sampler2D emissiveMap;
#endif
#endif
#ifdef HAS_OCCLUSION_MAP
#ifdef OCCLUSION_MAP_FROM
#define occlusionMap OCCLUSION_MAP_FROM
#else
uniform sampler2D occlusionMap;
#endif
#endif

in vec3 vPositionW;
in vec3 vNormalW;
in vec4 vTangentW;
in vec2 vUv0;
in vec2 vUv1;
in vec4 vColor;
in float vViewDepth;
#ifdef HAS_UV2
in vec2 vUv2;
#endif
#ifdef HAS_UV3
in vec2 vUv3;
#endif
#ifdef HAS_UV4
in vec2 vUv4;
#endif
#ifdef HAS_UV5
in vec2 vUv5;
#endif
#ifdef HAS_UV6
in vec2 vUv6;
#endif
#ifdef HAS_UV7
in vec2 vUv7;
#endif

// The texture coordinates of TEXCOORD_set: 0 and 1 always, 2 and up where the geometry has
// them (a slot on a set the mesh lacks is not sampled at all: PbrMaterial::collectDefines).
vec2 uvSet(int set) {
#ifdef HAS_UV2
    if (set == 2) return vUv2;
#endif
#ifdef HAS_UV3
    if (set == 3) return vUv3;
#endif
#ifdef HAS_UV4
    if (set == 4) return vUv4;
#endif
#ifdef HAS_UV5
    if (set == 5) return vUv5;
#endif
#ifdef HAS_UV6
    if (set == 6) return vUv6;
#endif
#ifdef HAS_UV7
    if (set == 7) return vUv7;
#endif
    return set == 1 ? vUv1 : vUv0;
}

#include<tangent_frame>

out vec4 fragColor;

#define CUSTOM_FRAGMENT_DEFINITIONS

#hook FILTER_SURFACE_COLOR(inout vec3 color, in vec3 positionW)
#hook LIGHT_LOBES(inout vec3 diffuse, inout vec3 specular, Surface s, vec3 L, vec3 radiance)
#hook SPECULAR_LOBE(inout float DV, inout vec3 F, Surface s, vec3 L, vec3 H)

void main() {
#define CUSTOM_FRAGMENT_MAIN_BEGIN

    vec4 baseColor = baseColorFactor;
#ifdef HAS_BASECOLOR_MAP
#if defined(BASECOLOR_UV_SET)
    vec2 baseColorCoord = uvSet(BASECOLOR_UV_SET);
#elif defined(BASECOLOR_UV1)
    vec2 baseColorCoord = vUv1;
#else
    vec2 baseColorCoord = vUv0;
#endif
#ifdef BASECOLOR_UV_TRANSFORM
    baseColorCoord = transformUv(baseColorUv, baseColorCoord);
#endif
    baseColor *= texture(baseColorMap, baseColorCoord);
#endif
#ifdef VERTEX_COLORS
    baseColor *= vColor;
#endif
    vec3 surfaceAlbedo = baseColor.rgb;
    float surfaceAlpha = baseColor.a;
#define CUSTOM_FRAGMENT_UPDATE_ALBEDO

#define CUSTOM_FRAGMENT_UPDATE_ALPHA
#ifdef ALPHA_MODE_MASK
#ifdef ALPHA_TO_COVERAGE
    // Multisampled main pass: the alpha becomes the share of samples covered. Sharpened to a
    // one-pixel ramp around the cutoff by its screen-space derivative, the edge is smooth yet
    // as hard as the alpha test, so foliage keeps its density at distance.
    surfaceAlpha = clamp((surfaceAlpha - alphaCutoff) / max(fwidth(surfaceAlpha), 1e-4) + 0.5, 0.0, 1.0);
    if (surfaceAlpha <= 0.0) discard;
#else
    if (surfaceAlpha < alphaCutoff) discard;
    surfaceAlpha = 1.0;
#endif
#endif
#if defined(PASS_DEPTH) || defined(PASS_SHADOW)
    fragColor = vec4(0.0);
#else
    // --- surface ---
    vec3 normalW = normalize(vNormalW);
#ifdef DOUBLE_SIDED
    if (!gl_FrontFacing) normalW = -normalW;
#endif
    vec3 geometricNormalW = normalW;
#ifdef HAS_NORMAL_MAP
#if defined(NORMAL_UV_SET)
    vec2 normalUvCoord = uvSet(NORMAL_UV_SET);
#elif defined(NORMAL_UV1)
    vec2 normalUvCoord = vUv1;
#else
    vec2 normalUvCoord = vUv0;
#endif
#ifdef NORMAL_UV_TRANSFORM
    normalUvCoord = transformUv(normalUv, normalUvCoord);
#endif
    normalW = normalFromMap(texture(normalMap, normalUvCoord).xyz, normalScale, normalW, normalUvCoord);
#endif

    float surfaceMetallic = metallicFactor;
    float surfaceRoughness = roughnessFactor;
#ifdef HAS_METALLIC_ROUGHNESS_MAP
#if defined(METALLIC_ROUGHNESS_UV_SET)
    vec2 metallicRoughnessCoord = uvSet(METALLIC_ROUGHNESS_UV_SET);
#elif defined(METALLIC_ROUGHNESS_UV1)
    vec2 metallicRoughnessCoord = vUv1;
#else
    vec2 metallicRoughnessCoord = vUv0;
#endif
#ifdef METALLIC_ROUGHNESS_UV_TRANSFORM
    metallicRoughnessCoord = transformUv(metallicRoughnessUv, metallicRoughnessCoord);
#endif
    vec4 mr = texture(metallicRoughnessMap, metallicRoughnessCoord);
    surfaceRoughness *= mr.g;
    surfaceMetallic *= mr.b;
#endif
    vec3 surfaceF0 = vec3(dielectricF0);
    float surfaceOcclusion = 1.0;
#ifdef HAS_OCCLUSION_MAP
#if defined(OCCLUSION_UV_SET)
    vec2 occlusionCoord = uvSet(OCCLUSION_UV_SET);
#elif defined(OCCLUSION_UV1)
    vec2 occlusionCoord = vUv1;
#else
    vec2 occlusionCoord = vUv0;
#endif
#ifdef OCCLUSION_UV_TRANSFORM
    occlusionCoord = transformUv(occlusionUv, occlusionCoord);
#endif
    float ao = texture(occlusionMap, occlusionCoord).r;
    surfaceOcclusion = 1.0 + occlusionStrength * (ao - 1.0);
#endif
    vec3 surfaceEmissive = emissiveFactor.rgb;
#ifdef HAS_EMISSIVE_MAP
#if defined(EMISSIVE_UV_SET)
    vec2 emissiveCoord = uvSet(EMISSIVE_UV_SET);
#elif defined(EMISSIVE_UV1)
    vec2 emissiveCoord = vUv1;
#else
    vec2 emissiveCoord = vUv0;
#endif
#ifdef EMISSIVE_UV_TRANSFORM
    emissiveCoord = transformUv(emissiveUv, emissiveCoord);
#endif
    surfaceEmissive *= texture(emissiveMap, emissiveCoord).rgb;
#endif

#define CUSTOM_FRAGMENT_BEFORE_LIGHTS

#ifdef UNLIT
    vec3 finalColor = surfaceAlbedo;
#else
    Surface s;
    s.normal = normalW;
    s.view = surfaceToViewer(vPositionW);
    s.NoV = clamp(abs(dot(normalW, s.view)), 1e-4, 1.0);
    s.roughness = clamp(surfaceRoughness, 0.03, 1.0);
    s.alpha = s.roughness * s.roughness;
    s.alpha2 = s.alpha * s.alpha;
    s.smithView = smithViewTerm(s.NoV, s.alpha2);
    s.diffuse = surfaceAlbedo * (1.0 - surfaceMetallic);
    s.f0 = mix(surfaceF0, surfaceAlbedo, surfaceMetallic);
    vec2 dfg = sampleDfg(s.NoV, s.roughness);
    s.energyCompensation = 1.0 + s.f0 * (1.0 / max(dfg.x + dfg.y, 1e-3) - 1.0);

    vec3 finalColor = vec3(0.0);
    // Occlusion darkens the ambient and image-based light only, never the direct light.
    vec3 ambientOcclusion = surfaceOcclusion * screenAmbientOcclusion(surfaceAlbedo);
    uint materialMask = drawLightMask();
    // Each kind of light the frame has none of is left out (FRAME_NO_*, EngineInterface.h's
    // FrameLighting), not only skipped by its uniform: a CPU rasteriser runs the body anyway.
#ifndef FRAME_NO_SUN
    if (sunDirection.w > 0.5) {
#ifdef FRAME_NO_SUN_SHADOW
        float shadow = 1.0;
#else
        float shadow = drawParams.y > 0.5 ? sunShadow(vPositionW, geometricNormalW, vViewDepth) : 1.0;
#endif
        finalColor += shadeDirect(s, -sunDirection.xyz, sunColor.rgb) * shadow;
    }
#endif
#if !defined(FRAME_NO_DIRECTIONAL_LIGHTS) || !defined(FRAME_NO_LOCAL_LIGHTS)
    finalColor += shadePunctualLights(s, vPositionW, geometricNormalW, materialMask);
#endif
#ifndef FRAME_NO_HEMISPHERE
    if (hemiSkyColor.w > 0.5) {
        float up = dot(normalW, vec3(0.0, 1.0, 0.0)) * 0.5 + 0.5;
        finalColor += s.diffuse * mix(hemiGroundColor.rgb, hemiSkyColor.rgb, up) * ambientOcclusion;
    }
#endif
#ifndef FRAME_NO_IBL
    if (iblParams.z > 0.5) {
        // The split sum prefilters with V = N = R; for V ≠ N the GGX lobe's peak leans from
        // the mirror direction towards the normal as roughness grows (off-specular peak), so
        // look up the dominant direction, not R (Lagarde & de Rousiers 2014, as three.js does).
        vec3 R = normalize(mix(reflect(-s.view, normalW), normalW, s.alpha));
#define CUSTOM_FRAGMENT_BEFORE_IBL
        // glTF's material is mix(dielectric, metal, metallic). The multiple-scattering gain is
        // not linear in F0, so each lobe gets its own (Fdez-Agüera 2019 does the same) and the
        // two are mixed after: a half metal then conserves energy as both its halves do.
        float inverseEnergy = 1.0 / max(dfg.x + dfg.y, 1e-3);
        vec3 dielectricAlbedo = surfaceF0 * dfg.x + dfg.y;
        vec3 metalAlbedo = surfaceAlbedo * dfg.x + dfg.y;
        vec3 specularWeight = mix(dielectricAlbedo * (1.0 + surfaceF0 * (inverseEnergy - 1.0)),
                                  metalAlbedo * (1.0 + surfaceAlbedo * (inverseEnergy - 1.0)), surfaceMetallic);
        vec3 specularRadiance = prefilteredRadiance(R, s.roughness);
        vec3 specularIbl = specularRadiance * specularWeight;
        // What the dielectric's specular lobe reflects does not reach its diffuse layer: a white
        // dielectric in a white furnace then returns 1 at every angle instead of 1 + F. The metal
        // part has no diffuse layer to shadow.
        vec3 diffuseIbl = irradianceSh(normalW) * s.diffuse * (1.0 - dielectricAlbedo);
#define CUSTOM_FRAGMENT_AFTER_IBL
        finalColor += (diffuseIbl + specularIbl) * ambientOcclusion * iblParams.x;
    }
#endif
#endif
    finalColor += surfaceEmissive;
    FILTER_SURFACE_COLOR(finalColor, vPositionW);

#define CUSTOM_FRAGMENT_BEFORE_FOG
#ifndef FRAME_NO_FOG
    finalColor = applyHeightFog(finalColor, vPositionW);
#endif

#define CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR
#ifdef TONEMAP_IN_SHADER
    // No float render target on this device: expose, tone-map and encode here.
    finalColor = linearToSrgb(applyTonemap(finalColor * exposureParams.x, exposureParams.y));
#endif
#ifdef DEBUG_VIEW
    finalColor = debugViewColor(surfaceAlbedo, normalW, surfaceRoughness, surfaceMetallic, surfaceOcclusion, surfaceEmissive,
                                vPositionW, vViewDepth);
#endif
#ifdef ALPHA_MODE_BLEND
    fragColor = vec4(finalColor * surfaceAlpha, surfaceAlpha); // premultiplied
#elif defined(ALPHA_TO_COVERAGE)
    fragColor = vec4(finalColor, surfaceAlpha); // the alpha picks the samples
#else
    fragColor = vec4(finalColor, 1.0);
#endif
#endif
#define CUSTOM_FRAGMENT_MAIN_END
}
