// The depth pre-pass's depth for the ambient-occlusion passes (render/AmbientOcclusion.h):
// positions and distances in view space (the camera at the origin looking down −z), from the
// hardware depth and the inverse projection, for perspective and orthographic cameras alike.
uniform highp sampler2D sceneDepth;
uniform highp mat4 aoInverseProjection;
uniform highp vec4 aoDepthTexel; // full resolution: width, height, 1/width, 1/height

highp float depthAt(ivec2 pixel) {
    return texelFetch(sceneDepth, clamp(pixel, ivec2(0), ivec2(aoDepthTexel.xy) - 1), 0).r;
}

// The view-space position seen at the centre of full-resolution `pixel` with depth `d`.
highp vec3 viewPositionFrom(vec2 pixel, highp float d) {
    highp vec4 ndc = vec4((pixel + 0.5) * aoDepthTexel.zw * 2.0 - 1.0, d * 2.0 - 1.0, 1.0);
    highp vec4 p = aoInverseProjection * ndc;
    return p.xyz / p.w;
}

highp vec3 viewPositionAt(ivec2 pixel) { return viewPositionFrom(vec2(pixel), depthAt(pixel)); }

// Distance along the view axis (positive in front of the camera) for depth `d`; x and y do
// not change it for the projections cameras make.
highp float viewDistanceFrom(highp float d) {
    highp float z = d * 2.0 - 1.0;
    return -(aoInverseProjection[2].z * z + aoInverseProjection[3].z) / (aoInverseProjection[2].w * z + aoInverseProjection[3].w);
}

// The depth buffer's clear value: nothing drawn there (sky), so nothing to occlude.
bool isBackground(highp float d) { return d >= 1.0; }
