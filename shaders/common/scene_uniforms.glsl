// Per-view data, uniform block Scene at binding 0 (material/EngineInterface.h). C++ mirror:
// SceneUniforms in render/SceneUniforms.h, same order. Shadow views bind the light's matrices.
layout(std140) uniform Scene {
    mat4 view;
    mat4 projection;
    mat4 viewProjection;
    mat4 inverseViewProjection;
    vec4 cameraPosition;     // xyz; w = wrapped shader time in seconds, [0, 300)
    vec4 viewportSize;       // width, height, 1/width, 1/height (pixels)
    vec4 sunDirection;       // xyz: direction the light travels (unit); w: 1 when the sun is on
    vec4 sunColor;           // rgb × illuminance (lux)
    vec4 hemiSkyColor;       // rgb × intensity, from above; w: 1 when on
    vec4 hemiGroundColor;    // rgb × intensity, from below
    vec4 iblParams;          // x: intensity, y: specular mip count, z: 1 when IBL is on, w: unused
    vec4 shIrradiance[9];    // irradiance as 9 SH coefficients (rgb), cosine lobe folded in
    vec4 fogColor;           // rgb; w: density (1/m)
    vec4 fogParams;          // x: height falloff (1/m), y: base height, z: start distance, w: 1 when on
    vec4 exposureParams;     // x: exposure scale, y: tone mapper (0 none, 1 ACES, 2 PBR Neutral, 3 AgX, 4 AgX punchy)
    mat4 cascadeMatrices[4]; // world -> shadow texture space [0,1]^3 per cascade
    vec4 cascadeSplits;      // view-space far distance of each cascade
    vec4 cascadeTexelSizes;  // world size of one shadow texel in each cascade (m)
    vec4 shadowParams;       // x: cascade count (0 = off), y: 1/map size, z: normal bias (texels), w: spot map 1/size
    vec4 lightingParams;     // x: packed light count, y: local shadow layers (spot and point), z: directional lights (packed first), w: texels of an unshadowed light record in the clusters (2, 3 where lights have masks)
    vec4 clusterGrid;        // light clusters: x tiles across, y tiles down, z depth slices, w cluster texture width (2048)
    vec4 clusterParams;      // x, y: tiles per pixel across and down; z, w: slice = log(view depth) · z + w
    vec4 shadowFilterParams; // x: cascade blend band (fraction of a cascade's range), y: Poisson radius (texels), z, w: unused
};

// From a surface point towards the viewer. An orthographic camera's rays are parallel: every
// point sees it along the camera's backward axis (the view matrix's third row), not towards
// the camera's position, which may sit right in front of the surface. projection[2][3] is -1
// for a perspective projection and 0 for an orthographic one.
vec3 surfaceToViewer(vec3 positionW) {
    if (projection[2][3] == 0.0) return normalize(vec3(view[0][2], view[1][2], view[2][2]));
    return normalize(cameraPosition.xyz - positionW);
}
