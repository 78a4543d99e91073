#pragma once
// What the renderer draws: a node tree, lights, and the sky, fog, environment and post
// settings. Plain data; the renderer owns everything derived from it.
#include <memory>
#include <vector>

#include "scene/Atmosphere.h"
#include "scene/Light.h"
#include "scene/ModelAnimation.h"
#include "scene/Node.h"

namespace th {

class Scene {
public:
    Scene() : mRoot(std::make_unique<Node>("root")) {}

    Node& root() { return *mRoot; }
    const Node& root() const { return *mRoot; }
    std::vector<Light> lights;
    SkySettings sky;
    FogSettings fog;
    EnvironmentSettings environment;
    PostSettings post;
    /// Use the sky's sun as a directional light (with cascaded shadows when enabled).
    bool sunLight = true;

    /// Animated model instances (ModelLoader adds one per animated model).
    std::vector<std::shared_ptr<ModelAnimation>> animations;
    /// Moves every animation on by `seconds` and writes its pose (then call update()).
    void animate(float seconds) {
        for (auto& a : animations) a->update(seconds);
    }

    /// Updates world transforms and bounds of every node.
    void update() { mRoot->updateWorld(); }
    Bounds bounds() const { return mRoot->subtreeBounds(); }

private:
    std::unique_ptr<Node> mRoot;
};

} // namespace th
