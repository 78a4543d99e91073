// Uniform-block variant of the scene declarations (#include<__decl__exampleScene>).
layout(std140) uniform Scene {
    mat4 viewProjection;
    vec3 cameraPosition;
};
uniform mat4 world;
