#pragma once
// A glTF animation: samplers and the channels that drive node properties from them. Plain
// data, shared by every instance of a model; an Animator plays it.
#include <algorithm>
#include <string>
#include <vector>

#include "scene/AnimationSampler.h"

namespace th {

/// The node property a channel drives.
enum class AnimationPath { Translation, Rotation, Scale, Weights };

const char* animationPathName(AnimationPath p);

struct AnimationChannel {
    int sampler = 0;
    int node = 0; ///< index into the rig's nodes (the glTF node index)
    AnimationPath path = AnimationPath::Translation;
};

struct AnimationClip {
    std::string name;
    std::vector<AnimationSampler> samplers;
    std::vector<AnimationChannel> channels;

    /// The clip's length: the last keyframe of any sampler (glTF clips start at time 0).
    float duration() const {
        float d = 0.0f;
        for (auto& s : samplers) d = std::max(d, s.endTime());
        return d;
    }
};

} // namespace th
