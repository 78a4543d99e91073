#pragma once
// The per-instance GPU side of a skinned or morphed mesh: its joint matrices (4 RGBA32F texels
// each) and the list of its active morph targets (index and weight; zero weights are left
// out, so only active targets cost shader work), both textures read with texelFetch; plus the
// bounds of the posed mesh, so culling never drops a moving limb. Shared geometry and morph
// targets stay with the mesh's Geometry and MorphTargetTexture.
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "gl/Texture.h"
#include "scene/Bounds.h"
#include "scene/MeshData.h"
#include "scene/MorphTargetTexture.h"

namespace th {

/// For bounds: each joint's box around the bind-pose vertices it influences (in the mesh's
/// space), computed once per mesh and skin. A skinned vertex is a weighted mean of its joints'
/// matrices applied to it, so it lies within the box around those boxes transformed by the
/// joint matrices.
struct JointBoxes {
    std::vector<Bounds> boxes;
    static JointBoxes compute(const MeshData& mesh, size_t joints);
};

class MeshDeformation {
public:
    /// `joints` 0 for a mesh that is only morphed; `targets` null for one that is only skinned.
    MeshDeformation(size_t joints, int influences, std::shared_ptr<const JointBoxes> jointBoxes,
                    std::shared_ptr<const MorphTargetTexture> targets, const std::string& label);

    int influences() const { return mInfluences; } ///< 0, 4 or 8
    size_t jointCount() const { return mJointCount; }
    const std::shared_ptr<const MorphTargetTexture>& targets() const { return mTargets; }
    const Texture& jointTexture() const { return mJointTexture; }
    const Texture& activeTargets() const { return mActive; }
    size_t activeTargetCount() const { return mActiveCount; }

    /// Uploads joint matrices (bind pose → posed, in the mesh node's space) and updates the
    /// posed bounds.
    void setJoints(std::span<const glm::mat4> matrices);
    /// Uploads the active targets of these weights (one per target).
    void setWeights(std::span<const float> weights);

    /// Bounds of the posed, morphed mesh in its node's space; `rest` (the geometry's bounds)
    /// grown by the morph displacement before the first setJoints().
    Bounds bounds(const Bounds& rest) const;

    /// Uploads done (for benchmarks).
    uint64_t uploads() const { return mUploads; }

private:
    size_t mJointCount = 0;
    int mInfluences = 0;
    std::shared_ptr<const JointBoxes> mJointBoxes;
    std::shared_ptr<const MorphTargetTexture> mTargets;
    Texture mJointTexture;
    Texture mActive;
    int mJointWidth = 0;
    size_t mActiveCount = 0;
    float mMorphGrowth = 0.0f; ///< Σ |weight| · the target's longest position delta
    std::vector<glm::mat4> mJoints;
    std::vector<float> mStaging;
    bool mPosed = false;
    uint64_t mUploads = 0;
};

} // namespace th
