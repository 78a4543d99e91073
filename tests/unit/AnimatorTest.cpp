// The animator: tracks with time, speed, loop modes and weights; cross-fades; world and joint
// matrices recomputed only for what moved; instances of one model animating independently.
#include <doctest/doctest.h>

#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "scene/Animator.h"

using namespace th;

namespace {

AnimationSampler linearX(float from, float to, float duration) {
    AnimationSampler s;
    s.interpolation = Interpolation::Linear;
    s.width = 3;
    s.times = {0, duration};
    s.values = {from, 0, 0, to, 0, 0};
    return s;
}

AnimationSampler rotationZ(float fromDeg, float toDeg, float duration) {
    AnimationSampler s;
    s.interpolation = Interpolation::Linear;
    s.quaternion = true;
    s.width = 4;
    s.times = {0, duration};
    for (float d : {fromDeg, toDeg}) {
        glm::quat q = glm::angleAxis(glm::radians(d), glm::vec3(0, 0, 1));
        s.values.insert(s.values.end(), {q.x, q.y, q.z, q.w});
    }
    return s;
}

// Node 0: root; node 1: a skinned mesh under the root; nodes 2 → 3: a two-joint arm along +x,
// the elbow (3) one unit from the shoulder (2). Node 4 is static, never animated.
std::shared_ptr<AnimationRig> armRig() {
    auto rig = std::make_shared<AnimationRig>();
    rig->nodes.resize(5);
    rig->nodes[1].parent = 0;
    rig->nodes[2].parent = 0;
    rig->nodes[3].parent = 2;
    rig->nodes[3].rest.translation = {1, 0, 0};
    rig->nodes[4].parent = 0;
    rig->nodes[1].restWeights = {0.25f};
    Skin skin;
    skin.joints = {2, 3};
    skin.inverseBindMatrices = {glm::mat4(1.0f), glm::translate(glm::mat4(1.0f), glm::vec3(-1, 0, 0))};
    rig->skins.push_back(skin);
    rig->skinnedNodes.push_back({1, 0});

    AnimationClip slide{"slide", {linearX(0, 2, 2)}, {{0, 0, AnimationPath::Translation}}};
    AnimationClip bend{"bend", {rotationZ(0, 90, 1)}, {{0, 3, AnimationPath::Rotation}}};
    AnimationSampler w;
    w.width = 1;
    w.times = {0, 1};
    w.values = {0, 1};
    AnimationClip morph{"morph", {w}, {{0, 1, AnimationPath::Weights}}};
    AnimationClip still{"still", {linearX(5, 5, 1)}, {{0, 0, AnimationPath::Translation}}};
    rig->clips = {slide, bend, morph, still};
    return rig;
}

glm::vec3 skinned(const Animator& a, int joint, glm::vec3 bindPosition) {
    return glm::vec3(a.jointMatrices(0)[size_t(joint)] * glm::vec4(bindPosition, 1.0f));
}

void checkNear(glm::vec3 a, glm::vec3 b) {
    CAPTURE(a.x);
    CAPTURE(a.y);
    CAPTURE(a.z);
    CHECK(glm::length(a - b) < 1e-5f);
}

} // namespace

TEST_CASE("clips are found by name or by index") {
    auto rig = armRig();
    CHECK(rig->findClip("bend") == 1);
    CHECK(rig->findClip("2") == 2);
    CHECK(rig->findClip("4") == -1);
    CHECK(rig->findClip("walk") == -1);
    CHECK(rig->findClip("1x") == -1);
}

TEST_CASE("joint matrices follow the posed joints: a vertex at the elbow turns with the shoulder's child") {
    auto rig = armRig();
    Animator a(rig);
    a.play(rig->findClip("bend"), LoopMode::Once);
    a.setTime(1.0f); // the end of the clip: elbow turned 90° about z
    REQUIRE(a.evaluate());
    // A vertex one unit past the elbow in the bind pose (x = 2), bound to the elbow, now
    // points up from the elbow: (1, 1, 0). One bound to the shoulder stays.
    checkNear(skinned(a, 1, {2, 0, 0}), {1, 1, 0});
    checkNear(skinned(a, 0, {0.5f, 0, 0}), {0.5f, 0, 0});
    // The mesh node's own placement cancels out (the specification ignores it): the root's
    // slide moves the joints and the mesh node alike.
    a.stopAll();
    a.play(rig->findClip("slide"));
    a.setTime(1.0f);
    a.evaluate();
    checkNear(glm::vec3(a.world(3)[3]), {2, 0, 0});
    checkNear(skinned(a, 1, {2, 0, 0}), {2, 0, 0});
}

TEST_CASE("only what moved is recomputed, once per evaluation") {
    auto rig = armRig();
    Animator a(rig);
    a.play(rig->findClip("bend"));
    a.evaluate(); // the first evaluation computes every node
    CHECK(a.nodesRecomputed() == 5);
    a.advance(0.25f);
    a.evaluate();
    // Only the elbow moved: node 3 and nothing above or beside it.
    CHECK(a.nodesRecomputed() == 1);
    CHECK(a.moved(3));
    CHECK_FALSE(a.moved(4));
    CHECK(a.skinsRecomputed() == 1);
    uint64_t version = a.jointVersion(0);
    // Nothing advanced: nothing to recompute and nothing to upload.
    CHECK_FALSE(a.evaluate());
    CHECK(a.nodesRecomputed() == 0);
    CHECK(a.skinsRecomputed() == 0);
    CHECK(a.jointVersion(0) == version);
}

TEST_CASE("two instances of one model animate independently and share its data") {
    auto rig = armRig();
    Animator a(rig), b(rig);
    CHECK(&a.rig() == &b.rig());
    a.play(0);
    b.play(0);
    a.advance(0.5f);
    b.advance(1.5f);
    a.evaluate();
    b.evaluate();
    CHECK(a.local(0).translation.x == doctest::Approx(0.5f));
    CHECK(b.local(0).translation.x == doctest::Approx(1.5f));
    CHECK(rig->nodes[0].rest.translation.x == 0.0f);
}

TEST_CASE("loop modes: repeat wraps, once holds the end, ping-pong comes back") {
    auto rig = armRig();
    Animator repeat(rig), once(rig), pingPong(rig);
    repeat.play(0, LoopMode::Repeat);
    once.play(0, LoopMode::Once);
    pingPong.play(0, LoopMode::PingPong);
    for (Animator* a : {&repeat, &once, &pingPong}) {
        a->advance(1.5f);
        a->advance(1.0f); // 2.5 s into a 2 s clip
        a->evaluate();
    }
    CHECK(repeat.local(0).translation.x == doctest::Approx(0.5f));
    CHECK(once.local(0).translation.x == doctest::Approx(2.0f));
    CHECK_FALSE(once.tracks()[0].playing);
    CHECK(pingPong.local(0).translation.x == doctest::Approx(1.5f));
    pingPong.advance(1.0f);
    pingPong.evaluate();
    CHECK(pingPong.local(0).translation.x == doctest::Approx(0.5f));
}

TEST_CASE("speed scales time and a track's weight blends with the rest pose") {
    auto rig = armRig();
    Animator a(rig);
    size_t t = a.play(0);
    a.tracks()[t].speed = 2.0f;
    a.advance(0.5f);
    a.evaluate();
    CHECK(a.local(0).translation.x == doctest::Approx(1.0f));
    a.tracks()[t].weight = 0.5f;
    a.evaluate();
    CHECK(a.local(0).translation.x == doctest::Approx(0.5f));
    // Removing the track puts the node back to its rest pose.
    a.stopAll();
    a.evaluate();
    CHECK(a.local(0).translation.x == 0.0f);
    CHECK(a.moved(0));
}

TEST_CASE("a cross-fade at its midpoint lies halfway between the two clips' poses") {
    auto rig = armRig();
    Animator a(rig);
    a.play(rig->findClip("slide"));
    a.setTime(0.5f); // x = 0.5, and the slide keeps moving during the fade
    a.crossFade(rig->findClip("still"), 1.0f);
    a.advance(0.5f);
    a.evaluate();
    REQUIRE(a.tracks().size() == 2);
    CHECK(a.tracks()[0].weight == doctest::Approx(0.5f));
    CHECK(a.tracks()[1].weight == doctest::Approx(0.5f));
    // slide at 1.0 s: x = 1; still: x = 5; halfway: 3.
    CHECK(a.local(0).translation.x == doctest::Approx(3.0f));
    a.advance(0.5f);
    a.evaluate();
    REQUIRE(a.tracks().size() == 1);
    CHECK(a.tracks()[0].clip == rig->findClip("still"));
    CHECK(a.local(0).translation.x == doctest::Approx(5.0f));
}

TEST_CASE("morph weights start at the defaults and follow weight channels") {
    auto rig = armRig();
    Animator a(rig);
    CHECK(a.weights(1)[0] == 0.25f);
    a.play(rig->findClip("morph"));
    a.setTime(0.5f);
    a.evaluate();
    CHECK(a.weights(1)[0] == doctest::Approx(0.5f));
    CHECK(a.weightsChanged(1));
    a.evaluate();
    CHECK_FALSE(a.weightsChanged(1));
}

TEST_CASE("only nodes whose own transform changed are marked for the scene") {
    auto rig = armRig();
    Animator a(rig);
    a.play(rig->findClip("slide"));
    a.setTime(1.0f);
    a.evaluate();
    CHECK(a.localChanged(0));
    CHECK(a.local(0).translation.x == doctest::Approx(1.0f));
    CHECK_FALSE(a.localChanged(3)); // moved with its parent, its own transform did not change
    CHECK(a.moved(3));
    CHECK_FALSE(a.localChanged(4));
}
