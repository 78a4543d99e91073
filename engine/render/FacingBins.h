#pragma once
// Per-view index lists that leave out the triangles an instance cannot show from where the
// camera is. A closed mesh seen from outside turns about half its triangles away; the GPU
// culls them only after transforming, assembling and setting them up, which on a CPU
// rasteriser costs about 40 % of a drawn triangle. Instances of one mesh seen from one camera
// differ only in where the camera lies in each instance's own space, so the directions
// around the mesh are cut into bins (azimuth sectors about +Y times elevation bands) and
// each bin gets the triangles that can face some eye in it. An instance then draws its
// bin's list: the same pixels, fewer triangles.
//
// The test is conservative. For an eye e = t·u with u in the bin's cell and t ≥ minDistance(),
// a triangle with unit normal n through corner a faces away when n·(e − a) < 0 for every
// such e: when the largest n·u over the cell, M, is negative (by a margin) and n·a > M ·
// minDistance(). M is exact for a cell of azimuths and elevations. Eyes nearer than
// minDistance() (16 times the mesh's reach from its origin) get every triangle.
//
// Counter-clockwise triangles are front-facing (GL's default); the caller uses the lists
// only where the draw culls back faces with that winding and the instance does not mirror.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include <glm/glm.hpp>

namespace th {

class FacingBins {
public:
    static constexpr int kSectors = 32;
    /// Elevation band edges, degrees: finer near the horizon, where a far instance's eye lies.
    static constexpr std::array<float, 11> kBandEdges = {-90, -30, -10, -3, -1, 0, 1, 3, 10, 30, 90};
    static constexpr int kBands = int(kBandEdges.size()) - 1;
    static constexpr int kBins = kSectors * kBands;
    /// The bin of an eye too near (or anywhere odd): every triangle.
    static constexpr int kAll = -1;

    /// `indices` is a triangle list over `positions` (the mesh's own space).
    FacingBins(std::span<const glm::vec3> positions, std::span<const uint32_t> indices);

    /// The bin for an eye at `eye` in the mesh's own space.
    int binOf(const glm::vec3& eye) const;
    /// The triangles (as indices) that can face an eye in `bin`, in their original order;
    /// built on first use. kAll gives the whole list.
    const std::vector<uint32_t>& indices(int bin);
    /// Below this distance from the mesh's origin an eye gets every triangle.
    float minDistance() const { return mMinDistance; }
    size_t triangleCount() const { return mIndices.size() / 3; }

private:
    std::vector<uint32_t> mIndices;
    std::vector<glm::vec3> mNormals; ///< per triangle; zero for a degenerate one
    std::vector<float> mOffsets;     ///< per triangle: n · (its first corner)
    float mMinDistance = 0.0f;
    std::array<std::vector<uint32_t>, kBins> mLists;
    std::array<bool, kBins> mBuilt{};
};

} // namespace th
