#include "scene/Geometry.h"

#include <cstring>

#include "core/Error.h"
#include "core/Str.h"

namespace th {

Geometry::Geometry(const MeshData& data, std::string label) : mLabel(std::move(label)) {
    const size_t n = data.positions.size();
    auto check = [&](size_t size, const char* what) {
        if (size != 0 && size != n)
            throw Error(str("mesh '", mLabel, "': ", what, " has ", size, " entries for ", n, " positions"));
        return size == n && n > 0;
    };
    mHasNormals = check(data.normals.size(), "normals");
    mHasTangents = check(data.tangents.size(), "tangents");
    mHasUv0 = check(data.uv0.size(), "uv0");
    mHasUv1 = check(data.uv1.size(), "uv1");
    mHasColors = check(data.colors.size(), "colors");
    if (data.extraUvs.size() > size_t(attrib::kMaxUvSets - 2))
        throw Error(str("mesh '", mLabel, "': ", data.extraUvs.size() + 2, " UV sets; at most ", attrib::kMaxUvSets,
                        " are drawn"));
    for (size_t k = 0; k < data.extraUvs.size(); ++k)
        if (check(data.extraUvs[k].size(), "an extra UV set")) mExtraUvSets |= 1u << k;
    if (check(data.joints0.size(), "joints0") && check(data.weights0.size(), "weights0"))
        mInfluences = check(data.joints1.size(), "joints1") && check(data.weights1.size(), "weights1") ? 8 : 4;
    for (uint32_t index : data.indices)
        if (index >= n) throw Error(str("mesh '", mLabel, "': index ", index, " out of range (", n, " vertices)"));
    // Triangle ranges must hold whole triangles; points and lines take any count.
    if (data.submeshes.empty() && data.indices.size() % 3 != 0)
        throw Error(str("mesh '", mLabel, "': ", data.indices.size(), " indices is not a triangle list"));
    for (const Submesh& s : data.submeshes)
        if (isTriangles(s.topology) && s.indexCount % 3 != 0)
            throw Error(str("mesh '", mLabel, "': a triangle part of ", s.indexCount, " indices is not a triangle list"));

    size_t offset = 12;
    auto place = [&](bool present, size_t& at, size_t bytes) {
        if (!present) return;
        at = offset;
        offset += bytes;
    };
    place(mHasNormals, mNormalOffset, 12);
    place(mHasTangents, mTangentOffset, 16);
    place(mHasUv0, mUv0Offset, 8);
    place(mHasUv1, mUv1Offset, 8);
    place(mHasColors, mColorOffset, 16);
    std::vector<size_t> extraSets; // the extraUvs index of each stored set
    for (size_t k = 0; k < data.extraUvs.size(); ++k)
        if (mExtraUvSets & (1u << k)) {
            extraSets.push_back(k);
            mExtraUvOffsets.push_back(offset);
            offset += 8;
        }
    place(mInfluences > 0, mSkinOffset, size_t(mInfluences / 4) * 24);
    mStride = GLsizei(offset);

    mVertexCount = uint32_t(n);
    mBounds = data.bounds();
    // Interleaved straight into the driver's copy: a model's vertices are never held twice on
    // the CPU side (the importer's arrays and a full interleaved copy) while the driver copies.
    mVertices = Buffer(GL_ARRAY_BUFFER, n * offset, nullptr, BufferUsage::Static, mLabel + " vertices");
    mVertices.fill([&](uint8_t* bytes) {
        for (size_t i = 0; i < n; ++i) {
            uint8_t* v = bytes + i * offset;
            std::memcpy(v, &data.positions[i], 12);
            if (mHasNormals) std::memcpy(v + mNormalOffset, &data.normals[i], 12);
            if (mHasTangents) std::memcpy(v + mTangentOffset, &data.tangents[i], 16);
            if (mHasUv0) std::memcpy(v + mUv0Offset, &data.uv0[i], 8);
            if (mHasUv1) std::memcpy(v + mUv1Offset, &data.uv1[i], 8);
            if (mHasColors) std::memcpy(v + mColorOffset, &data.colors[i], 16);
            for (size_t e = 0; e < extraSets.size(); ++e)
                std::memcpy(v + mExtraUvOffsets[e], &data.extraUvs[extraSets[e]][i], 8);
            if (mInfluences > 0) {
                std::memcpy(v + mSkinOffset, &data.joints0[i], 8);
                std::memcpy(v + mSkinOffset + 8, &data.weights0[i], 16);
            }
            if (mInfluences > 4) {
                std::memcpy(v + mSkinOffset + 24, &data.joints1[i], 8);
                std::memcpy(v + mSkinOffset + 32, &data.weights1[i], 16);
            }
        }
    });

    // Non-indexed data draws as an index list too (one draw path).
    std::vector<uint32_t> generated;
    if (data.indices.empty()) {
        generated.resize(n);
        for (uint32_t i = 0; i < n; ++i) generated[i] = i;
    }
    const std::vector<uint32_t>& indices = data.indices.empty() ? generated : data.indices;
    mIndexCount = uint32_t(indices.size());
    if (n <= 65536) {
        std::vector<uint16_t> small(indices.begin(), indices.end());
        mIndexType = GL_UNSIGNED_SHORT;
        mIndices = Buffer(GL_ELEMENT_ARRAY_BUFFER, small.size() * 2, small.data(), BufferUsage::Static, mLabel + " indices");
    } else {
        mIndexType = GL_UNSIGNED_INT;
        mIndices = Buffer(GL_ELEMENT_ARRAY_BUFFER, indices.size() * 4, indices.data(), BufferUsage::Static, mLabel + " indices");
    }
    if (n <= kCpuCopyVertices && indices.size() <= kCpuCopyIndices) {
        mCpuPositions = data.positions;
        mCpuIndices = indices;
    }
    mSubmeshes = data.submeshes;
    if (mSubmeshes.empty()) mSubmeshes.push_back({0, mIndexCount, -1});
}

void Geometry::setupVertexArray(VertexArray& vao, unsigned skinLocation) const {
    vao.setAttribute(mVertices, {.location = attrib::kPosition, .components = 3, .stride = mStride, .offset = 0});
    if (mHasNormals) vao.setAttribute(mVertices, {.location = attrib::kNormal, .components = 3, .stride = mStride, .offset = mNormalOffset});
    if (mHasTangents) vao.setAttribute(mVertices, {.location = attrib::kTangent, .components = 4, .stride = mStride, .offset = mTangentOffset});
    if (mHasUv0) vao.setAttribute(mVertices, {.location = attrib::kUv0, .components = 2, .stride = mStride, .offset = mUv0Offset});
    if (mHasUv1) vao.setAttribute(mVertices, {.location = attrib::kUv1, .components = 2, .stride = mStride, .offset = mUv1Offset});
    if (mHasColors) vao.setAttribute(mVertices, {.location = attrib::kColor, .components = 4, .stride = mStride, .offset = mColorOffset});
    for (size_t e = 0; e < mExtraUvOffsets.size(); ++e)
        vao.setAttribute(mVertices, {.location = skinLocation + unsigned(e), .components = 2, .stride = mStride,
                                     .offset = mExtraUvOffsets[e]});
    skinLocation += unsigned(mExtraUvOffsets.size());
    // Joint indices as unnormalized shorts read as floats: exact up to 65535 and no integer
    // attributes needed.
    for (int set = 0; set < mInfluences / 4; ++set) {
        size_t at = mSkinOffset + size_t(set) * 24;
        vao.setAttribute(mVertices, {.location = skinLocation + unsigned(2 * set), .components = 4,
                                     .type = GL_UNSIGNED_SHORT, .stride = mStride, .offset = at});
        vao.setAttribute(mVertices, {.location = skinLocation + unsigned(2 * set + 1), .components = 4, .stride = mStride,
                                     .offset = at + 8});
    }
    vao.setIndexBuffer(mIndices);
}

} // namespace th
