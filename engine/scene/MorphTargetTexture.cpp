#include "scene/MorphTargetTexture.h"

#include <algorithm>

#include "core/Error.h"
#include "core/Str.h"

namespace th {

MorphTargetTexture::MorphTargetTexture(const MeshData& mesh, int maxTextureSize, const std::string& label) {
    const size_t n = mesh.vertexCount();
    for (const MorphTarget& t : mesh.targets) {
        if (!t.positions.empty()) mAttributes |= kMorphPosition;
        if (!t.normals.empty()) mAttributes |= kMorphNormal;
        if (!t.tangents.empty()) mAttributes |= kMorphTangent;
        if (!t.uv0.empty()) mAttributes |= kMorphUv0;
        if (!t.uv1.empty()) mAttributes |= kMorphUv1;
        if (!t.colors.empty()) mAttributes |= kMorphColor;
    }
    bool uv = mAttributes & (kMorphUv0 | kMorphUv1);
    mStride = int(bool(mAttributes & kMorphPosition)) + int(bool(mAttributes & kMorphNormal)) +
              int(bool(mAttributes & kMorphTangent)) + int(uv) + int(bool(mAttributes & kMorphColor));
    mStride = std::max(mStride, 1);
    const size_t texels = n * size_t(mStride);
    // Rows of a width that is a multiple of the stride, so a vertex's texels share one row.
    int width = std::min<int>(int(std::min<size_t>(texels, size_t(maxTextureSize))), maxTextureSize);
    width = std::max(mStride, width - width % mStride);
    int height = int((texels + size_t(width) - 1) / size_t(width));
    if (height > maxTextureSize)
        throw Error(
            str("mesh '", label, "': ", n, " vertices of morph targets do not fit a ", maxTextureSize, "² texture"));
    const size_t layers = std::max<size_t>(mesh.targets.size(), 1);
    mTexture = Texture({.kind = TextureKind::Texture2DArray,
                        .format = TextureFormat::RGBA32F,
                        .width = width,
                        .height = height,
                        .layers = int(layers),
                        .label = label + " morph targets"});
    mTexture.setFilter(false, false);
    std::vector<float> texelData(size_t(width) * size_t(height) * 4, 0.0f);
    mMaxDisplacement.assign(mesh.targets.size(), 0.0f);
    for (size_t t = 0; t < mesh.targets.size(); ++t) {
        const MorphTarget& target = mesh.targets[t];
        std::fill(texelData.begin(), texelData.end(), 0.0f);
        for (size_t v = 0; v < n; ++v) {
            float* out = &texelData[v * size_t(mStride) * 4];
            auto put = [&](const float* src, int count) {
                std::copy(src, src + count, out);
                out += 4;
            };
            if (mAttributes & kMorphPosition) {
                glm::vec3 d = target.positions.empty() ? glm::vec3(0.0f) : target.positions[v];
                mMaxDisplacement[t] = std::max(mMaxDisplacement[t], glm::length(d));
                put(&d.x, 3);
            }
            if (mAttributes & kMorphNormal) {
                glm::vec3 d = target.normals.empty() ? glm::vec3(0.0f) : target.normals[v];
                put(&d.x, 3);
            }
            if (mAttributes & kMorphTangent) {
                glm::vec3 d = target.tangents.empty() ? glm::vec3(0.0f) : target.tangents[v];
                put(&d.x, 3);
            }
            if (uv) {
                glm::vec4 d(target.uv0.empty() ? glm::vec2(0.0f) : target.uv0[v],
                            target.uv1.empty() ? glm::vec2(0.0f) : target.uv1[v]);
                put(&d.x, 4);
            }
            if (mAttributes & kMorphColor) {
                glm::vec4 d = target.colors.empty() ? glm::vec4(0.0f) : target.colors[v];
                put(&d.x, 4);
            }
        }
        mTexture.upload(0, int(t), texelData.data());
    }
}

} // namespace th
