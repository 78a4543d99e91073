// Wind sway (WindPlugin). Every literal here is pinned by tests/unit/WindPluginTest.cpp to
// plugins/wind/WindMath.h, which mirrors this arithmetic on the CPU. Runs at the world
// position point: the instance matrix is applied (phases come from world XZ in the wind's
// frame, so neighbours ride a gust travelling downwind) and the model-space position is
// still visible (height weight).
// The normal is left alone: the sway is centimetres on grass, a few per cent on a crown.

// @key CUSTOM_VERTEX_DEFINITIONS
#ifdef WIND
// Angular frequencies: 18, 42 and 600 steps of 2 pi / 300 rad/s (the shader time wraps at 300 s).
const float kWindOmega1 = 0.37699111843077515;
const float kWindOmega2 = 0.879645943005142;
const float kWindOmega3 = 12.56637061435917;

vec2 windSway(vec3 p, float modelY, float scale) {
    vec2 across = vec2(-windDirection.y, windDirection.x);
    float u = dot(p.xz, windDirection);
    float v = dot(p.xz, across);
    float h = clamp(modelY / windMeshHeight, 0.0, 1.0);
    float k = h * h * windAmplitude * windSpeed * scale;
    float gust = sin(0.24 * u + 0.08 * v - kWindOmega1 * windTime) + 0.6 * sin(0.56 * u - kWindOmega2 * windTime);
    float flutter = sin(2.1 * u + 1.7 * v - kWindOmega3 * windTime);
    float alongAmount = windLean + 0.75 * gust + 0.25 * flutter;
    float acrossAmount = 0.35 * gust - 0.2 * flutter;
    return k * (alongAmount * windDirection + acrossAmount * across);
}
#endif

// @key CUSTOM_VERTEX_UPDATE_WORLDPOS
#ifdef WIND
{
    // The drawn height scales the sway, so a tree placed at twice the size bends twice as far.
    float windScaleNow = length(finalWorld[1].xyz);
#if defined(INSTANCES) && defined(WIND_INSTANCE_SCALE)
    windScaleNow *= windScale;
#endif
    worldPos.xz += windSway(worldPos.xyz, positionUpdated.y, windScaleNow);
}
#endif
