#pragma once
// Geometry on the GPU: one interleaved vertex buffer and one index buffer made from MeshData.
// Attributes the data lacks are not stored; the HAS_* defines tell the shader what exists.
#include <string>
#include <vector>

#include "gl/Buffer.h"
#include "gl/VertexArray.h"
#include "scene/Bounds.h"
#include "scene/MeshData.h"

namespace th {

class Geometry {
public:
    /// Uploads `data`. Throws th::Error when attribute arrays disagree in length or an index
    /// is out of range.
    Geometry(const MeshData& data, std::string label);

    const std::string& label() const { return mLabel; }
    const Bounds& bounds() const { return mBounds; }
    uint32_t vertexCount() const { return mVertexCount; }
    uint32_t indexCount() const { return mIndexCount; }
    GLenum indexType() const { return mIndexType; }
    size_t indexSize() const { return mIndexType == GL_UNSIGNED_SHORT ? 2 : 4; }
    const std::vector<Submesh>& submeshes() const { return mSubmeshes; }

    bool hasNormals() const { return mHasNormals; }
    bool hasTangents() const { return mHasTangents; }
    bool hasUv0() const { return mHasUv0; }
    bool hasUv1() const { return mHasUv1; }
    bool hasColors() const { return mHasColors; }
    /// TEXCOORD_2 and up stored (bit k = TEXCOORD_(k + 2); MeshData::extraUvSets).
    uint32_t extraUvSets() const { return mExtraUvSets; }
    /// Skin influences stored per vertex: 0, 4 (JOINTS_0/WEIGHTS_0) or 8 (and the _1 sets).
    int influences() const { return mInfluences; }

    /// Positions and triangle-list indices kept on the CPU for geometry small enough to be
    /// instanced many times (at most kCpuCopyVertices vertices and kCpuCopyIndices indices;
    /// empty otherwise): the renderer's per-instance facing culling (render/FacingBins.h)
    /// reads them. Indices are those of the whole buffer; submeshes say which are whose.
    static constexpr size_t kCpuCopyVertices = 65536, kCpuCopyIndices = 3 * 16384;
    const std::vector<glm::vec3>& cpuPositions() const { return mCpuPositions; }
    const std::vector<uint32_t>& cpuIndices() const { return mCpuIndices; }

    /// Points the standard attribute locations (MeshData.h's attrib table) at this
    /// geometry's buffers and sets its index buffer. Extra UV sets (texcoord2 …, in set order)
    /// and then the skin attributes (joints0, weights0, joints1, weights1) go to consecutive
    /// locations from `skinLocation` (attrib::extraUvCount).
    void setupVertexArray(VertexArray& vao, unsigned skinLocation = 0) const;

private:
    std::string mLabel;
    Bounds mBounds;
    uint32_t mVertexCount = 0;
    uint32_t mIndexCount = 0;
    GLenum mIndexType = GL_UNSIGNED_INT;
    std::vector<Submesh> mSubmeshes;
    bool mHasNormals = false, mHasTangents = false, mHasUv0 = false, mHasUv1 = false, mHasColors = false;
    int mInfluences = 0;
    uint32_t mExtraUvSets = 0;
    std::vector<size_t> mExtraUvOffsets; ///< per present extra set, in set order
    size_t mSkinOffset = 0; ///< joints0 (4 × u16), weights0 (4 × f32), then the second set
    GLsizei mStride = 0;
    size_t mNormalOffset = 0, mTangentOffset = 0, mUv0Offset = 0, mUv1Offset = 0, mColorOffset = 0;
    std::vector<glm::vec3> mCpuPositions;
    std::vector<uint32_t> mCpuIndices;
    Buffer mVertices;
    Buffer mIndices;
};

} // namespace th
