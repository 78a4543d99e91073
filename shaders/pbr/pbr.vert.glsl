// The PBR material's vertex shader. Injection points (docs/injection-points.md):
//   CUSTOM_VERTEX_DEFINITIONS       declarations at global scope
//   CUSTOM_VERTEX_MAIN_BEGIN        first statement of main
//   CUSTOM_VERTEX_UPDATE_POSITION   positionUpdated (object space, morphed and skinned) writable
//   CUSTOM_VERTEX_UPDATE_NORMAL     normalUpdated, tangentUpdated (object space) writable
//   CUSTOM_VERTEX_UPDATE_WORLDPOS   worldPos writable; finalWorld and positionUpdated visible
//   CUSTOM_VERTEX_MAIN_END          after gl_Position; varyings writable
//   hook OFFSET_POSITION_WORLD(inout vec3 positionW, in vec3 positionObject)
#include<scene_uniforms>
#include<draw_uniforms>
#include<pbr_material_uniforms>
#include<skinning>

in vec3 position;
#ifdef HAS_NORMALS
in vec3 normal;
#endif
#ifdef HAS_TANGENTS
in vec4 tangent;
#endif
#ifdef HAS_UV0
in vec2 uv;
#endif
#ifdef HAS_UV1
in vec2 uv2;
#endif
#ifdef HAS_COLORS
in vec4 color;
#endif
// TEXCOORD_2 … TEXCOORD_7 where the geometry has them (HAS_UV2 …, attrib::kMaxUvSets).
#ifdef HAS_UV2
in vec2 texcoord2;
out vec2 vUv2;
#endif
#ifdef HAS_UV3
in vec2 texcoord3;
out vec2 vUv3;
#endif
#ifdef HAS_UV4
in vec2 texcoord4;
out vec2 vUv4;
#endif
#ifdef HAS_UV5
in vec2 texcoord5;
out vec2 vUv5;
#endif
#ifdef HAS_UV6
in vec2 texcoord6;
out vec2 vUv6;
#endif
#ifdef HAS_UV7
in vec2 texcoord7;
out vec2 vUv7;
#endif
#ifdef INSTANCES
in mat4 instanceWorld;
#endif

out vec3 vPositionW;
out vec3 vNormalW;
out vec4 vTangentW;
out vec2 vUv0;
out vec2 vUv1;
out vec4 vColor;
out float vViewDepth;

#define CUSTOM_VERTEX_DEFINITIONS

#hook OFFSET_POSITION_WORLD(inout vec3 positionW, in vec3 positionObject)

void main() {
    vec3 positionUpdated = position;
#ifdef HAS_NORMALS
    vec3 normalUpdated = normal;
#else
    vec3 normalUpdated = vec3(0.0, 1.0, 0.0);
#endif
#ifdef HAS_TANGENTS
    vec4 tangentUpdated = tangent;
#else
    vec4 tangentUpdated = vec4(1.0, 0.0, 0.0, 1.0);
#endif
#ifdef HAS_UV0
    vec2 uvUpdated = uv;
#else
    vec2 uvUpdated = vec2(0.0);
#endif
    vec2 uv1Morph = vec2(0.0);
    vec4 colorMorph = vec4(0.0);
#ifdef MORPH_TARGETS
    {
        int activeTargets = int(texelFetch(morphWeights, ivec2(0, 0), 0).x + 0.5);
        for (int i = 0; i < activeTargets; ++i) {
            vec4 activeTarget = texelFetch(morphWeights, ivec2(i + 1, 0), 0);
            int target = int(activeTarget.x + 0.5);
            float weight = activeTarget.y;
#ifdef MORPH_POSITION
            positionUpdated += weight * morphDelta(gl_VertexID, MORPH_POSITION, target).xyz;
#endif
#ifdef MORPH_NORMAL
            normalUpdated += weight * morphDelta(gl_VertexID, MORPH_NORMAL, target).xyz;
#endif
#ifdef MORPH_TANGENT
            tangentUpdated.xyz += weight * morphDelta(gl_VertexID, MORPH_TANGENT, target).xyz;
#endif
#ifdef MORPH_UV
            vec4 uvDelta = weight * morphDelta(gl_VertexID, MORPH_UV, target);
            uvUpdated += uvDelta.xy;
            uv1Morph += uvDelta.zw;
#endif
#ifdef MORPH_COLOR
            colorMorph += weight * morphDelta(gl_VertexID, MORPH_COLOR, target);
#endif
        }
    }
#endif
#ifdef SKINNING
    {
        mat4 skin = skinMatrix();
        positionUpdated = (skin * vec4(positionUpdated, 1.0)).xyz;
        // Joint transforms are rotations and uniform scales in practice; the normal is
        // renormalised after the world transform.
        normalUpdated = mat3(skin) * normalUpdated;
        tangentUpdated.xyz = mat3(skin) * tangentUpdated.xyz;
    }
#endif
#define CUSTOM_VERTEX_MAIN_BEGIN

#define CUSTOM_VERTEX_UPDATE_POSITION

#define CUSTOM_VERTEX_UPDATE_NORMAL

    mat4 finalWorld = world;
    mat3 normalMatrix = mat3(normalWorld);
#ifdef INSTANCES
    finalWorld = world * instanceWorld;
    // Instances may scale unevenly (glTF instancing is translation, rotation and scale):
    // normals take the inverse transpose, here the cofactor matrix (the same up to a factor,
    // renormalised below), its sign kept when the instance mirrors. A block, so that no name
    // here meets one a plugin declares in main.
    {
        mat3 m = mat3(instanceWorld);
        mat3 cofactor = mat3(cross(m[1], m[2]), cross(m[2], m[0]), cross(m[0], m[1]));
        normalMatrix = normalMatrix * (dot(m[0], cofactor[0]) < 0.0 ? -cofactor : cofactor);
    }
#endif
    vec4 worldPos = finalWorld * vec4(positionUpdated, 1.0);
#define CUSTOM_VERTEX_UPDATE_WORLDPOS
    OFFSET_POSITION_WORLD(worldPos.xyz, positionUpdated);

    vPositionW = worldPos.xyz;
    vNormalW = normalize(normalMatrix * normalUpdated);
    vTangentW = vec4(normalize(mat3(finalWorld) * tangentUpdated.xyz), tangentUpdated.w);
    vUv0 = uvUpdated;
#ifdef HAS_UV1
    vUv1 = uv2 + uv1Morph;
#else
    vUv1 = vec2(0.0);
#endif
#ifdef HAS_UV2
    vUv2 = texcoord2;
#endif
#ifdef HAS_UV3
    vUv3 = texcoord3;
#endif
#ifdef HAS_UV4
    vUv4 = texcoord4;
#endif
#ifdef HAS_UV5
    vUv5 = texcoord5;
#endif
#ifdef HAS_UV6
    vUv6 = texcoord6;
#endif
#ifdef HAS_UV7
    vUv7 = texcoord7;
#endif
#ifdef HAS_COLORS
    vColor = color + colorMorph;
#else
    vColor = vec4(1.0);
#endif
    vec4 viewPos = view * worldPos;
    vViewDepth = -viewPos.z;
    gl_Position = projection * viewPos;
#ifdef POINTS
    gl_PointSize = drawParams.w; // the material's size, clamped to the driver's range
#endif
#define CUSTOM_VERTEX_MAIN_END
}
