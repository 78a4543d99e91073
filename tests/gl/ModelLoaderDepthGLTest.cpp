// A node hierarchy from a file can be as deep as the file says: the loader walks it without
// recursion and refuses one deeper than the scene graph can hold, with an error, not a crash
// (a 10,000-level chain used to overflow the stack). No meshes: no GL is touched.
#include <doctest/doctest.h>

#include <string>

#include "assets/ImportedModel.h"
#include "assets/ModelLoader.h"
#include "core/Error.h"
#include "scene/Scene.h"

using namespace th;

namespace {
ImportedModel chain(int levels) {
    ImportedModel m;
    m.sourceName = "chain.gltf";
    m.nodes.resize(size_t(levels));
    for (int i = 0; i + 1 < levels; ++i) m.nodes[size_t(i)].children = {i + 1};
    m.rootNodes = {0};
    return m;
}
} // namespace

TEST_CASE("a 100,000-level node chain is an error naming the depth limit, not a crash") {
    Scene scene;
    std::string message;
    try {
        addModelToScene(chain(100000), scene, scene.root(), nullptr, {});
    } catch (const Error& e) {
        message = e.what();
    }
    CHECK(message.find("chain.gltf: node 1000 is 1001 levels deep; the hierarchy may be at most 1000 levels deep") == 0);
}

TEST_CASE("a hierarchy at the depth limit loads, every level in order") {
    Scene scene;
    addModelToScene(chain(kMaxNodeDepth), scene, scene.root(), nullptr, {});
    int depth = 0;
    const Node* n = &scene.root();
    while (!n->children().empty()) {
        n = n->children().front().get();
        ++depth;
    }
    CHECK(depth == kMaxNodeDepth + 1); // the model's own root node, then the chain
}
