// Exponential height fog: density a·exp(−b·(y − base)) (a = fogColor.w at the base height,
// b = fogParams.x), integrated in closed form along the view ray from the start distance on.
// With h(t) = y(t) − base along a ray of slope dy = direction.y:
//   τ = ∫ a·exp(−b·h(t)) dt = a · (exp(−b·h0) − exp(−b·h1)) / (b·dy)
// where h0, h1 are the heights above the base at the segment's ends; as b·dy → 0 the
// quotient tends to a·exp(−b·h0)·length (the Taylor branch below). Exponents are clamped so
// that a ray that dives far below the base saturates instead of overflowing.

float heightFogOpticalDepth(float startHeight, float slope, float length) {
    float falloff = max(fogParams.x, 1e-6);
    float k0 = min(-falloff * startHeight, 80.0);
    float x = falloff * slope * length; // the change of −exponent over the segment
    if (abs(x) < 1e-3) return fogColor.w * exp(k0) * length * (1.0 - 0.5 * x);
    float k1 = min(k0 - x, 80.0);
    return fogColor.w * (exp(k0) - exp(k1)) / (falloff * slope);
}

// Fog over the view ray from the camera to `distance` along unit `direction`.
vec3 applyHeightFogAlong(vec3 color, vec3 direction, float distance) {
    if (fogParams.w < 0.5) return color;
    float start = fogParams.z;
    float travelled = distance - start;
    if (travelled <= 0.0) return color;
    float startHeight = cameraPosition.y + direction.y * start - fogParams.y;
    float opticalDepth = heightFogOpticalDepth(startHeight, direction.y, travelled);
    float fog = 1.0 - exp(-max(opticalDepth, 0.0));
    return mix(color, fogColor.rgb, clamp(fog, 0.0, 1.0));
}

vec3 applyHeightFog(vec3 color, vec3 positionW) {
    vec3 ray = positionW - cameraPosition.xyz;
    float distance = length(ray);
    return applyHeightFogAlong(color, ray / max(distance, 1e-6), distance);
}

// The background lies at infinity: horizontal rays through fog end fully fogged, matching
// distant geometry at the horizon; rays climbing out of the fog keep most of the sky.
vec3 applyHeightFogToBackground(vec3 color, vec3 direction) {
    return applyHeightFogAlong(color, direction, 1.0e6);
}
