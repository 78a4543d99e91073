#pragma once
// The terrain plugin's math on the CPU: the per-layer tables and the blend the fragment code
// does (terrain.frag.glsl; tests pin its constants to these), and what a terrain mesh needs
// per vertex: the surface classifier (slope, altitude, noise mottle → six layer weights) and
// the packing of those weights into the vertex colour and second UV set.
//
// Why colour + uv1: the PBR vertex shader already carries a vec4 colour and a vec2 uv1 to the
// fragment stage, and plugin attributes are per instance only, so six per-vertex weights ride
// there without a new vertex stream: colour rgba = grass, forest floor, rock, sand; uv1 =
// pebble, asphalt. A terrain material therefore must not multiply albedo by vertex colours
// (the fragment code stops the build with #error if it does). A generic per-vertex plugin
// attribute would be cleaner once a second plugin needs one; see TerrainPlugin.h.
#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "plugins/terrain/TerrainTextures.h"

namespace th::terrain {

using LayerWeights = std::array<float, kTerrainLayerCount>;

/// Multipliers of the material's own roughness and F0, per layer (grass, forest floor, rock,
/// sand, pebble, asphalt). They scale, never replace: a wet-ground scaling of the material
/// still acts on top.
inline constexpr LayerWeights kLayerRoughness = {1.0f, 1.0f, 0.85f, 0.95f, 0.9f, 0.9f};
inline constexpr LayerWeights kLayerF0 = {0.5f, 0.5f, 1.0f, 0.7f, 0.85f, 1.0f};

inline constexpr float kFadeStart = 80.0f;        ///< m: full texture detail and relief up to here
inline constexpr float kFadeEnd = 140.0f;         ///< m: flat layer colours and the analytic normal from here
inline constexpr float kHeightBlendDepth = 0.2f;  ///< how far below the top (weight + height) a layer still shows
inline constexpr float kRockParallaxDepth = 0.03f; ///< m of relief the rock parallax assumes
inline constexpr float kWeightEpsilon = 0.001f;   ///< layers at or below this weight are skipped (and never blended in)
inline constexpr float kHexSharpness = 8.0f;      ///< exponent on the hex tiling's barycentric weights
inline constexpr float kHexScale = 1.7320508f;    ///< lattice cells per texture repeat (× the skew)
inline constexpr int kMaxRoadSegments = 64;       ///< centreline table capacity (the shader's loop bound)
/// The RAH map's red channel is a roughness factor stored × 128.
inline constexpr float kRahRoughnessScale = 255.0f / 128.0f;

/// 1 up to kFadeStart, 0 from kFadeEnd, smooth between: how much texture detail and relief
/// a fragment at `distance` gets.
float detailStrength(float distance, float start = kFadeStart, float end = kFadeEnd);

/// Clamps negatives to 0 and scales to sum 1; all zero becomes pure grass (as the shader does).
LayerWeights normalizeWeights(LayerWeights w);

/// The per-pixel height blend: a layer present at the vertices (weight above kWeightEpsilon)
/// shows where its weight plus height comes within `depth` of the highest; `strength` (the
/// detail fade) mixes from the input weights (0) to the blended ones (1). Input weights must
/// sum to 1; the result does too.
LayerWeights heightBlend(const LayerWeights& weights, const LayerWeights& heights, float depth = kHeightBlendDepth,
                         float strength = 1.0f);

/// Σ table · weight: the roughness and F0 multipliers for a weight set.
float blendedRoughness(const LayerWeights& weights);
float blendedF0(const LayerWeights& weights);

/// The triplanar projection weights (x, y, z faces) for a normal: |n|⁴ normalised.
glm::vec3 triplanarWeights(const glm::vec3& normal);

/// Offset-limited parallax shift (in the units of `depth`) for a texel of height `height`
/// (0..1, 0.5 = the mean surface) seen along `viewInFace` (the unit eye direction's two
/// components in the face's axes). Never longer than depth/2 · |viewInFace|.
glm::vec2 parallaxOffset(float height, const glm::vec2& viewInFace, float depth = kRockParallaxDepth);

/// The hex tiling's lattice: for texture coordinates `uv` (in repeats), the three lattice
/// vertices around the point and their barycentric weights (sum 1).
struct HexCell {
    glm::vec3 barycentric;
    std::array<glm::vec2, 3> vertices;
};
HexCell hexCell(const glm::vec2& uv);

// --- per-vertex weights ---------------------------------------------------------------

/// Rules that turn a ground point into layer weights. Every transition is a smoothstep, so
/// weights vary continuously over a mesh; the result always sums to 1. Asphalt is never
/// classified: roads are painted per pixel from the centreline table.
struct SurfaceClassifier {
    uint32_t seed = 1;
    float seaLevel = 0.0f;
    /// Slope (rise over run, |∇h|) over which ground turns to rock.
    float rockSlopeLow = 0.55f;
    float rockSlopeHigh = 0.8f;
    /// Beach: sand up to sandTop above sea level, fading inland over coastFade metres.
    float sandTop = 4.0f;
    float coastFade = 5.0f;
    /// Below seaLevel − pebbleDepth the bed is pebbles (wet sand between).
    float pebbleDepth = 0.4f;
    /// Value noise wavelength (m) mottling grass with forest floor on gentle ground.
    float mottleWavelength = 34.0f;
    /// How much of the gentle ground the forest floor takes (0 none, 1 all).
    float forestShare = 0.4f;
};

/// Layer weights for a ground point at `position` (world metres) with slope |∇h|.
LayerWeights classifySurface(const glm::vec3& position, float slope, const SurfaceClassifier& rules = {});

/// |∇h| of a height field whose unit normal is `normal` (a vertical face counts as very steep).
float slopeOfNormal(const glm::vec3& normal);

/// The weights as the vertex shader receives them.
struct PackedWeights {
    glm::vec4 color; ///< grass, forest floor, rock, sand
    glm::vec2 uv1;   ///< pebble, asphalt
};
PackedWeights packWeights(const LayerWeights& weights);
LayerWeights unpackWeights(const glm::vec4& color, const glm::vec2& uv1);

/// Packs per-vertex weights into colours and uv1 (resizing them).
void packWeightsInto(const std::vector<LayerWeights>& weights, std::vector<glm::vec4>& colors, std::vector<glm::vec2>& uv1);
/// The weights of each vertex, slope from its normal. Throws th::Error naming `meshName`
/// when there is not one normal per position (slope comes from them).
std::vector<LayerWeights> classifyVertices(std::string_view meshName, std::span<const glm::vec3> positions,
                                           std::span<const glm::vec3> normals, const SurfaceClassifier& rules = {});
/// Throws th::Error naming the mesh when `weights` differs from its vertex count.
void checkWeightCount(std::string_view meshName, size_t weights, size_t vertices);

/// Writes per-vertex weights into a mesh's colours and uv1 (resizing them). Throws th::Error
/// when the count differs from the mesh's vertex count. `Mesh` is any type with MeshData's
/// fields (name, positions, normals, colors, uv1): a template, so the plugin needs nothing
/// from the scene layer.
template <class Mesh>
void setLayerWeights(Mesh& mesh, const std::vector<LayerWeights>& weights) {
    checkWeightCount(mesh.name, weights.size(), mesh.positions.size());
    packWeightsInto(weights, mesh.colors, mesh.uv1);
}
/// Classifies every vertex of a mesh with normals (slope from the normal) and stores the
/// weights. Throws th::Error when the mesh has no normals.
template <class Mesh>
void classifyMesh(Mesh& mesh, const SurfaceClassifier& rules = {}) {
    setLayerWeights(mesh, classifyVertices(mesh.name, mesh.positions, mesh.normals, rules));
}

} // namespace th::terrain
