#include "assets/ImportedModel.h"

namespace th {

std::vector<glm::mat4> ImportedModel::worldMatrices() const {
    std::vector<glm::mat4> world(nodes.size());
    for (size_t i = 0; i < nodes.size(); ++i) world[i] = nodes[i].local;
    // Iterative walk: hierarchies from files can be deep, and the importer has already
    // rejected cycles and nodes with two parents.
    std::vector<int> stack(rootNodes.rbegin(), rootNodes.rend());
    while (!stack.empty()) {
        int n = stack.back();
        stack.pop_back();
        for (int c : nodes[size_t(n)].children) {
            world[size_t(c)] = world[size_t(n)] * nodes[size_t(c)].local;
            stack.push_back(c);
        }
    }
    return world;
}

Bounds ImportedModel::worldBounds() const {
    std::vector<glm::mat4> world = worldMatrices();
    std::vector<Bounds> meshBounds(meshes.size());
    for (size_t m = 0; m < meshes.size(); ++m) meshBounds[m] = meshes[m].bounds();
    Bounds out;
    std::vector<int> stack(rootNodes.begin(), rootNodes.end());
    while (!stack.empty()) {
        int n = stack.back();
        stack.pop_back();
        const ImportedNode& node = nodes[size_t(n)];
        if (node.mesh >= 0) {
            const Bounds& b = meshBounds[size_t(node.mesh)];
            if (node.instances.empty()) out.add(b.transformed(world[size_t(n)]));
            for (const glm::mat4& instance : node.instances) out.add(b.transformed(world[size_t(n)] * instance));
        }
        stack.insert(stack.end(), node.children.begin(), node.children.end());
    }
    return out;
}

size_t ImportedModel::meshInstanceCount() const {
    size_t count = 0;
    std::vector<int> stack(rootNodes.begin(), rootNodes.end());
    while (!stack.empty()) {
        const ImportedNode& node = nodes[size_t(stack.back())];
        stack.pop_back();
        if (node.mesh >= 0) count += node.instances.empty() ? 1 : node.instances.size();
        stack.insert(stack.end(), node.children.begin(), node.children.end());
    }
    return count;
}

} // namespace th

namespace th {

AnimationRig ImportedModel::animationRig() const {
    AnimationRig rig;
    rig.nodes.resize(nodes.size());
    for (size_t i = 0; i < nodes.size(); ++i) {
        const ImportedNode& n = nodes[i];
        rig.nodes[i].rest = Transform::fromMatrix(n.local);
        rig.nodes[i].restWeights = n.weights;
        for (int c : n.children)
            if (c >= 0 && size_t(c) < nodes.size()) rig.nodes[size_t(c)].parent = int(i);
        if (n.skin >= 0 && n.mesh >= 0) rig.skinnedNodes.push_back({int(i), n.skin});
    }
    rig.skins = skins;
    rig.clips = animations;
    return rig;
}

} // namespace th
