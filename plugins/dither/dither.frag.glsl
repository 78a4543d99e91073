// Distance dither (DitherPlugin), fragment side. Mirror: plugins/dither/DitherMath.h. The
// discard (and, in a multisampled main pass, the sample mask) is the first statement of main,
// before any texture fetch, in every pass.

// @key CUSTOM_FRAGMENT_DEFINITIONS
#ifdef DITHER
#ifdef SAMPLE_MASK
// Hoisted to the top by the migration, which names GLSL 3.30's twin (GL_ARB_sample_shading).
#extension GL_OES_sample_variables : require
#endif
flat in vec4 vDitherBands;
flat in float vDitherDistance;

// Interleaved gradient noise on the pixel centre: fixed to the screen, in [0, 1).
float ditherNoise(vec2 pixel) {
    return fract(52.9829189 * fract(0.06711056 * pixel.x + 0.00583715 * pixel.y));
}

// 1 before the band, 0 after it. One function for both bands, so two LODs at a seam compute
// the same value the same way.
float ditherRamp(float edge0, float edge1, float d) {
    return 1.0 - smoothstep(edge0, edge1, d);
}
#endif

// @key CUSTOM_FRAGMENT_MAIN_BEGIN
#ifdef DITHER
{
    float ditherN = ditherNoise(gl_FragCoord.xy);
    float ditherIn = ditherRamp(vDitherBands.x, vDitherBands.y, vDitherDistance);
    float ditherOut = ditherRamp(vDitherBands.z, vDitherBands.w, vDitherDistance);
#ifdef SAMPLE_MASK
    // Multisampled: the same test for each of the pixel's SAMPLE_MASK samples, against the
    // stratified thresholds fract(n + s / N). A fade then keeps its share of every pixel's
    // samples (a cross-dissolve within the pixel, resolved to a blend) instead of a share of
    // the pixels (a screen door), and two LODs at a seam still take complementary samples.
    int ditherMask = 0;
    for (int s = 0; s < SAMPLE_MASK; ++s) {
        float t = fract(ditherN + float(s) / float(SAMPLE_MASK));
        if (!(ditherIn > t) && ditherOut > t) ditherMask |= 1 << s;
    }
    if (ditherMask == 0) discard;
    gl_SampleMask[0] = ditherMask;
#else
    // Incoming against 1 - n, outgoing against n: complementary pixels at a seam. Both sides
    // are the same comparison (ramp > n), one negated, so equal ramps split pixels exactly.
    if (!(!(ditherIn > ditherN) && ditherOut > ditherN)) discard;
#endif
}
#endif
