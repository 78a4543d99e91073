// Plain-uniform variant of the scene declarations (#include<__decl__exampleScene> without
// uniform blocks).
uniform mat4 world;
uniform mat4 viewProjection;
uniform vec3 cameraPosition;
