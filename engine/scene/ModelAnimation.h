#pragma once
// One animated model instance in a scene: its Animator and the scene nodes built for it. An
// update advances the clips, evaluates the pose once, writes the transforms of the nodes that
// moved, and uploads joint matrices and morph weights of the meshes whose pose changed.
#include <memory>
#include <vector>

#include "scene/Animator.h"

namespace th {

class Node;

class ModelAnimation {
public:
    /// `nodes` holds the scene node built for each rig node (null where none was).
    ModelAnimation(std::shared_ptr<const AnimationRig> rig, std::vector<Node*> nodes);

    Animator& animator() { return mAnimator; }
    const Animator& animator() const { return mAnimator; }
    const AnimationRig& rig() const { return mAnimator.rig(); }

    /// Advances by `seconds`, evaluates and writes the pose into the scene. Call before the
    /// scene's world update; returns whether anything moved.
    bool update(float seconds);

private:
    Animator mAnimator;
    std::vector<Node*> mNodes;
    std::vector<uint64_t> mUploadedJoints;
    bool mFirst = true;
};

} // namespace th
