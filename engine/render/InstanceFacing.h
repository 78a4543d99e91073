#pragma once
// Draws the instanced parts of a camera's passes with fewer triangles and instances, for the
// same pixels: instances outside the view are left out, and the rest are sorted by facing
// bin (render/FacingBins.h) and each bin drawn with only the triangles that can face the
// camera from it. On llvmpipe a triangle turned away costs about 40 % of a drawn one, and a
// closed mesh turns about half of them away: the forest-stress frame loses a sixth.
//
// A part qualifies when nothing can move its vertices or turn its faces behind the lists'
// back: no enabled plugin (plugins displace vertices), no skinning or morphing, triangles,
// back faces culled with counter-clockwise fronts (a mirroring draw flips them), and small
// enough geometry to keep on the CPU (Geometry::cpuPositions). An instance that mirrors draws
// every triangle. Only perspective views are binned (an orthographic one is only culled).
//
// GL side: the lists of one geometry share one index buffer (grown as bins are first used);
// a mesh's instances are sorted by bin into one buffer, and each bin is drawn through its
// own vertex array pointing at its range (WebGL2-class GL has no base instance).
#include <cstdint>
#include <algorithm>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include <glm/glm.hpp>

#include "gl/Buffer.h"
#include "gl/VertexArray.h"
#include "render/DrawExecutor.h"
#include "render/FacingBins.h"
#include "scene/Camera.h"
#include "scene/Geometry.h"
#include "scene/InstanceBuffer.h"

namespace th {

class Mesh;

struct InstanceFacingStats {
    uint64_t instancesCulled = 0;  ///< outside the view, left out of the draws
    uint64_t trianglesSkipped = 0; ///< triangles facing away, left out of the draws (instances × triangles)
};

class InstanceFacing {
public:
    /// A bin drawn on its own must leave out at least this many triangles (instances ×
    /// triangles facing away); a smaller one joins the draw of every triangle.
    static constexpr uint64_t kMinTrianglesLeftOutPerDraw = 256;

    /// Rewrites the qualifying items of `draws`, one pass of the camera at `eye` seeing
    /// `frustum` (`perspective`: false for an orthographic camera). `frame` numbers the frame:
    /// a mesh is binned once per frame and its bins are reused by the frame's other passes.
    void apply(PassDraws& draws, const glm::vec3& eye, const Frustum& frustum, bool perspective, uint64_t frame,
               InstanceFacingStats& stats);
    /// Drops what meshes and geometry not drawn for `frames` frames held.
    void prune(uint64_t frame, uint64_t frames = 240);

private:
    struct GeometryLists {
        std::weak_ptr<Geometry> geometry;
        std::vector<std::unique_ptr<FacingBins>> parts; ///< per submesh; null where it is not triangles
        /// Where each (part, bin) list built so far lies in `indices`: first index and count.
        std::unordered_map<uint64_t, std::pair<uint32_t, uint32_t>> ranges;
        std::vector<uint32_t> cpu;
        Buffer indices;
        bool dirty = false;
        uint64_t lastFrame = 0;
    };
    struct Bin {
        int bin;
        uint32_t first, count; ///< in the sorted instance buffer
    };
    struct MeshBins {
        std::weak_ptr<Geometry> geometry;
        InstanceBuffer sorted{"instances by facing bin"};
        std::vector<Bin> bins;
        /// One per entry of `bins`, pointing at its range; held by pointer, as draw items point at them.
        std::vector<std::unique_ptr<VertexArray>> vaos;
        std::vector<size_t> vaoOffsets;
        uint64_t binnedFrame = 0;
        /// What the bins were made from: with the same view, instances and bin-size rule a
        /// frame reuses them (a still camera rebins nothing).
        struct Inputs {
            glm::vec3 eye{0.0f};
            Frustum frustum{};
            bool perspective = true;
            const InstanceBuffer* instances = nullptr;
            uint64_t matricesVersion = 0;
            bool operator==(const Inputs& o) const {
                return eye == o.eye && perspective == o.perspective && instances == o.instances &&
                       matricesVersion == o.matricesVersion &&
                       std::equal(frustum.planes.begin(), frustum.planes.end(), o.frustum.planes.begin(),
                                  [](const Plane& a, const Plane& b) { return a.normal == b.normal && a.d == b.d; });
            }
        };
        std::optional<Inputs> binnedFrom;
        bool whole = false; ///< nothing culled and nothing left out: drawn as it was
        uint64_t culled = 0;
    };

    GeometryLists& listsFor(const std::shared_ptr<Geometry>& geometry, uint64_t frame);
    std::pair<uint32_t, uint32_t> range(GeometryLists& lists, size_t part, int bin);
    void binInstances(MeshBins& bins, Mesh& mesh, const glm::mat4& world, FacingBins& facing, const glm::vec3& eye,
                      const Frustum& frustum, bool perspective);
    const VertexArray& vertexArrayFor(MeshBins& bins, size_t entry, const Mesh& mesh, const GeometryLists& lists);

    std::unordered_map<const Geometry*, GeometryLists> mGeometry;
    /// Keyed by mesh and world transform (a mesh drawn by two nodes is binned twice).
    std::unordered_map<uint64_t, MeshBins> mMeshes;
};

} // namespace th
