#pragma once
// Clustered forward shading, CPU side: the view frustum cut into a grid of clusters (screen
// tiles × exponential depth slices), and for each cluster the list of point and spot lights
// whose volume may reach it. Pure CPU: no GL here, so the binning unit-tests without a context.
//
// Grid. 32×18 tiles × 32 slices (18 432 clusters) by default: a fixed count rather than a
// fixed tile size, so the binning cost and the header table do not grow with the resolution
// (40×40 px tiles at 1280×720, 16:9 like the usual output). The exponential slices are a
// little thinner than the tiles are wide: a floor seen at a slant (the usual case) crosses
// many depths within one tile, and its fragments then visit the lights of a thinner band.
// Measured on light-stress (bench-lights --grid compares grids; llvmpipe, 1280×720): against
// the first 16×9×24 the frame at 64 / 256 / 1024 lights took about 86 / 193 / 628 ms instead
// of 102 / 261 / 925, for 0.5 ms (1 light) to 7 ms (1024) of binning instead of 0.1 to 3.7.
// 48 slices gained another 3 % there but doubled the entries (and the binning, 65 ms) of
// 1024 lights seen from above, where each light's sphere spans every slice.
//
// Slicing. Slices are exponential between `depthNear()` and `depthFar()`, which follow the
// depth range the lights occupy this frame, clamped to the camera's planes (and to
// ClusterSettings::farDepth when set). Correctness never depends on that range: slice 0's
// boxes reach back to the camera's near plane and the last slice's boxes reach out to the
// camera's far plane, and the shader clamps the slice index, so a fragment or a light beyond
// the sliced range lands in the first or last slice and is still lit (no flicker at the far
// end of the cluster range, the failure Filament users reported in #3141).
//
// Tests. A light goes into a cluster when its bounding sphere touches the cluster's
// view-space box; a spot light must also pass a cone test against the box's bounding sphere
// (so a narrow spot does not fill every cluster of its range sphere), and its bounding sphere
// is the tight sphere around its cone and cap, not the range sphere.
//
// Output. One texel stream for one RGBA32UI texture (see writeTexels()): a header texel per
// cluster (where its records start, light count, shadowed count, the union of its lights'
// masks), then each cluster's lights as records copied from the light data (the first two or
// three texels of render/LightPacking.h's layout). Copies rather than light indices: on a
// CPU rasteriser a texel fetch in the light loop is a gather per lane, and an index fetched
// only to address a second fetch cost about a fifth of the frame at 1024 lights; the copies
// are also read in order. The union applies light filtering per cluster: a draw whose mask
// shares no bit with it skips the cluster's list without fetching a light (the gallery's
// room-masked exhibits next to other rooms' lights). A list starts with the lights that have a
// shadow map, so the shader runs the shadow lookup in a loop of its own: CPU rasterisers
// execute a branch's body for every lane whether or not any lane takes it, and a shadow
// lookup (nine PCF taps) in the one loop would cost every light as much as a shadowed one.
// Lights are binned in the order given (shadowed ones first), so callers pass the most
// important first: when a cluster is full (maxLightsPerCluster) or the index budget is
// spent, the least important lights are the ones left out (counted in stats()).
#include <cstdint>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "scene/Bounds.h"

namespace th {

struct ClusterSettings {
    int tilesX = 32;
    int tilesY = 18;
    int slices = 32;
    /// A cluster keeps at most this many lights (the most important ones).
    int maxLightsPerCluster = 512;
    /// Budget of light-cluster pairs over all clusters (memory and upload per frame: a pair
    /// is a record of two or three texels; the renderer lowers it to what the context's
    /// largest texture holds).
    int maxIndices = 1 << 20;
    /// Where the slicing starts: lights nearer than this share slice 0 (metres).
    float minSliceNear = 1.0f;
    /// When > 0, the slicing ends here even if the camera and the lights reach further;
    /// the last slice then covers the rest out to the camera's far plane.
    float farDepth = 0.0f;
    /// Spot lights are tested against their cone (false: against their bounding sphere only;
    /// kept to measure what the cone test saves).
    bool coneTest = true;
    /// Keep the last lists when neither the lights nor the view changed (a hash of the
    /// inputs; see build()). Off: rebin every frame (to measure what the skip saves).
    bool reuseUnchanged = true;
};

/// A point or spot light as the binning sees it, in view space (right-handed, −Z forward).
struct ClusterLight {
    glm::vec3 position{0.0f};
    float range = 0.0f;                ///< 0 = unlimited
    glm::vec3 direction{0.0f, 0.0f, -1.0f}; ///< spot axis (unit)
    float outerConeAngle = 3.14159265f; ///< radians from the axis; ≥ π/2 tests as a point light
    bool spot = false;
    bool shadowed = false;             ///< has a shadow map: listed first, shaded in the shadow loop
    uint32_t index = 0;                ///< what the cluster lists hold (the light's slot in the light data)
    uint32_t mask = 0xFFFFFFFFu;       ///< Light::mask: which meshes and materials it may light
};

/// What the cluster texture holds for each listed light (LightClusters::writeTexels): the
/// first texels of its record in the light data.
struct ClusterRecords {
    std::span<const uint32_t> words; ///< light index i's record at [i · wordsPerLight, (i + 1) · wordsPerLight)
    int wordsPerLight = 16;
    int shadowedTexels = 3; ///< texels copied for a light of a cluster's shadowed group
    int otherTexels = 2;    ///< texels copied for every other light
};

/// The view the clusters are built for: a perspective projection (GL clip space, w = −z).
struct ClusterView {
    glm::mat4 projection{1.0f};
    float nearPlane = 0.1f;
    float farPlane = 1000.0f;
};

class LightClusters {
public:
    /// Texels per row of the cluster texture (RGBA32UI), the most OpenGL ES 3.0 promises;
    /// shaders/pbr/lights.glsl addresses it with kClusterRowShift = 11.
    static constexpr int kTextureWidth = 2048;

    explicit LightClusters(ClusterSettings settings = {});
    /// `settings` with the pair budget lowered to what one cluster texture of the context's
    /// largest size holds (three texels a pair at most, after the headers), with one line
    /// saying so. Throws th::Error when not even the grid's headers fit.
    static ClusterSettings fitTexture(ClusterSettings settings, int maxTextureSize);

    /// Bins `lights` (most important first) for `view`. When neither the lights nor the view
    /// changed since the last build, the previous result is kept (returns false). The lists
    /// depend on the view, so this is the only saving "static lights" can offer a clustered
    /// renderer; a moving camera rebins everything anyway.
    bool build(std::span<const ClusterLight> lights, const ClusterView& view);

    const ClusterSettings& settings() const { return mSettings; }
    int clusterCount() const { return mSettings.tilesX * mSettings.tilesY * mSettings.slices; }
    int clusterIndex(int tileX, int tileY, int slice) const {
        return (slice * mSettings.tilesY + tileY) * mSettings.tilesX + tileX;
    }
    /// The slice of a view depth (positive distance along the view axis), clamped: the same
    /// formula as the shader's.
    int sliceForDepth(float viewDepth) const;
    /// The tile column/row of a point in normalised device coordinates ([−1, 1]), clamped.
    glm::ivec2 tileForNdc(glm::vec2 ndc) const;
    /// The cluster a view-space point falls in (what the shader computes for a fragment there).
    int clusterForViewPosition(const glm::vec3& viewPosition) const;
    /// The view-space box of a cluster.
    const Bounds& clusterBounds(int cluster) const { return mBounds[size_t(cluster)]; }
    /// Depth range of the exponential slicing (see the header comment).
    float depthNear() const { return mDepthNear; }
    float depthFar() const { return mDepthFar; }
    /// Shader parameters: log(depth) · sliceScale + sliceBias = slice.
    float sliceScale() const { return mSliceScale; }
    float sliceBias() const { return mSliceBias; }

    /// The light indices of one cluster: shadowed lights first, each group most important first.
    std::span<const uint32_t> lights(int cluster) const;
    /// How many of lights(cluster) come first as shadowed lights.
    uint32_t shadowedCount(int cluster) const { return mShadowedCounts[size_t(cluster)]; }
    /// The union of the masks of the lights listed in a cluster (0 when it lists none).
    uint32_t lightMask(int cluster) const { return mMasks[size_t(cluster)]; }
    /// Writes texels() for the lists of the last build, with each listed light's record
    /// copied from `records`. Called after build(), and again when the records change without
    /// a rebuild (a light's colour).
    void writeTexels(const ClusterRecords& records);
    /// RGBA32UI texels, row-major with kTextureWidth per row: clusterCount() headers
    /// (x: first texel of the cluster's records, y: light count, z: shadowed lights among
    /// them, w: the union of their masks), then each cluster's records in list order (the
    /// shadowed group's ClusterRecords::shadowedTexels each, the others' otherTexels), then
    /// zeros to the end of the row. Empty until writeTexels().
    const std::vector<uint32_t>& texels() const { return mTexels; }
    /// Rows of the texture the texels fill.
    int textureRows() const { return int((mTexels.size() / 4 + kTextureWidth - 1) / kTextureWidth); }

    struct Stats {
        int lights = 0;            ///< lights given
        int lightsBinned = 0;      ///< lights in at least one cluster
        size_t entries = 0;        ///< light indices stored over all clusters
        size_t droppedEntries = 0; ///< left out by the per-cluster cap or the index budget
        int maxPerCluster = 0;
        int occupiedClusters = 0;  ///< clusters with at least one light
        size_t testsRun = 0;       ///< cluster-light tests after the coarse range
        double buildMs = 0;        ///< CPU time of the last build (of the input check alone when skipped)
        bool skipped = false;      ///< the last build found nothing changed
    };
    const Stats& stats() const { return mStats; }

private:
    void computeGeometry(const ClusterView& view, std::span<const ClusterLight> lights);

    ClusterSettings mSettings;
    ClusterView mView;
    float mDepthNear = 1.0f, mDepthFar = 100.0f;
    float mSliceScale = 1.0f, mSliceBias = 0.0f;
    std::vector<Bounds> mBounds;           ///< per cluster, view space
    std::vector<glm::vec4> mBoundSpheres;  ///< per cluster: centre, radius
    std::vector<float> mSliceNear, mSliceFar; ///< each slice's view depths (the first and last open to the camera's planes)
    std::vector<glm::vec3> mPlanesX;       ///< tile column boundaries (tilesX + 1), through the eye
    std::vector<glm::vec3> mPlanesY;       ///< tile row boundaries (tilesY + 1)
    std::vector<uint32_t> mCounts;         ///< per cluster
    std::vector<uint32_t> mShadowedCounts; ///< per cluster
    std::vector<uint32_t> mMasks;          ///< per cluster: union of its lights' masks
    std::vector<uint32_t> mListStart;      ///< per cluster: first entry in mEntries
    std::vector<uint32_t> mEntries;        ///< all lists, back to back
    std::vector<uint64_t> mPairs;          ///< scratch: (cluster << 32) | light index
    std::vector<uint32_t> mTexels;
    uint64_t mInputHash = 0;
    bool mBuilt = false; ///< a build ran (mInputHash holds its inputs)
    Stats mStats;
};

} // namespace th
