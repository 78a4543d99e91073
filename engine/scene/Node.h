#pragma once
// The scene graph: nodes with a local transform, children, and optionally a mesh.
#include <memory>
#include <string>
#include <vector>

#include "scene/Bounds.h"
#include "scene/Mesh.h"
#include "scene/Transform.h"

namespace th {

class Node {
public:
    explicit Node(std::string name = {}) : mName(std::move(name)) {}

    const std::string& name() const { return mName; }
    Transform transform;
    std::shared_ptr<Mesh> mesh;
    bool visible = true;

    Node& addChild(std::unique_ptr<Node> child);
    Node& addChild(std::string name) { return addChild(std::make_unique<Node>(std::move(name))); }
    const std::vector<std::unique_ptr<Node>>& children() const { return mChildren; }
    Node* parent() const { return mParent; }
    /// Finds a descendant (or this) by name, depth first; nullptr when absent.
    Node* find(std::string_view name);

    /// World matrix and world bounds as of the last updateWorld().
    const glm::mat4& world() const { return mWorld; }
    const Bounds& worldBounds() const { return mWorldBounds; }
    /// Bounds of this node's subtree.
    const Bounds& subtreeBounds() const { return mSubtreeBounds; }
    /// Recomputes world matrices and bounds for this subtree.
    void updateWorld(const glm::mat4& parentWorld = glm::mat4(1.0f));

private:
    std::string mName;
    Node* mParent = nullptr;
    std::vector<std::unique_ptr<Node>> mChildren;
    glm::mat4 mWorld{1.0f};
    Bounds mWorldBounds;
    Bounds mSubtreeBounds;
};

} // namespace th
