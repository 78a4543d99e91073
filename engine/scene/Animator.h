#pragma once
// Plays a model's clips on one instance: tracks with their own time, speed, loop mode and
// weight, blended per node property, and cross-fades between them. Evaluation writes the
// instance's pose (local transforms and morph weights) and recomputes, once per evaluation,
// the world matrices of what moved and the joint matrices of the skins it moved. Instances of
// one model share the AnimationRig; each has its own Animator. No GL here.
#include <cstdint>
#include <memory>
#include <vector>

#include <glm/glm.hpp>

#include "scene/AnimationRig.h"

namespace th {

enum class LoopMode {
    Once,    ///< stops at the end (or the start, playing backwards) and holds that pose
    Repeat,  ///< wraps to the start
    PingPong ///< plays forwards, then backwards
};

struct ClipPlayback {
    int clip = 0;
    float time = 0.0f; ///< seconds into the clip
    float speed = 1.0f;
    LoopMode loop = LoopMode::Repeat;
    float weight = 1.0f;
    bool playing = true;
    /// A fade moves `weight` toward `fadeTarget` by `fadeRate` per second of advance(); a
    /// track that fades out to 0 is removed.
    float fadeTarget = 1.0f;
    float fadeRate = 0.0f;
};

class Animator {
public:
    explicit Animator(std::shared_ptr<const AnimationRig> rig);

    const AnimationRig& rig() const { return *mRig; }
    const std::shared_ptr<const AnimationRig>& sharedRig() const { return mRig; }

    /// Adds a track playing `clip` from time 0; returns its index in tracks().
    size_t play(int clip, LoopMode loop = LoopMode::Repeat, float weight = 1.0f);
    /// Plays every clip together, each at full weight.
    void playAll(LoopMode loop = LoopMode::Repeat);
    void stopAll() { mTracks.clear(); }
    std::vector<ClipPlayback>& tracks() { return mTracks; }
    const std::vector<ClipPlayback>& tracks() const { return mTracks; }
    /// Fades every current track out and `clip` in over `seconds`: halfway through, the old
    /// tracks weigh half of what they did and the new one half. Returns the new track's index.
    size_t crossFade(int clip, float seconds, LoopMode loop = LoopMode::Repeat);
    /// Sets every track's time (wrapped by its loop mode), e.g. to pose a capture.
    void setTime(float seconds);

    /// Moves every playing track on by `seconds` × its speed (wrapped by its loop mode) and
    /// advances fades; tracks that have faded out are removed.
    void advance(float seconds);

    /// Evaluates the tracks into the pose and updates world and joint matrices of what moved.
    /// Returns whether anything moved or any morph weight changed.
    bool evaluate();

    /// The pose as of the last evaluate() (the rest pose before the first).
    const Transform& local(int node) const { return mLocal[size_t(node)]; }
    /// World matrix in the model's space (its roots' parent is the identity).
    const glm::mat4& world(int node) const { return mWorld[size_t(node)]; }
    const std::vector<float>& weights(int node) const { return mWeights[size_t(node)]; }
    /// Whether the node's world matrix changed in the last evaluate().
    bool moved(int node) const { return mMoved[size_t(node)] != 0; }
    /// Whether the node's own local transform changed in the last evaluate() (what a scene
    /// node built for it must be told).
    bool localChanged(int node) const { return mLocalChanged[size_t(node)] != 0; }
    bool weightsChanged(int node) const { return mWeightsChanged[size_t(node)] != 0; }
    /// Joint matrices of rig().skinnedNodes[i]: vertex in bind pose → posed, in that node's space.
    const std::vector<glm::mat4>& jointMatrices(size_t skinnedNode) const { return mJoints[skinnedNode].matrices; }
    /// Increases each time those joint matrices are recomputed (what an upload compares).
    uint64_t jointVersion(size_t skinnedNode) const { return mJoints[skinnedNode].version; }
    /// Counters from the last evaluate(), for benchmarks and tests.
    size_t nodesRecomputed() const { return mNodesRecomputed; }
    size_t skinsRecomputed() const { return mSkinsRecomputed; }

private:
    struct Accumulator {
        uint64_t stamp = 0;
        glm::vec3 translation{0.0f}, scale{0.0f};
        glm::vec4 rotation{0.0f};
        float wT = 0, wR = 0, wS = 0, wW = 0;
        std::vector<float> weights;
    };
    struct Joints {
        std::vector<glm::mat4> matrices;
        uint64_t version = 0;
    };

    float wrapped(const ClipPlayback& t, float time) const;
    void accumulate(const ClipPlayback& track);
    void resolve(int node);

    std::shared_ptr<const AnimationRig> mRig;
    std::vector<int> mOrder;
    std::vector<ClipPlayback> mTracks;
    std::vector<Transform> mLocal;
    std::vector<std::vector<float>> mWeights;
    std::vector<glm::mat4> mWorld;
    std::vector<uint8_t> mLocalChanged, mMoved, mWeightsChanged;
    std::vector<Joints> mJoints;
    std::vector<Accumulator> mAcc;
    std::vector<int> mTouched, mTouchedBefore;
    std::vector<float> mSample;
    uint64_t mStamp = 0;
    bool mFirst = true;
    size_t mNodesRecomputed = 0, mSkinsRecomputed = 0;
};

} // namespace th
