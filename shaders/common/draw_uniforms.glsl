// Per-draw data, uniform block Draw at binding 1 (material/EngineInterface.h), a range of one
// buffer per frame. C++ mirror: DrawUniforms in render/SceneUniforms.h.
layout(std140) uniform Draw {
    mat4 world;
    mat4 normalWorld; // inverse transpose of world's upper 3×3, in a mat4 for std140
    vec4 drawParams;  // x, z: light mask, low and high 16 bits; y: 1 when receiving shadows; w: point size (px)
};

// The mesh's and material's combined light mask.
uint drawLightMask() { return uint(drawParams.x) | (uint(drawParams.z) << 16); }
