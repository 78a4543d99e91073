// Wing beat (WingPlugin). Mirror: plugins/wing/WingMath.h. Runs in the model's own frame,
// before the instance matrix (a world-space hook would flap about world X): positions at the
// position point, normals and tangents by the same rotation at the normal point. Instanced
// birds read their (phase, amplitude) per instance; a non-instanced copy uses the material's
// mesh beat, (0, 0) by default: wings held still.

// @key CUSTOM_VERTEX_DEFINITIONS
#ifdef WING
float wingAngleAt(float x, vec2 beat) {
    float span = clamp(abs(x) / wingHalfSpan, 0.0, 1.0);
    return beat.y * sin(wingOmega * wingTime + beat.x) * span;
}

// Rotation by side * angle about the body axis (+Z).
vec3 wingRotate(vec3 v, float side, float angle) {
    float c = cos(angle);
    float s = sin(angle) * side;
    return vec3(c * v.x - s * v.y, s * v.x + c * v.y, v.z);
}
#endif

// @key CUSTOM_VERTEX_UPDATE_POSITION
#ifdef WING
#ifdef INSTANCES
vec2 wingBeatNow = wingBeat;
#else
vec2 wingBeatNow = wingMeshBeat;
#endif
float wingSide = sign(positionUpdated.x);
float wingAngle = wingAngleAt(positionUpdated.x, wingBeatNow);
positionUpdated = wingRotate(positionUpdated, wingSide, wingAngle);
#endif

// @key CUSTOM_VERTEX_UPDATE_NORMAL
#ifdef WING
normalUpdated = wingRotate(normalUpdated, wingSide, wingAngle);
tangentUpdated.xyz = wingRotate(tangentUpdated.xyz, wingSide, wingAngle);
#endif
