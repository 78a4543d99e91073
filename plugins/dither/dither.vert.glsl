// Distance dither (DitherPlugin), vertex side: hands the fragment stage the instance's bands
// and its distance to the eye. The distance is from the instance origin, not the vertex, so a
// whole tree fades as one; it is flat so every fragment of two LODs of one instance compares
// the bitwise same value (their pixels then partition exactly, see DitherMath.h).
// cameraPosition is the main camera's in every pass (shadow blocks copy it), so a tree's
// shadow thins with the tree.

// @key CUSTOM_VERTEX_DEFINITIONS
#ifdef DITHER
flat out vec4 vDitherBands;
flat out float vDitherDistance;
#endif

// @key CUSTOM_VERTEX_UPDATE_WORLDPOS
#ifdef DITHER
#ifdef INSTANCES
vDitherBands = ditherBands * ditherDistanceScale;
#else
vDitherBands = ditherMeshBands * ditherDistanceScale;
#endif
vDitherDistance = distance(finalWorld[3].xz, cameraPosition.xz);
#endif
