#include "scene/MeshDeformation.h"

#include <algorithm>
#include <cmath>

namespace th {

namespace {
// Joint texture rows hold whole matrices; 256 joints a row keeps the width under WebGL2's
// guaranteed 2048 texels.
constexpr int kJointsPerRow = 256;
} // namespace

JointBoxes JointBoxes::compute(const MeshData& mesh, size_t joints) {
    JointBoxes out;
    out.boxes.resize(joints);
    auto add = [&](const std::vector<glm::u16vec4>& indices, const std::vector<glm::vec4>& weights) {
        for (size_t v = 0; v < indices.size() && v < weights.size(); ++v)
            for (int k = 0; k < 4; ++k) {
                size_t j = indices[v][k];
                if (weights[v][k] > 0.0f && j < joints) out.boxes[j].add(mesh.positions[v]);
            }
    };
    add(mesh.joints0, mesh.weights0);
    add(mesh.joints1, mesh.weights1);
    return out;
}

MeshDeformation::MeshDeformation(size_t joints, int influences, std::shared_ptr<const JointBoxes> jointBoxes,
                                 std::shared_ptr<const MorphTargetTexture> targets, const std::string& label)
    : mJointCount(joints), mInfluences(joints ? influences : 0), mJointBoxes(std::move(jointBoxes)),
      mTargets(std::move(targets)) {
    if (mJointCount > 0) {
        int rows = int((mJointCount + kJointsPerRow - 1) / kJointsPerRow);
        mJointWidth = 4 * int(std::min<size_t>(mJointCount, kJointsPerRow));
        mJointTexture = Texture(
            {.format = TextureFormat::RGBA32F, .width = mJointWidth, .height = rows, .label = label + " joints"});
        mJointTexture.setFilter(false, false);
        mJoints.assign(mJointCount, glm::mat4(1.0f));
        setJoints(mJoints);
        mPosed = false;
    }
    size_t targetCount = mTargets ? mTargets->targetCount() : 0;
    // Texel 0 holds the count; texel 1 + i the i-th active target (index, weight).
    mActive = Texture({.format = TextureFormat::RGBA32F,
                       .width = int(targetCount + 1),
                       .height = 1,
                       .label = label + " active morph targets"});
    mActive.setFilter(false, false);
    std::vector<float> none(targetCount, 0.0f);
    setWeights(none);
}

void MeshDeformation::setJoints(std::span<const glm::mat4> matrices) {
    size_t n = std::min(matrices.size(), mJointCount);
    std::copy(matrices.begin(), matrices.begin() + std::ptrdiff_t(n), mJoints.begin());
    int rows = mJointTexture.height();
    mStaging.assign(size_t(mJointWidth) * size_t(rows) * 4, 0.0f);
    for (size_t j = 0; j < mJointCount; ++j) {
        size_t row = j / kJointsPerRow, col = j % kJointsPerRow;
        float* out = &mStaging[(row * size_t(mJointWidth) + col * 4) * 4];
        const float* m = &mJoints[j][0][0]; // column-major: four columns, one a texel
        std::copy(m, m + 16, out);
    }
    mJointTexture.upload(0, 0, mStaging.data());
    mPosed = true;
    ++mUploads;
}

void MeshDeformation::setWeights(std::span<const float> weights) {
    size_t targetCount = mTargets ? mTargets->targetCount() : 0;
    std::vector<float> texels(4 * (targetCount + 1), 0.0f);
    mActiveCount = 0;
    mMorphGrowth = 0.0f;
    for (size_t t = 0; t < targetCount && t < weights.size(); ++t) {
        if (weights[t] == 0.0f || !std::isfinite(weights[t])) continue;
        float* texel = &texels[4 * (1 + mActiveCount++)];
        texel[0] = float(t);
        texel[1] = weights[t];
        mMorphGrowth += std::abs(weights[t]) * mTargets->maxDisplacement(t);
    }
    texels[0] = float(mActiveCount);
    mActive.upload(0, 0, texels.data());
    ++mUploads;
}

Bounds MeshDeformation::bounds(const Bounds& rest) const {
    glm::vec3 grow(mMorphGrowth);
    if (!mPosed || !mJointBoxes) {
        if (rest.empty()) return rest;
        Bounds b = rest;
        b.add(rest.min - grow);
        b.add(rest.max + grow);
        return b;
    }
    // A skinned vertex is a weighted mean of its joints' transforms of it, so it lies in the
    // box around every joint's transformed box.
    Bounds out;
    for (size_t j = 0; j < mJointBoxes->boxes.size() && j < mJoints.size(); ++j) {
        const Bounds& box = mJointBoxes->boxes[j];
        if (box.empty()) continue;
        Bounds grown = box;
        grown.add(box.min - grow);
        grown.add(box.max + grow);
        out.add(grown.transformed(mJoints[j]));
    }
    return out.empty() ? rest : out;
}

} // namespace th
