// Distance dither (DitherPlugin), fragment side. Mirror: plugins/dither/DitherMath.h. The
// discard is the first statement of main, before any texture fetch, in every pass.

// @key CUSTOM_FRAGMENT_DEFINITIONS
#ifdef DITHER
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
    // Incoming against 1 - n, outgoing against n: complementary pixels at a seam. Both sides
    // are the same comparison (ramp > n), one negated, so equal ramps split pixels exactly.
    bool ditherKeepIn = !(ditherRamp(vDitherBands.x, vDitherBands.y, vDitherDistance) > ditherN);
    bool ditherKeepOut = ditherRamp(vDitherBands.z, vDitherBands.w, vDitherDistance) > ditherN;
    if (!(ditherKeepIn && ditherKeepOut)) discard;
}
#endif
