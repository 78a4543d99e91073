#include "scene/ModelAnimation.h"

#include "scene/MeshDeformation.h"
#include "scene/Node.h"

namespace th {

ModelAnimation::ModelAnimation(std::shared_ptr<const AnimationRig> rig, std::vector<Node*> nodes)
    : mAnimator(std::move(rig)), mNodes(std::move(nodes)) {
    mNodes.resize(mAnimator.rig().nodes.size(), nullptr);
    mUploadedJoints.assign(mAnimator.rig().skinnedNodes.size(), 0);
}

bool ModelAnimation::update(float seconds) {
    mAnimator.advance(seconds);
    bool moved = mAnimator.evaluate();
    for (size_t n = 0; n < mNodes.size(); ++n)
        if (mNodes[n] && mAnimator.localChanged(int(n))) mNodes[n]->transform = mAnimator.local(int(n));
    const AnimationRig& rig = mAnimator.rig();
    for (size_t i = 0; i < rig.skinnedNodes.size(); ++i) {
        if (mAnimator.jointVersion(i) == mUploadedJoints[i]) continue;
        Node* node = mNodes[size_t(rig.skinnedNodes[i].node)];
        if (!node || !node->mesh || !node->mesh->deformation()) continue;
        node->mesh->deformation()->setJoints(mAnimator.jointMatrices(i));
        mUploadedJoints[i] = mAnimator.jointVersion(i);
    }
    for (size_t n = 0; n < mNodes.size(); ++n) {
        Node* node = mNodes[n];
        if (!node || !node->mesh || !node->mesh->deformation() || !node->mesh->deformation()->targets()) continue;
        if (mFirst || mAnimator.weightsChanged(int(n)))
            node->mesh->deformation()->setWeights(mAnimator.weights(int(n)));
    }
    mFirst = false;
    return moved;
}

} // namespace th
