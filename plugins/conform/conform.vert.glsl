// Ground conform (ConformPlugin). Mirror: plugins/conform/ConformMath.h. Runs at the world
// position point, where both the instance origin (finalWorld[3]) and the model-space
// position are in scope. Only instanced draws carry a ground gradient: a non-instanced copy
// (a bake, a clone) compiles without the attribute and stays as modelled.

// @key CUSTOM_VERTEX_UPDATE_WORLDPOS
#if defined(CONFORM) && defined(INSTANCES)
{
    vec2 conformOffset = worldPos.xz - finalWorld[3].xz;
    float conformWeight = 1.0 - smoothstep(0.0, conformRamp, positionUpdated.y);
    worldPos.y += conformWeight * min(0.0, conformOvershoot * dot(conformOffset, groundGradient));
}
#endif
