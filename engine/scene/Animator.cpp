#include "scene/Animator.h"

#include <algorithm>
#include <cmath>


namespace th {

Animator::Animator(std::shared_ptr<const AnimationRig> rig) : mRig(std::move(rig)) {
    size_t n = mRig->nodes.size();
    mOrder = mRig->parentFirstOrder();
    mLocal.resize(n);
    mWeights.resize(n);
    mAcc.resize(n);
    for (size_t i = 0; i < n; ++i) {
        mLocal[i] = mRig->nodes[i].rest;
        mWeights[i] = mRig->nodes[i].restWeights;
        mAcc[i].weights.resize(mWeights[i].size());
    }
    mWorld.assign(n, glm::mat4(1.0f));
    mLocalChanged.assign(n, 0);
    mMoved.assign(n, 0);
    mWeightsChanged.assign(n, 0);
    mJoints.resize(mRig->skinnedNodes.size());
    for (size_t i = 0; i < mJoints.size(); ++i)
        mJoints[i].matrices.assign(mRig->skins[size_t(mRig->skinnedNodes[i].skin)].joints.size(), glm::mat4(1.0f));
    size_t widest = 4;
    for (auto& c : mRig->clips)
        for (auto& s : c.samplers) widest = std::max(widest, s.width);
    mSample.resize(widest);
}

size_t Animator::play(int clip, LoopMode loop, float weight) {
    ClipPlayback t;
    t.clip = clip;
    t.loop = loop;
    t.weight = weight;
    t.fadeTarget = weight;
    mTracks.push_back(t);
    return mTracks.size() - 1;
}

void Animator::playAll(LoopMode loop) {
    for (size_t i = 0; i < mRig->clips.size(); ++i) play(int(i), loop);
}

size_t Animator::crossFade(int clip, float seconds, LoopMode loop) {
    seconds = std::max(seconds, 1e-6f);
    for (auto& t : mTracks) {
        t.fadeTarget = 0.0f;
        t.fadeRate = t.weight / seconds;
    }
    size_t i = play(clip, loop, 0.0f);
    mTracks[i].fadeTarget = 1.0f;
    mTracks[i].fadeRate = 1.0f / seconds;
    return i;
}

float Animator::wrapped(const ClipPlayback& t, float time) const {
    float d = mRig->clips[size_t(t.clip)].duration();
    if (d <= 0.0f) return 0.0f;
    switch (t.loop) {
    case LoopMode::Once: return std::clamp(time, 0.0f, d);
    case LoopMode::Repeat: {
        float w = std::fmod(time, d);
        return w < 0.0f ? w + d : w;
    }
    case LoopMode::PingPong: {
        float w = std::fmod(time, 2.0f * d);
        if (w < 0.0f) w += 2.0f * d;
        return w > d ? 2.0f * d - w : w;
    }
    }
    return time;
}

void Animator::setTime(float seconds) {
    for (auto& t : mTracks) t.time = wrapped(t, seconds);
}

void Animator::advance(float seconds) {
    for (auto& t : mTracks) {
        if (t.playing) {
            float next = t.time + seconds * t.speed;
            if (t.loop == LoopMode::Once) {
                float d = mRig->clips[size_t(t.clip)].duration();
                if ((t.speed > 0.0f && next >= d) || (t.speed < 0.0f && next <= 0.0f)) t.playing = false;
            }
            if (t.loop == LoopMode::PingPong) {
                // The time stays within the clip; the direction is the speed's sign.
                float d = mRig->clips[size_t(t.clip)].duration();
                if (d > 0.0f && (next > d || next < 0.0f)) t.speed = -t.speed;
            }
            t.time = wrapped(t, next);
        }
        if (t.fadeRate > 0.0f) {
            float step = t.fadeRate * seconds;
            if (std::abs(t.fadeTarget - t.weight) <= step) {
                t.weight = t.fadeTarget;
                t.fadeRate = 0.0f;
            } else
                t.weight += t.weight < t.fadeTarget ? step : -step;
        }
    }
    std::erase_if(mTracks, [](const ClipPlayback& t) { return t.weight <= 0.0f && t.fadeTarget <= 0.0f; });
}

void Animator::accumulate(const ClipPlayback& track) {
    if (track.clip < 0 || track.clip >= int(mRig->clips.size())) return;
    const AnimationClip& clip = mRig->clips[size_t(track.clip)];
    float w = track.weight;
    float* v = mSample.data();
    for (const AnimationChannel& ch : clip.channels) {
        if (ch.node < 0 || ch.node >= int(mAcc.size()) || ch.sampler < 0 || ch.sampler >= int(clip.samplers.size()))
            continue;
        const AnimationSampler& s = clip.samplers[size_t(ch.sampler)];
        s.sample(track.time, v);
        Accumulator& a = mAcc[size_t(ch.node)];
        if (a.stamp != mStamp) {
            a.stamp = mStamp;
            a.translation = a.scale = glm::vec3(0.0f);
            a.rotation = glm::vec4(0.0f);
            a.wT = a.wR = a.wS = a.wW = 0.0f;
            std::fill(a.weights.begin(), a.weights.end(), 0.0f);
            mTouched.push_back(ch.node);
        }
        switch (ch.path) {
        case AnimationPath::Translation:
            a.translation += w * glm::vec3(v[0], v[1], v[2]);
            a.wT += w;
            break;
        case AnimationPath::Scale:
            a.scale += w * glm::vec3(v[0], v[1], v[2]);
            a.wS += w;
            break;
        case AnimationPath::Rotation: {
            // glTF order x, y, z, w; blended on the accumulated value's hemisphere.
            glm::vec4 q(v[0], v[1], v[2], v[3]);
            if (a.wR > 0.0f && glm::dot(a.rotation, q) < 0.0f) q = -q;
            a.rotation += w * q;
            a.wR += w;
            break;
        }
        case AnimationPath::Weights: {
            size_t n = std::min(a.weights.size(), s.width);
            for (size_t i = 0; i < n; ++i) a.weights[i] += w * v[i];
            a.wW += w;
            break;
        }
        }
    }
}

namespace {
// Tracks weighing less than 1 in all leave the rest of the weight to the rest pose; more
// than 1 is normalized, so clips played together average where they overlap.
template <typename T> T blend(const T& sum, float weight, const T& rest) {
    if (weight <= 0.0f) return rest;
    if (weight < 1.0f) return sum + (1.0f - weight) * rest;
    return sum / weight;
}
} // namespace

void Animator::resolve(int node) {
    const RigNode& rn = mRig->nodes[size_t(node)];
    const Accumulator& a = mAcc[size_t(node)];
    bool fresh = a.stamp == mStamp;
    Transform t = rn.rest;
    std::vector<float>& weights = mWeights[size_t(node)];
    bool weightsChanged = false;
    if (fresh) {
        t.translation = blend(a.translation, a.wT, rn.rest.translation);
        t.scale = blend(a.scale, a.wS, rn.rest.scale);
        if (a.wR > 0.0f) {
            glm::vec4 rest(rn.rest.rotation.x, rn.rest.rotation.y, rn.rest.rotation.z, rn.rest.rotation.w);
            if (glm::dot(rest, a.rotation) < 0.0f) rest = -rest;
            glm::vec4 q = blend(a.rotation, a.wR, rest);
            float len = glm::length(q);
            q = len > 0.0f ? q / len : rest;
            t.rotation = glm::quat(q.w, q.x, q.y, q.z);
        }
        for (size_t i = 0; i < weights.size(); ++i) {
            float value = a.wW > 0.0f ? blend(a.weights[i], a.wW, rn.restWeights[i]) : rn.restWeights[i];
            if (value != weights[i]) weightsChanged = true;
            weights[i] = value;
        }
    } else if (weights != rn.restWeights) {
        weights = rn.restWeights;
        weightsChanged = true;
    }
    Transform& cur = mLocal[size_t(node)];
    if (t.translation != cur.translation || t.rotation != cur.rotation || t.scale != cur.scale) {
        cur = t;
        mLocalChanged[size_t(node)] = 1;
    }
    mWeightsChanged[size_t(node)] = weightsChanged ? 1 : 0;
}

bool Animator::evaluate() {
    ++mStamp;
    std::swap(mTouched, mTouchedBefore);
    mTouched.clear();
    for (const ClipPlayback& t : mTracks)
        if (t.weight > 0.0f) accumulate(t);
    std::fill(mLocalChanged.begin(), mLocalChanged.end(), uint8_t(0));
    std::fill(mWeightsChanged.begin(), mWeightsChanged.end(), uint8_t(0));
    for (int n : mTouched) resolve(n);
    // Nodes animated last time and not now go back to their rest pose.
    for (int n : mTouchedBefore)
        if (mAcc[size_t(n)].stamp != mStamp) resolve(n);

    bool anything = false;
    mNodesRecomputed = 0;
    for (int n : mOrder) {
        int p = mRig->nodes[size_t(n)].parent;
        bool parentMoved = p >= 0 && mMoved[size_t(p)];
        bool moved = mFirst || mLocalChanged[size_t(n)] || parentMoved;
        mMoved[size_t(n)] = moved ? 1 : 0;
        if (!moved) continue;
        mWorld[size_t(n)] = (p >= 0 ? mWorld[size_t(p)] : glm::mat4(1.0f)) * mLocal[size_t(n)].matrix();
        ++mNodesRecomputed;
        anything = true;
    }
    for (uint8_t c : mWeightsChanged) anything = anything || c;

    mSkinsRecomputed = 0;
    for (size_t i = 0; i < mJoints.size(); ++i) {
        const SkinnedNode& sn = mRig->skinnedNodes[i];
        const Skin& skin = mRig->skins[size_t(sn.skin)];
        bool dirty = mMoved[size_t(sn.node)] != 0;
        for (size_t j = 0; j < skin.joints.size() && !dirty; ++j) dirty = mMoved[size_t(skin.joints[j])] != 0;
        if (!dirty) continue;
        // jointMatrix = inverse(meshNodeWorld) · jointWorld · inverseBindMatrix: the renderer
        // applies the mesh node's world matrix again, which cancels the first factor.
        glm::mat4 toNode = glm::inverse(mWorld[size_t(sn.node)]);
        Joints& out = mJoints[i];
        for (size_t j = 0; j < skin.joints.size(); ++j) {
            const glm::mat4& ibm = j < skin.inverseBindMatrices.size() ? skin.inverseBindMatrices[j] : glm::mat4(1.0f);
            out.matrices[j] = toNode * mWorld[size_t(skin.joints[j])] * ibm;
        }
        ++out.version;
        ++mSkinsRecomputed;
    }
    mFirst = false;
    return anything;
}

} // namespace th
