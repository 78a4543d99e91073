#include "scene/Node.h"

namespace th {

Node& Node::addChild(std::unique_ptr<Node> child) {
    child->mParent = this;
    mChildren.push_back(std::move(child));
    return *mChildren.back();
}

Node* Node::find(std::string_view name) {
    if (mName == name) return this;
    for (auto& c : mChildren)
        if (Node* n = c->find(name)) return n;
    return nullptr;
}

void Node::updateWorld(const glm::mat4& parentWorld) {
    mWorld = parentWorld * transform.matrix();
    mWorldBounds = {};
    if (mesh) {
        const Bounds local = mesh->localBounds();
        if (mesh->instanced()) mWorldBounds = mesh->instances()->bounds(local).transformed(mWorld);
        else mWorldBounds = local.transformed(mWorld);
    }
    mSubtreeBounds = mWorldBounds;
    for (auto& c : mChildren) {
        c->updateWorld(mWorld);
        mSubtreeBounds.add(c->subtreeBounds());
    }
}

} // namespace th
