#pragma once
// What every instance of an animated model shares: the node hierarchy with its rest pose and
// default morph weights, the skins, the clips, and which nodes draw skinned meshes. Built once
// by the importer; Animators (one per instance) read it and never change it.
#include <string_view>
#include <vector>

#include "scene/AnimationClip.h"
#include "scene/Skin.h"
#include "scene/Transform.h"

namespace th {

struct RigNode {
    int parent = -1;
    Transform rest;
    /// Default morph target weights (the node's, else its mesh's); empty without targets.
    std::vector<float> restWeights;
};

/// A node that draws a mesh skinned by `skin`. Its joint matrices bring vertices into the
/// node's own space, so the renderer applies the node's world matrix as for any mesh (and the
/// node's transform cancels out, as the specification requires).
struct SkinnedNode {
    int node = 0;
    int skin = 0;
};

struct AnimationRig {
    std::vector<RigNode> nodes;
    std::vector<Skin> skins;
    std::vector<AnimationClip> clips;
    std::vector<SkinnedNode> skinnedNodes;

    /// The clip called `name`, else the clip at the index `name` spells; -1 when neither.
    int findClip(std::string_view name) const;
    /// Node indices with every parent before its children (nodes in cycles are left out).
    std::vector<int> parentFirstOrder() const;
};

} // namespace th
