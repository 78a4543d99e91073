#pragma once
// The engine's interface to its shaders, stated once (the role Filament's bridge header
// plays): the uniform blocks and their binding points, the samplers the engine binds itself
// and the order of their texture units, the defines the engine sets, the pass defines, and
// the vertex attribute locations with the budget they leave for plugins. The effect cache,
// the renderer, the screen effects and the material's plugin declarations read these;
// tests/unit/EngineInterfaceTest compares them with the GLSL in shaders/, so the two sides
// cannot drift apart. Constants only: nothing here touches GL.
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "material/DrawInfo.h"

namespace th {

// --- uniform blocks -------------------------------------------------------------------------

/// A uniform block the engine binds. GLSL ES 3.00 has no binding layout, so blocks are bound
/// by name after linking; the include that declares a block states its binding in a comment
/// ("uniform block Draw at binding 1"), which the interface test checks against this table.
struct EngineBlock {
    std::string_view name;
    unsigned binding;
    std::string_view include; ///< the shader-store file that declares it; empty when generated
};

namespace uniform_block {
inline constexpr EngineBlock kScene{"Scene", 0, "common/scene_uniforms.glsl"}; ///< per view (render/SceneUniforms.h)
inline constexpr EngineBlock kDraw{"Draw", 1, "common/draw_uniforms.glsl"};    ///< per draw (render/SceneUniforms.h)
inline constexpr EngineBlock kMaterial{"Material", 2, "pbr/pbr_material_uniforms.glsl"}; ///< per material
/// Per material, laid out from its plugins' uniforms (Material::ensureInterface writes it).
inline constexpr EngineBlock kPlugins{"Plugins", 3, ""};
inline constexpr std::array<EngineBlock, 4> kAll = {kScene, kDraw, kMaterial, kPlugins};
} // namespace uniform_block

// --- samplers -------------------------------------------------------------------------------

/// A sampler the engine binds itself (the renderer picks the texture by name).
struct EngineSampler {
    std::string_view name;
    std::string_view glslType; ///< as declared in the shader store
    std::string_view label;    ///< who it is in budget reports: "engine (<label>)"
};

namespace engine_sampler {
inline constexpr EngineSampler kIblSpecular{"iblSpecular", "samplerCube", "IBL specular"};
inline constexpr EngineSampler kBrdfLut{"brdfLut", "sampler2D", "BRDF table"};
inline constexpr EngineSampler kShadowCascades{"shadowCascades", "sampler2DArrayShadow", "sun shadow cascades"};
inline constexpr EngineSampler kSpotShadows{"spotShadows", "sampler2DArrayShadow", "spot shadow maps"};
inline constexpr EngineSampler kSpotShadowMatrices{"spotShadowMatrices", "sampler2D", "spot shadow matrices"};
inline constexpr EngineSampler kLightData{"lightData", "usampler2D", "light data"};
inline constexpr EngineSampler kEnvironmentCube{"environmentCube", "samplerCube", "environment"};
inline constexpr EngineSampler kLightClusters{"lightClusters", "usampler2D", "light clusters"};
/// The frame's screen-space ambient occlusion (render/AmbientOcclusion.h), declared only under
/// SCREEN_AO: a frame without AO spends no texture unit on it.
inline constexpr EngineSampler kScreenAo{"screenAo", "sampler2D", "ambient occlusion"};
/// Per mesh, not per frame: its deformation's textures (scene/MeshDeformation.h), bound by the
/// draw executor from the item's mesh; EngineTextures leaves them empty.
inline constexpr EngineSampler kJointMatrices{"jointMatrices", "sampler2D", "joint matrices"};
inline constexpr EngineSampler kMorphTargets{"morphTargets", "sampler2DArray", "morph targets"};
inline constexpr EngineSampler kMorphWeights{"morphWeights", "sampler2D", "active morph targets"};
/// Texture units go to the engine's samplers first, in this order (those a program declares;
/// EffectCache::link), then to the material's and plugins' in the order the program reports
/// them. A fixed order keeps the engine's bindings from moving between draws.
inline constexpr std::array<EngineSampler, 12> kAll = {
    kIblSpecular,        kBrdfLut,   kShadowCascades,  kSpotShadows,   kSpotShadowMatrices, kLightData,
    kEnvironmentCube,    kLightClusters, kJointMatrices, kMorphTargets, kMorphWeights, kScreenAo};
/// The position of `s` in kAll.
constexpr size_t indexOf(const EngineSampler& s) {
    for (size_t i = 0; i < kAll.size(); ++i)
        if (kAll[i].name == s.name) return i;
    return kAll.size();
}
/// Screen effects (tone mapping, the background, the environment bakes) bind their inputs
/// from this unit up.
inline constexpr int kFirstScreenEffectUnit = 0;
} // namespace engine_sampler

// --- defines --------------------------------------------------------------------------------

/// What lights the frame. The main pass's shaders leave out each kind that is off: a CPU
/// rasteriser (llvmpipe) runs the body of a branch on a uniform for every lane even when no
/// lane takes it, and a loop's body at least once even when it runs no iteration, which cost
/// a third of a one-light frame, and more than half of a frame whose lights cast no shadow.
/// Everything is on by default, as a shader built without a frame must assume. A change (the
/// sun setting, fog turned on) selects other programs, compiled like any new variant.
struct FrameLighting {
    bool sun = true;          ///< the sky's sun
    bool sunShadow = true;    ///< the sun's cascaded shadow maps
    bool hemisphere = true;   ///< a hemispheric light or the night fill
    bool imageBased = true;   ///< an environment's diffuse and specular light
    bool fog = true;
    bool directional = true;  ///< directional lights besides the sun
    bool local = true;        ///< point or spot lights (reached through the light clusters)
    bool localShadows = true; ///< point or spot lights that may have a shadow map
    bool lightMasks = true;   ///< a light reaches only some meshes (Light::mask is not every bit)
    uint32_t bits() const {
        return (sun ? 1u : 0u) | (hemisphere ? 2u : 0u) | (imageBased ? 4u : 0u) | (fog ? 8u : 0u) | (directional ? 16u : 0u) |
               (local ? 32u : 0u) | (localShadows ? 64u : 0u) | (lightMasks ? 128u : 0u) | (sunShadow ? 256u : 0u);
    }
};

/// The frame's side of the engine defines: its target, its effects and its light, as they
/// apply to one material (Renderer::effectRequest fills it).
struct FrameDefines {
    bool toneMapInShader = false; ///< the frame cannot be rendered in floats
    int toneMapMode = 0;          ///< with toneMapInShader: the frame's tone mapper (render/PostProcess.h's toneMappingMode)
    bool alphaToCoverage = false; ///< the frame is multisampled and the material alpha-tested
    /// With alphaToCoverage: the frame's samples per pixel when the context lets a fragment
    /// write gl_SampleMask (ContextInfo::sampleVariables); 0 otherwise.
    int sampleMask = 0;
    bool screenAo = false;        ///< the frame has screen-space AO and the material is not blended
    int debugView = 0;            ///< render/DebugView.h's number; 0: none
    bool softShadows = false;     ///< shadows are filtered with the rotated Poisson disc (high tier)
    FrameLighting lighting{};
};

/// What an engine define is set from: the frame's side and one draw's facts.
struct EngineDefineInputs : FrameDefines {
    const DrawInfo& draw;
};

/// A define the engine sets (never a material's or a plugin's), with the test that sets it.
/// This one list both declares the defines (the lint accepts gates on them) and sets them
/// (makeEffectRequest).
struct EngineDefine {
    std::string_view name;
    bool (*isSet)(const EngineDefineInputs&);
    /// The value a set define carries (none: defined empty).
    int (*value)(const EngineDefineInputs&) = nullptr;
};

namespace engine_define {
inline constexpr std::string_view kInstances = "INSTANCES";
inline constexpr std::string_view kHasNormals = "HAS_NORMALS";
inline constexpr std::string_view kHasTangents = "HAS_TANGENTS";
inline constexpr std::string_view kHasUv0 = "HAS_UV0";
inline constexpr std::string_view kHasUv1 = "HAS_UV1";
inline constexpr std::string_view kHasColors = "HAS_COLORS";
inline constexpr std::string_view kToneMapInShader = "TONEMAP_IN_SHADER";
/// Carries a value: the tone mapper compiled into a main pass that tone-maps in the shader
/// (common/tonemap.glsl's applyTonemap), so a CPU rasteriser runs one curve and not all five.
inline constexpr std::string_view kToneMapMode = "TONEMAP_MODE";
inline constexpr std::string_view kAlphaToCoverage = "ALPHA_TO_COVERAGE";
/// Carries a value: the frame's samples per pixel, where an alpha-tested material's fragment
/// may write gl_SampleMask (a snippet that does enables GL_OES_sample_variables; the migration
/// names GLSL 3.30's equivalent). The dither plugin's cross-fade splits samples with it.
inline constexpr std::string_view kSampleMask = "SAMPLE_MASK";
inline constexpr std::string_view kScreenAo = "SCREEN_AO";
/// Shadow maps filtered with the rotated Poisson disc instead of 3×3 PCF (ShadowFilter).
inline constexpr std::string_view kShadowSoft = "SHADOW_SOFT";
/// Set in the main pass when the frame has none of that light (FrameLighting).
inline constexpr std::string_view kNoSun = "FRAME_NO_SUN";
inline constexpr std::string_view kNoSunShadow = "FRAME_NO_SUN_SHADOW";
inline constexpr std::string_view kNoHemisphere = "FRAME_NO_HEMISPHERE";
inline constexpr std::string_view kNoImageBased = "FRAME_NO_IBL";
inline constexpr std::string_view kNoFog = "FRAME_NO_FOG";
inline constexpr std::string_view kNoDirectional = "FRAME_NO_DIRECTIONAL_LIGHTS";
inline constexpr std::string_view kNoLocal = "FRAME_NO_LOCAL_LIGHTS";
inline constexpr std::string_view kNoLocalShadows = "FRAME_NO_LOCAL_SHADOWS";
inline constexpr std::string_view kNoLightMasks = "FRAME_NO_LIGHT_MASKS";
/// Carries a value: the debug view's number (render/DebugView.h), written by makeEffectRequest.
inline constexpr std::string_view kDebugView = "DEBUG_VIEW";
inline constexpr std::string_view kSkinning = "SKINNING";
inline constexpr std::string_view kSkinning8 = "SKINNING_8";
inline constexpr std::string_view kMorphTargets = "MORPH_TARGETS";
/// TEXCOORD_2 … TEXCOORD_7 present on the geometry (attributes texcoord2 … texcoord7).
inline constexpr std::array<std::string_view, 6> kHasUvSet = {"HAS_UV2", "HAS_UV3", "HAS_UV4", "HAS_UV5", "HAS_UV6", "HAS_UV7"};
/// The draw is a POINTS primitive: the vertex shader writes gl_PointSize (drawParams.w).
inline constexpr std::string_view kPoints = "POINTS";
/// The morph defines below carry values (makeEffectRequest writes them after the table sets
/// them): the texels per vertex, and each displaced attribute's slot in those texels, in
/// MorphTargetTexture's order.
inline constexpr std::string_view kMorphStride = "MORPH_STRIDE";
inline constexpr std::string_view kMorphPosition = "MORPH_POSITION";
inline constexpr std::string_view kMorphNormal = "MORPH_NORMAL";
inline constexpr std::string_view kMorphTangent = "MORPH_TANGENT";
inline constexpr std::string_view kMorphUv = "MORPH_UV";
inline constexpr std::string_view kMorphColor = "MORPH_COLOR";

/// Whether a draw is morphed, and whether its targets displace any of `bits` (MorphAttribute).
constexpr bool morphs(const DrawInfo& d) { return d.morphAttributes != 0 && d.morphTexelsPerVertex > 0; }
constexpr bool morphs(const DrawInfo& d, uint32_t bits) { return morphs(d) && (d.morphAttributes & bits) != 0; }

inline constexpr std::array<EngineDefine, 38> kEngine = {{
    {kInstances, [](const EngineDefineInputs& in) { return in.draw.instanced; }},
    {kHasNormals, [](const EngineDefineInputs& in) { return in.draw.hasNormals; }},
    {kHasTangents, [](const EngineDefineInputs& in) { return in.draw.hasTangents; }},
    {kHasUv0, [](const EngineDefineInputs& in) { return in.draw.hasUv0; }},
    {kHasUv1, [](const EngineDefineInputs& in) { return in.draw.hasUv1; }},
    {kHasColors, [](const EngineDefineInputs& in) { return in.draw.hasColors; }},
    {kToneMapInShader, [](const EngineDefineInputs& in) { return in.toneMapInShader; }},
    {kToneMapMode, [](const EngineDefineInputs& in) { return in.toneMapInShader && in.draw.pass == RenderPass::Main; },
     [](const EngineDefineInputs& in) { return in.toneMapMode; }},
    {kSkinning, [](const EngineDefineInputs& in) { return in.draw.skinInfluences > 0; }},
    {kSkinning8, [](const EngineDefineInputs& in) { return in.draw.skinInfluences > 4; }},
    {kMorphTargets, [](const EngineDefineInputs& in) { return morphs(in.draw); }},
    {kMorphStride, [](const EngineDefineInputs& in) { return morphs(in.draw); }},
    {kMorphPosition, [](const EngineDefineInputs& in) { return morphs(in.draw, 1u << 0); }},
    {kMorphNormal, [](const EngineDefineInputs& in) { return morphs(in.draw, 1u << 1); }},
    {kMorphTangent, [](const EngineDefineInputs& in) { return morphs(in.draw, 1u << 2); }},
    {kMorphUv, [](const EngineDefineInputs& in) { return morphs(in.draw, (1u << 3) | (1u << 4)); }},
    {kMorphColor, [](const EngineDefineInputs& in) { return morphs(in.draw, 1u << 5); }},
    {kPoints, [](const EngineDefineInputs& in) { return in.draw.topology == PrimitiveTopology::Points; }},
    {kHasUvSet[0], [](const EngineDefineInputs& in) { return (in.draw.extraUvSets & 1u) != 0; }},
    {kHasUvSet[1], [](const EngineDefineInputs& in) { return (in.draw.extraUvSets & 2u) != 0; }},
    {kHasUvSet[2], [](const EngineDefineInputs& in) { return (in.draw.extraUvSets & 4u) != 0; }},
    {kHasUvSet[3], [](const EngineDefineInputs& in) { return (in.draw.extraUvSets & 8u) != 0; }},
    {kHasUvSet[4], [](const EngineDefineInputs& in) { return (in.draw.extraUvSets & 16u) != 0; }},
    {kHasUvSet[5], [](const EngineDefineInputs& in) { return (in.draw.extraUvSets & 32u) != 0; }},
    // Only the main pass: depth and shadow passes are single-sampled and keep the hard test.
    {kAlphaToCoverage, [](const EngineDefineInputs& in) { return in.alphaToCoverage && in.draw.pass == RenderPass::Main; }},
    {kSampleMask, [](const EngineDefineInputs& in) {
         return in.alphaToCoverage && in.sampleMask > 0 && in.draw.pass == RenderPass::Main;
     }, [](const EngineDefineInputs& in) { return in.sampleMask; }},
    // The AO texture holds the opaque depth's occlusion: only the main pass reads it.
    {kScreenAo, [](const EngineDefineInputs& in) { return in.screenAo && in.draw.pass == RenderPass::Main; }},
    {kDebugView, [](const EngineDefineInputs& in) { return in.debugView != 0 && in.draw.pass == RenderPass::Main; },
     [](const EngineDefineInputs& in) { return in.debugView; }},
    // Only the main pass reads shadow maps.
    {kShadowSoft, [](const EngineDefineInputs& in) { return in.softShadows && in.draw.pass == RenderPass::Main; }},
    // Depth and shadow passes do not light: only the main pass is specialised by the frame's light.
    {kNoSun, [](const EngineDefineInputs& in) { return !in.lighting.sun && in.draw.pass == RenderPass::Main; }},
    {kNoSunShadow, [](const EngineDefineInputs& in) { return !in.lighting.sunShadow && in.draw.pass == RenderPass::Main; }},
    {kNoHemisphere, [](const EngineDefineInputs& in) { return !in.lighting.hemisphere && in.draw.pass == RenderPass::Main; }},
    {kNoImageBased, [](const EngineDefineInputs& in) { return !in.lighting.imageBased && in.draw.pass == RenderPass::Main; }},
    {kNoFog, [](const EngineDefineInputs& in) { return !in.lighting.fog && in.draw.pass == RenderPass::Main; }},
    {kNoDirectional, [](const EngineDefineInputs& in) { return !in.lighting.directional && in.draw.pass == RenderPass::Main; }},
    {kNoLocal, [](const EngineDefineInputs& in) { return !in.lighting.local && in.draw.pass == RenderPass::Main; }},
    {kNoLocalShadows, [](const EngineDefineInputs& in) { return !in.lighting.localShadows && in.draw.pass == RenderPass::Main; }},
    {kNoLightMasks, [](const EngineDefineInputs& in) { return !in.lighting.lightMasks && in.draw.pass == RenderPass::Main; }},
}};

/// The define each pass compiles with, in kAllPasses order: exactly one is set per effect.
inline constexpr std::array<std::string_view, 3> kPass = {"PASS_MAIN", "PASS_DEPTH", "PASS_SHADOW"};
static_assert(kPass.size() == kAllPasses.size());
} // namespace engine_define

/// PASS_MAIN, PASS_DEPTH or PASS_SHADOW.
constexpr std::string_view passDefine(RenderPass pass) {
    for (size_t i = 0; i < kAllPasses.size(); ++i)
        if (kAllPasses[i] == pass) return engine_define::kPass[i];
    return engine_define::kPass[0];
}

// --- vertex attributes ----------------------------------------------------------------------

/// A vertex attribute engine shaders declare, bound by name before linking.
struct EngineAttribute {
    std::string_view name;     ///< as declared in pbr/pbr.vert.glsl
    std::string_view glslType; ///< "vec3", "mat4"...
    unsigned location;
    unsigned slots;          ///< locations it takes: 4 for a mat4
    std::string_view define; ///< the define that declares it; empty when always present
};

/// The attribute budget: engine attributes take the locations from 0 in this order; plugins'
/// per-instance attributes are allocated after them (Material::ensureInterface), up to the
/// limit every target guarantees. An engine attribute added here (joints and weights for
/// skinning) shrinks what is left for plugins, and the asserts below keep the sum in bounds.
namespace attrib {
constexpr unsigned kPosition = 0;
constexpr unsigned kNormal = 1;
constexpr unsigned kTangent = 2;
constexpr unsigned kUv0 = 3;
constexpr unsigned kUv1 = 4;
constexpr unsigned kColor = 5;
constexpr unsigned kInstanceMatrix = 6; ///< a mat4: locations 6, 7, 8, 9

inline constexpr std::array<EngineAttribute, 7> kEngine = {{
    {"position", "vec3", kPosition, 1, ""},
    {"normal", "vec3", kNormal, 1, engine_define::kHasNormals},
    {"tangent", "vec4", kTangent, 1, engine_define::kHasTangents},
    {"uv", "vec2", kUv0, 1, engine_define::kHasUv0},
    {"uv2", "vec2", kUv1, 1, engine_define::kHasUv1},
    {"color", "vec4", kColor, 1, engine_define::kHasColors},
    {"instanceWorld", "mat4", kInstanceMatrix, 4, engine_define::kInstances},
}};

/// WebGL2's (and GL ES 3.0's) guaranteed minimum of vertex attributes.
constexpr unsigned kMaxAttributes = 16;

/// The locations engine attributes take: each starts where the one before it ends.
constexpr unsigned engineSlots() {
    unsigned next = 0;
    for (const EngineAttribute& a : kEngine) {
        if (a.location != next) return ~0u;
        next += a.slots;
    }
    return next;
}
static_assert(engineSlots() != ~0u, "engine attribute locations must be consecutive from 0, in table order");

constexpr unsigned kFirstPluginAttribute = engineSlots();
static_assert(kFirstPluginAttribute <= kMaxAttributes, "engine attributes exceed the attribute limit");

/// The names engine shaders give these attributes, with their locations (a mat4 attribute
/// takes four consecutive locations from the one bound).
inline std::vector<std::pair<std::string, unsigned>> standardLocations() {
    std::vector<std::pair<std::string, unsigned>> out;
    for (const EngineAttribute& a : kEngine) out.emplace_back(std::string(a.name), a.location);
    return out;
}
/// Locations left for plugins' per-instance attributes.
constexpr unsigned kPluginBudget = kMaxAttributes - kFirstPluginAttribute;

/// Skinning attributes (joints0, weights0, joints1, weights1) take consecutive locations right
/// after the last attribute the draw uses: the standard ones when not instanced, else the
/// instance matrix and the material's `pluginAttributes` per-instance attributes. Nothing
/// collides; whether everything fits is the effect's attribute budget (EffectCache).
constexpr unsigned skinAttributeLocation(bool instanced, size_t pluginAttributes) {
    return instanced ? kFirstPluginAttribute + unsigned(pluginAttributes) : kInstanceMatrix;
}

/// UV sets beyond the two every mesh may have: TEXCOORD_2 … TEXCOORD_(kMaxUvSets - 1), as
/// attributes texcoord2 … in the vertex shader. The sets a geometry has (DrawInfo::extraUvSets,
/// bit k = TEXCOORD_(k + 2)) take the locations from skinAttributeLocation() on, in set order,
/// and skinning moves up past them; the attribute budget (EffectCache) names them.
constexpr int kMaxUvSets = 8;
constexpr unsigned extraUvCount(uint32_t extraUvSets) { return unsigned(std::popcount(extraUvSets & 0x3Fu)); }
inline std::string extraUvAttributeName(int set) { return "texcoord" + std::to_string(set); }
} // namespace attrib

} // namespace th
