// Screen-space ambient occlusion (render/AmbientOcclusion.h) for the ambient and image-based
// terms: the renderer sets SCREEN_AO when the frame has it, and only then is the texture
// declared and read; without it the factor is the constant 1 the compiler folds away.
#ifdef SCREEN_AO
uniform highp sampler2D screenAo;
#endif

// The visibility at this fragment, brightened by GTAO's multi-bounce fit (Jimenez et al. 2016,
// eq. 10): light that nearby surfaces of this albedo bounce back into the crease. Read at the
// pixel's centre with normalised coordinates and the point sampler: the frame-sized result
// gives its exact texel, and the 1×1 white the renderer binds when AO failed this frame gives
// white everywhere.
vec3 screenAmbientOcclusion(vec3 albedo) {
#ifdef SCREEN_AO
    float v = texture(screenAo, gl_FragCoord.xy * viewportSize.zw).r;
    vec3 a = 2.0404 * albedo - 0.3324;
    vec3 b = -4.7951 * albedo + 0.6417;
    vec3 c = 2.7552 * albedo + 0.6903;
    return max(vec3(v), ((v * a + b) * v + c) * v);
#else
    return vec3(1.0);
#endif
}
