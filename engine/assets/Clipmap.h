#pragma once
// Terrain rings: a geometry clipmap over any height function (a function of world x, z that
// returns the height and its exact gradient), such as the hike's analytic field. CPU only
// (no GL): it produces one MeshData per ring, which the scene uploads when a ring changes.
//
// Layout: `rings` concentric square rings of `cells`×`cells` quads; ring L has spacing
// baseSpacing·2^L. Ring 0 is full; every other ring leaves a hole of cells/2 × cells/2 of its
// quads where the finer ring lies. Defaults: 7 rings of 128² at 1 … 64 m, 90 112 quads, the
// outer ring 8 192 m across, one draw call per ring.
//
// Snapping: ring L's minimum corner is a multiple of 2·spacing (origin() is even, in units of
// the ring's spacing), so vertices never swim as the camera moves, and the finer ring's
// footprint always covers whole quads of this ring, 31 to 33 quads in from its border.
//
// Heights: each ring samples the field on its half-lattice ((2·cells+1)² points: vertices,
// edge midpoints and cell centres). A vertex is lifted by the largest amount the field rises
// above the drawn chord at the midpoint of any of its six drawn edges (the "chord excess"),
// so the drawn surface is at or above the field at every half-lattice point and trees planted
// at field height never float over a coarse ring's sagging chord. Normals come from the exact
// gradient at each vertex.
//
// Seams: over its outer `blendCells` quads each ring (but the outermost) blends its height
// toward what the coarser ring draws at the same point (the coarser vertex, the chord of an
// edge, or the drawn diagonal at a cell centre), reaching it exactly at the border. The
// coarser ring stitches the quads around its hole with the finer ring's border midpoints
// (three triangles instead of two), so both rings share every seam edge with bit-identical
// vertices: no T-junction, no crack.
//
// Winding: counter-clockwise seen from above (+Y up, right-handed): quad (a, b, c, d) with
// a = (i, j), b = (i+1, j), c = (i, j+1), d = (i+1, j+1) (x with i, z with j) gives triangles
// (a, c, b) and (b, c, d); the drawn diagonal is b–c.
//
// Vertex data: an optional function gives each vertex a colour and a second UV set from its
// field point (position on the field, height sample). A terrain material reads its layer
// weights there (the terrain plugin's classifier packs six weights into colour rgba + uv1);
// without the function the rings carry positions and normals only.
//
// Threading: the first update builds rings on worker threads, so both functions must be
// safe to call concurrently (pure functions of their arguments are).
//
// Streaming: update(camera) moves only rings whose snapped origin changed. A moved ring keeps
// the samples it still covers (shifted by index) and evaluates the field only on the new
// strips; it and the next coarser ring (whose hole moved) are re-emitted. Nothing happens at
// rest.
#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include <glm/glm.hpp>

#include "assets/HeightSample.h"
#include "scene/MeshData.h"

namespace th {

/// Height and exact gradient at world (x, z).
using HeightFunction = std::function<HeightSample(float x, float z)>;

/// What a clipmap vertex carries besides position and normal.
struct ClipmapVertexData {
    glm::vec4 color{1.0f};
    glm::vec2 uv1{0.0f};
};
/// Vertex data for the field point `position` (x, field height, z) with its sample.
using ClipmapVertexFunction = std::function<ClipmapVertexData(const glm::vec3& position, const HeightSample& sample)>;

struct ClipmapSettings {
    int rings = 7;
    int cells = 128;          ///< quads per side, a multiple of 4
    float baseSpacing = 1.0f; ///< metres between vertices of ring 0, a power of two
    int blendCells = 16;      ///< outer band (quads) over which a ring blends into the next
    bool lift = true;         ///< chord-excess lift (see above)
    float liftDeadband = 0.001f;
};

struct ClipmapRing {
    int level = 0;
    float spacing = 1.0f;
    glm::ivec2 origin{0};   ///< minimum corner in units of `spacing` (even)
    glm::ivec2 hole{-1};    ///< the finer ring's footprint: its minimum corner in this ring's quads (−1 for ring 0)
    MeshData mesh;          ///< positions, normals, indices; colours + uv1 with a vertex function
    uint64_t version = 0;   ///< bumps at every re-emit
    int stitchVertices = 0; ///< vertices appended after the (cells+1)² grid for the hole's stitch
};

struct ClipmapUpdate {
    std::vector<int> moved;        ///< rings whose origin changed (all of them on the first call)
    std::vector<int> emitted;      ///< rings whose mesh was rebuilt
    uint64_t samplesEvaluated = 0; ///< height-field evaluations
    double sampleMs = 0, emitMs = 0;
};

class Clipmap {
public:
    /// Throws th::Error for settings it cannot build (cells not a multiple of 4, no rings...)
    /// or without a height function. `vertexData` may be empty (no colours, no uv1).
    Clipmap(HeightFunction height, ClipmapSettings settings = {}, ClipmapVertexFunction vertexData = {});

    /// Follows the camera (world XZ). The first call builds every ring.
    ClipmapUpdate update(glm::vec2 cameraXZ);

    int ringCount() const { return int(mRings.size()); }
    const ClipmapRing& ring(int level) const { return mRings[size_t(level)].ring; }
    const ClipmapSettings& settings() const { return mSettings; }
    /// The height function the rings sample.
    HeightSample sample(float x, float z) const { return mHeight(x, z); }

    /// Ring origin for a camera: the minimum corner, in units of `spacing`, snapped to an
    /// even index so the corner is a multiple of 2·spacing.
    static glm::ivec2 snapOrigin(glm::vec2 cameraXZ, float spacing, int cells);
    /// Side of the outermost ring (m).
    float extent() const;
    /// Quads drawn (holes excluded).
    uint64_t quadCount() const;

private:
    struct RingData {
        ClipmapRing ring;
        bool built = false;
        std::vector<float> lattice;                ///< (2n+1)² field heights on the half-lattice
        std::vector<glm::vec2> gradient;           ///< (n+1)² exact gradients at vertices
        std::vector<ClipmapVertexData> vertexData; ///< (n+1)² (empty without a vertex function)
        std::vector<float> drawn;                  ///< (n+1)² lifted heights (before seam blending)
    };
    uint64_t resample(RingData& r, glm::ivec2 origin);
    void computeLift(RingData& r);
    void emit(int level);
    float coarseDrawn(int level, int I, int J) const;
    glm::vec2 halfLatticePoint(const RingData& r, int I, int J) const;

    HeightFunction mHeight;
    ClipmapVertexFunction mVertexData;
    ClipmapSettings mSettings;
    std::vector<RingData> mRings;
};

} // namespace th
