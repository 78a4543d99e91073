// KHR_materials_pbrSpecularGlossiness (SpecularGlossinessPlugin), the legacy workflow shaded as
// the metallic-roughness one it is equivalent to: the importer made the diffuse colour and
// texture the base colour with metallic 0; here the specular colour becomes F0 and
// 1 − glossiness the roughness, so the base lighting (its energy compensation and diffuse
// shadowing by F0 included) shades it as it shades a metal-rough material.

// @key CUSTOM_FRAGMENT_BEFORE_LIGHTS
{
    vec3 specularColor = specularGlossinessSpecular;
    float glossiness = specularGlossinessGlossiness;
#ifdef HAS_SPECULAR_GLOSSINESS_MAP
    vec4 sg = texture(specularGlossinessMap, extensionUv(specularGlossinessMapUv));
    specularColor *= sg.rgb;
    glossiness *= sg.a;
#endif
    surfaceF0 = specularColor;
    surfaceMetallic = 0.0;
    surfaceRoughness = 1.0 - glossiness;
}
