// Skinning and morph targets (glTF 2.0): the vertex is morphed, then skinned, in object
// space, before any plugin hook runs, so plugins see the posed vertex. Joint matrices and
// morph deltas come from float textures read with texelFetch (render/MeshDeformation.h has
// the layouts): neither is bounded by the uniform block size.
#ifdef SKINNING
in vec4 joints0;
in vec4 weights0;
#ifdef SKINNING_8
in vec4 joints1;
in vec4 weights1;
#endif
uniform highp sampler2D jointMatrices;

// Four texels a joint, 256 joints a row.
mat4 skinJointMatrix(float joint) {
    int j = int(joint + 0.5);
    ivec2 at = ivec2((j % 256) * 4, j / 256);
    return mat4(texelFetch(jointMatrices, at, 0), texelFetch(jointMatrices, at + ivec2(1, 0), 0),
                texelFetch(jointMatrices, at + ivec2(2, 0), 0), texelFetch(jointMatrices, at + ivec2(3, 0), 0));
}

mat4 skinMatrix() {
    mat4 m = weights0.x * skinJointMatrix(joints0.x) + weights0.y * skinJointMatrix(joints0.y) +
             weights0.z * skinJointMatrix(joints0.z) + weights0.w * skinJointMatrix(joints0.w);
#ifdef SKINNING_8
    m += weights1.x * skinJointMatrix(joints1.x) + weights1.y * skinJointMatrix(joints1.y) +
         weights1.z * skinJointMatrix(joints1.z) + weights1.w * skinJointMatrix(joints1.w);
#endif
    return m;
}
#endif

#ifdef MORPH_TARGETS
uniform highp sampler2DArray morphTargets;
// Texel 0: the number of active targets; texel 1 + i: (target index, weight).
uniform highp sampler2D morphWeights;

#ifndef MORPH_STRIDE
#error "MORPH_TARGETS needs MORPH_STRIDE (the engine sets both)"
#endif
// MORPH_STRIDE texels a vertex; a row holds whole vertices.
vec4 morphDelta(int vertex, int slot, int target) {
    int i = vertex * MORPH_STRIDE + slot;
    int width = textureSize(morphTargets, 0).x;
    return texelFetch(morphTargets, ivec3(i % width, i / width, target), 0);
}
#endif
