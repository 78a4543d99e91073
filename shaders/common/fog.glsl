// Exponential height fog: density falls off exponentially with height above fogParams.y, and
// the optical depth along the view ray is integrated in closed form (Wenzel's formulation).
vec3 applyHeightFog(vec3 color, vec3 positionW) {
    if (fogParams.w < 0.5) return color;
    vec3 ray = positionW - cameraPosition.xyz;
    float distance = length(ray);
    float travelled = max(distance - fogParams.z, 0.0);
    if (travelled <= 0.0) return color;
    float falloff = max(fogParams.x, 1e-5);
    float startHeight = cameraPosition.y - fogParams.y;
    float dy = ray.y * (travelled / max(distance, 1e-4));
    float heightTerm = abs(dy) > 1e-3 ? (1.0 - exp(-falloff * dy)) / (falloff * dy) : 1.0;
    float opticalDepth = fogColor.w * exp(-falloff * startHeight) * heightTerm * travelled;
    float fog = 1.0 - exp(-max(opticalDepth, 0.0));
    return mix(color, fogColor.rgb, clamp(fog, 0.0, 1.0));
}
