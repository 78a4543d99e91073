// Skinning and morphing on the GPU, checked in pixels: a posed vertex lands where a CPU
// reference puts it, a morph target at half weight moves the silhouette halfway, the shadow
// follows a moving arm, a vertex-displacing plugin moves the posed vertices, a cross-fade's
// midpoint lies between its poses, and the Fox walks (its legs move; the capture is stable).
#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "support/GltfTestSupport.h"
#include "support/LightingTestSupport.h"
#include "support/PluginGlTestSupport.h"
#include "support/PluginTestSupport.h"

#include "assets/ModelLoader.h"
#include "material/MaterialPlugin.h"
#include "scene/MeshDeformation.h"
#include "scene/MorphTargetTexture.h"

using namespace th;
using namespace th::test;

namespace {

constexpr int kSize = 160;

/// The box around every pixel that differs from the background (x right, y down).
struct PixelBox {
    int x0 = 1 << 20, y0 = 1 << 20, x1 = -1, y1 = -1;
    bool empty() const { return x1 < 0; }
};

PixelBox silhouette(const ImageRgba8& image, std::array<uint8_t, 4> background) {
    PixelBox b;
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x) {
            auto p = image.rgba(x, y);
            int d = std::abs(p[0] - background[0]) + std::abs(p[1] - background[1]) + std::abs(p[2] - background[2]);
            if (d < 24) continue;
            b.x0 = std::min(b.x0, x), b.y0 = std::min(b.y0, y), b.x1 = std::max(b.x1, x), b.y1 = std::max(b.y1, y);
        }
    return b;
}

// A flat ribbon along +x in the plane z = 0 (facing +z), from the shoulder at x = 0 to the tip
// at x = 2, 0.2 wide, in two segments: vertices at x = 0 and 1 follow the shoulder (node 1),
// those at x = 2 the elbow (node 2, one unit along the shoulder). Node 0 draws it. `plane`
// XZ lays it flat, facing +y, for the shadow test.
ImportedModel armModel(bool flat = false) {
    ImportedModel m;
    m.sourceName = "arm (test)";
    MeshData mesh;
    mesh.name = "arm";
    for (float x : {0.0f, 1.0f, 2.0f})
        for (float s : {-0.1f, 0.1f}) {
            mesh.positions.push_back(flat ? glm::vec3(x, 1.0f, s) : glm::vec3(x, s, 0));
            mesh.normals.push_back(flat ? glm::vec3(0, 1, 0) : glm::vec3(0, 0, 1));
            mesh.joints0.push_back(glm::u16vec4(x > 1.5f ? 1 : 0, 0, 0, 0));
            mesh.weights0.push_back(glm::vec4(1, 0, 0, 0));
        }
    // Counter-clockwise seen from +z (or from +y when flat: the order flips with the plane).
    if (flat)
        mesh.indices = {0, 1, 2, 2, 1, 3, 2, 3, 4, 4, 3, 5};
    else
        mesh.indices = {0, 2, 1, 1, 2, 3, 2, 4, 3, 3, 4, 5};
    mesh.tangents.assign(mesh.positions.size(), glm::vec4(1, 0, 0, 1));
    mesh.submeshes = {Submesh{0, uint32_t(mesh.indices.size()), 0}};
    m.meshes.push_back(mesh);
    ImportedMaterial material;
    material.name = "arm";
    material.params.unlit = !flat;
    material.params.doubleSided = true;
    material.params.metallicFactor = 0.0f;
    m.materials.push_back(material);
    m.nodes.resize(3);
    m.nodes[0].name = "body";
    m.nodes[0].mesh = 0;
    m.nodes[0].skin = 0;
    m.nodes[1].name = "shoulder";
    m.nodes[1].children = {2};
    m.nodes[2].name = "elbow";
    m.nodes[2].local = glm::translate(glm::mat4(1.0f), flat ? glm::vec3(1, 1, 0) : glm::vec3(1, 0, 0));
    m.rootNodes = {0, 1};
    Skin skin;
    skin.name = "arm";
    skin.joints = {1, 2};
    skin.inverseBindMatrices = {glm::mat4(1.0f), glm::inverse(m.nodes[2].local)};
    m.skins.push_back(skin);
    return m;
}

/// A clip holding the elbow at `degrees` about `axis` (two equal keys).
AnimationClip holdElbow(const std::string& name, float degrees, glm::vec3 axis = {0, 0, 1}) {
    AnimationSampler s;
    s.interpolation = Interpolation::Linear;
    s.quaternion = true;
    s.width = 4;
    s.times = {0, 1};
    glm::quat q = glm::angleAxis(glm::radians(degrees), axis);
    for (int k = 0; k < 2; ++k) s.values.insert(s.values.end(), {q.x, q.y, q.z, q.w});
    return AnimationClip{name, {s}, {{0, 2, AnimationPath::Rotation}}};
}

/// A clip bending the elbow from 0° to 90° about z over one second.
AnimationClip bendElbow() {
    AnimationClip c = holdElbow("bend", 0.0f);
    glm::quat q = glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 0, 1));
    float* key1 = &c.samplers[0].values[4];
    key1[0] = q.x, key1[1] = q.y, key1[2] = q.z, key1[3] = q.w;
    return c;
}

/// The CPU reference for the ribbon: the tip vertices turned by `degrees` about the elbow
/// (built here from glm, not from the animator).
std::vector<glm::vec3> referenceArm(float degrees) {
    glm::mat4 bend = glm::translate(glm::mat4(1.0f), glm::vec3(1, 0, 0)) *
                     glm::rotate(glm::mat4(1.0f), glm::radians(degrees), glm::vec3(0, 0, 1)) *
                     glm::translate(glm::mat4(1.0f), glm::vec3(-1, 0, 0));
    std::vector<glm::vec3> out;
    for (float x : {0.0f, 1.0f, 2.0f})
        for (float s : {-0.1f, 0.1f}) {
            glm::vec3 p(x, s, 0);
            out.push_back(x > 1.5f ? glm::vec3(bend * glm::vec4(p, 1.0f)) : p);
        }
    return out;
}

/// A front camera on the ribbon's plane, fixed (not framed on bounds, so poses compare).
void frontCamera(GltfStage& stage) {
    stage.camera.position = {1.0f, 0.5f, 6.0f};
    stage.camera.target = {1.0f, 0.5f, 0.0f};
    stage.camera.up = {0, 1, 0};
    stage.camera.yfov = glm::radians(40.0f);
    stage.camera.nearPlane = 0.5f;
    stage.camera.farPlane = 20.0f;
}

/// The pixel box of projected points (for comparing with a silhouette: centres of covered
/// pixels lie within half a pixel of the true edges).
struct Extent {
    float left = 1e9f, right = -1e9f, top = 1e9f, bottom = -1e9f;
};
Extent project(const PixelProjector& p, const std::vector<glm::vec3>& points) {
    Extent e;
    for (auto& q : points) {
        glm::vec2 s = p(q);
        e.left = std::min(e.left, s.x), e.right = std::max(e.right, s.x);
        e.top = std::min(e.top, s.y), e.bottom = std::max(e.bottom, s.y);
    }
    return e;
}

void checkWithinAPixel(const PixelBox& box, const Extent& e) {
    CAPTURE(box.x0);
    CAPTURE(box.x1);
    CAPTURE(box.y0);
    CAPTURE(box.y1);
    CAPTURE(e.left);
    CAPTURE(e.right);
    CAPTURE(e.top);
    CAPTURE(e.bottom);
    // Pixel x covers [x, x + 1): the silhouette's outer boundary is x0 on the left and x1 + 1
    // on the right. The extreme vertex lies within a pixel of it (a thin spike such as an ear
    // tip may end short of the next pixel centre).
    CHECK(std::abs(float(box.x0) - e.left) <= 1.0f);
    CHECK(std::abs(float(box.x1 + 1) - e.right) <= 1.0f);
    CHECK(std::abs(float(box.y0) - e.top) <= 1.0f);
    CHECK(std::abs(float(box.y1 + 1) - e.bottom) <= 1.0f);
}

const std::array<uint8_t, 4> kGrey = {64, 64, 64, 255};

/// Moves every vertex up by `lift` in object space, after the engine has posed it.
class LiftPlugin : public MaterialPlugin {
public:
    explicit LiftPlugin(float lift) : MaterialPlugin(declaration(lift)) {}
    static PluginDeclaration declaration(float lift) {
        PluginDeclaration d;
        d.name = "Lift";
        d.vertex = {{"CUSTOM_VERTEX_UPDATE_POSITION", str("positionUpdated.y += ", lift, ";\n")}};
        return d;
    }
};

/// A plugin that is its declaration.
class DeclaredPlugin : public MaterialPlugin {
public:
    explicit DeclaredPlugin(PluginDeclaration d) : MaterialPlugin(std::move(d)) {}
};

} // namespace

TEST_CASE("a skinned mesh posed at a given time puts its vertices where a CPU reference skinning does") {
    GltfStage stage(GlApi::Gles30, kSize, kSize);
    ImportedModel arm = armModel();
    arm.animations = {bendElbow()};
    stage.add(arm);
    REQUIRE(stage.loaded.animation);
    Animator& animator = stage.loaded.animation->animator();
    animator.play(0, LoopMode::Once);
    animator.setTime(0.5f); // 45°
    stage.loaded.animation->update(0.0f);
    frontCamera(stage);
    ImageRgba8 image = stage.render();
    PixelBox box = silhouette(image, kGrey);
    REQUIRE_FALSE(box.empty());
    checkWithinAPixel(box, project(stage.projector(), referenceArm(45.0f)));
    // And the bind pose would have put the tip elsewhere: the check can fail.
    Extent rest = project(stage.projector(), referenceArm(0.0f));
    CHECK(std::abs((box.y0 + 0.5f) - rest.top) > 10.0f);
    CHECK(stage.renderer->stats().errorDraws == 0);
}

TEST_CASE("a morph target at weight 0.5 moves the silhouette halfway") {
    GltfStage stage(GlApi::Gles30, kSize, kSize);
    ImportedModel m = armModel();
    m.skins.clear();
    m.nodes[0].skin = -1;
    MeshData& mesh = m.meshes[0];
    mesh.joints0.clear();
    mesh.weights0.clear();
    // The target lifts the tip's upper corner by 1.
    MorphTarget lift;
    lift.positions.assign(mesh.positions.size(), glm::vec3(0.0f));
    lift.positions[5] = {0, 1, 0};
    mesh.targets = {lift};
    mesh.defaultWeights = {0.5f};
    m.nodes[0].weights = {0.5f};
    stage.add(m);
    REQUIRE(stage.loaded.animation);
    frontCamera(stage);
    PixelBox box = silhouette(stage.render(), kGrey);
    PixelProjector p = stage.projector();
    float halfway = p({2, 0.6f, 0}).y, rest = p({2, 0.1f, 0}).y, full = p({2, 1.1f, 0}).y;
    CAPTURE(box.y0);
    CAPTURE(halfway);
    CHECK(std::abs((box.y0 + 0.5f) - halfway) <= 1.0f);
    CHECK(box.y0 < rest - 10.0f);
    CHECK(box.y0 > full + 10.0f);
    // The bounds hold the morphed mesh.
    CHECK(stage.loaded.root->subtreeBounds().max.y >= 0.6f - 1e-4f);
}

TEST_CASE("the shadow of a moving arm moves with it") {
    auto context = makeTestContext(GlApi::Gles30, kSize, kSize);
    Renderer renderer(*context, testRendererOptions());
    auto scene = darkScene();
    addMesh(*scene, "floor", floorMesh(12.0f), greyMaterial("floor"));
    ImportedModel arm = armModel(true);
    // Straight, and bent 90° about y so the forearm points along +z.
    arm.animations = {holdElbow("straight", 0.0f, {0, 1, 0}), holdElbow("bent", -90.0f, {0, 1, 0})};
    ModelLoadOptions load;
    load.importLights = false;
    LoadedModel loaded = addModelToScene(arm, *scene, scene->root(), &renderer.materials(), load);
    REQUIRE(loaded.animation);
    Light spot = spotLight({1, 4, 4}, {1, 0, -1}, glm::radians(40.0f), 20.0f, 60.0f);
    spot.castShadows = true;
    scene->lights = {spot};
    Camera camera = topCamera({1, 0, -0.5f}, 8.0f);
    RenderTarget output(kSize, kSize, TextureFormat::RGBA8, "output");
    // From the light at (1, 4, 4), a point at height 1 casts its shadow 4/3 of the way on:
    // the straight forearm's under (1.9, 0, -1.33), the bent one's under (1, 0, -0.6).
    const glm::vec3 straightShadow{1.9f, 0, -1.33f}, bentShadow{1.0f, 0, -0.6f};
    auto pose = [&](int clip) {
        loaded.animation->animator().stopAll();
        loaded.animation->animator().play(clip);
        loaded.animation->update(0.0f);
        scene->update();
        return renderImage(renderer, *scene, camera, output);
    };
    ImageRgba8 straight = pose(0), bent = pose(1);
    int s1 = brightnessAt(straight, camera, straightShadow), s2 = brightnessAt(straight, camera, bentShadow);
    int b1 = brightnessAt(bent, camera, straightShadow), b2 = brightnessAt(bent, camera, bentShadow);
    MESSAGE("straight pose: ", s1, " under the straight forearm, ", s2, " under the bent one; bent pose: ", b1, ", ",
            b2);
    CHECK(s2 > 40);
    CHECK(s1 < s2 / 3);
    CHECK(b1 > 40);
    CHECK(b2 < b1 / 3);
    CHECK(renderer.stats().errorDraws == 0);
    requireNoGlErrors(*context);
}

TEST_CASE("a vertex-displacing plugin on a skinned mesh moves the posed vertices") {
    GltfStage stage(GlApi::Gles30, kSize, kSize);
    ImportedModel arm = armModel();
    arm.animations = {holdElbow("up", 90.0f)};
    stage.add(arm);
    stage.loaded.materials[0]->addPlugin(std::make_shared<LiftPlugin>(0.5f));
    stage.loaded.animation->animator().play(0);
    stage.loaded.animation->update(0.0f);
    frontCamera(stage);
    PixelBox box = silhouette(stage.render(), kGrey);
    // Posed, the forearm points up to y = 1; lifted by 0.5 after posing: the top is at 1.5
    // (lifting the bind pose would give 0.6).
    std::vector<glm::vec3> posed = referenceArm(90.0f);
    for (auto& v : posed) v.y += 0.5f;
    checkWithinAPixel(box, project(stage.projector(), posed));
    CHECK(stage.renderer->stats().errorDraws == 0);
}

TEST_CASE("a cross-fade at its midpoint lies between the two poses") {
    GltfStage stage(GlApi::Gles30, kSize, kSize);
    ImportedModel arm = armModel();
    arm.animations = {holdElbow("down", 0.0f), holdElbow("up", 90.0f)};
    stage.add(arm);
    Animator& animator = stage.loaded.animation->animator();
    animator.play(0);
    animator.crossFade(1, 1.0f);
    stage.loaded.animation->update(0.5f);
    frontCamera(stage);
    PixelBox box = silhouette(stage.render(), kGrey);
    // Halfway between 0° and 90° about one axis: 45°.
    checkWithinAPixel(box, project(stage.projector(), referenceArm(45.0f)));
    PixelProjector p = stage.projector();
    CHECK(box.y0 + 0.5f < project(p, referenceArm(0.0f)).top - 4.0f);
    CHECK(box.y0 + 0.5f > project(p, referenceArm(90.0f)).top + 4.0f);
}

TEST_CASE("Fox: Walk at 0.5 s moves the legs from 0 s, matches CPU skinning, and is stable") {
    std::filesystem::path fox = sampleModelPath("Fox");
    if (!requireFile(fox)) return;
    GltfStage stage(GlApi::Gles30, 256, 192);
    GltfImportOptions options;
    options.decodeImages = false;
    stage.load(fox, false, options);
    REQUIRE(stage.loaded.animation);
    // The Fox faces +z; look at its side.
    stage.lookAlong(glm::vec3(-1, 0, 0), glm::vec3(0, 1, 0), 1.3f);
    Animator& animator = stage.loaded.animation->animator();
    int walk = stage.loaded.animation->rig().findClip("Walk");
    REQUIRE(walk >= 0);
    animator.play(walk);
    auto at = [&](float t) {
        animator.setTime(t);
        stage.loaded.animation->update(0.0f);
        return stage.render();
    };
    ImageRgba8 t0 = at(0.0f), half = at(0.5f), again = at(0.5f);
    CHECK(half.pixels == again.pixels);

    // CPU reference skinning of the same data at 0.5 s: Σ weight · joint matrix · vertex,
    // then the mesh node's world matrix.
    const MeshData& mesh = stage.model.meshes[0];
    const AnimationRig& rig = stage.loaded.animation->rig();
    REQUIRE(rig.skinnedNodes.size() == 1);
    const std::vector<glm::mat4>& joints = animator.jointMatrices(0);
    Node* meshNode = nullptr;
    std::function<void(Node&)> findMesh = [&](Node& n) {
        if (n.mesh) meshNode = &n;
        for (auto& c : n.children()) findMesh(*c);
    };
    findMesh(*stage.loaded.root);
    REQUIRE(meshNode);
    std::vector<glm::vec3> posed;
    for (size_t v = 0; v < mesh.vertexCount(); ++v) {
        glm::mat4 m(0.0f);
        for (int k = 0; k < 4; ++k) m += mesh.weights0[v][k] * joints[mesh.joints0[v][k]];
        posed.push_back(glm::vec3(meshNode->world() * m * glm::vec4(mesh.positions[v], 1.0f)));
    }
    std::array<uint8_t, 4> background = {64, 64, 64, 255};
    PixelBox box = silhouette(half, background);
    checkWithinAPixel(box, project(stage.projector(), posed));

    // The legs (the lower third of the silhouette) move; so do more pixels there than a
    // rounding difference could explain.
    int legsTop = box.y0 + (box.y1 - box.y0) * 2 / 3, changed = 0;
    for (int y = legsTop; y <= box.y1; ++y)
        for (int x = 0; x < half.width; ++x) {
            auto a = t0.rgba(x, y), b = half.rgba(x, y);
            changed += std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]) > 30;
        }
    MESSAGE("Fox legs: ", changed, " pixels differ between Walk at 0 s and 0.5 s");
    CHECK(changed > 100);
    CHECK(stage.renderer->stats().errorDraws == 0);
}

TEST_CASE("skinned and morphed variants compile in every pass, both APIs, and glslangValidator agrees") {
    const uint32_t everyMorph = kMorphPosition | kMorphNormal | kMorphTangent | kMorphUv0 | kMorphUv1 | kMorphColor;
    struct Variant {
        const char* name;
        int influences;
        uint32_t morphs;
        int texels; // position, normal, tangent, uv0+uv1 (one texel), colour
    };
    const Variant variants[] = {{"4 influences", 4, 0, 0},
                                {"8 influences", 8, 0, 0},
                                {"every morph attribute", 0, everyMorph, 5},
                                {"positions morphed only", 0, kMorphPosition, 1},
                                {"8 influences and every morph attribute", 8, everyMorph, 5}};
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        GltfStage stage(api, 16, 16);
        PbrMaterial material("posed");
        for (const Variant& v : variants) {
            CAPTURE(v.name);
            DrawInfo mesh;
            mesh.hasTangents = mesh.hasUv1 = mesh.hasColors = true;
            mesh.skinInfluences = v.influences;
            mesh.morphAttributes = v.morphs;
            mesh.morphTexelsPerVertex = v.texels;
            compileEveryVariant(
                *stage.renderer, material,
                [&](RenderPass, bool, const std::string& vs, const std::string&) {
                    CHECK(has(vs, "skinMatrix()") == (v.influences > 0));
                    CHECK(has(vs, "joints1") == (v.influences > 4));
                    CHECK(has(vs, "morphDelta(") == (v.morphs != 0));
                },
                mesh);
        }
        requireNoGlErrors(*stage.context);
    }
}

TEST_CASE("eight influences on an instanced mesh with plugin attributes: over the 16 locations, every contributor named") {
    GltfStage stage(GlApi::Gles30, 16, 16);
    auto perInstance = [](int attributes) {
        PluginDeclaration d;
        d.name = "PerInstance";
        std::string sum = "vec4 s = vec4(0.0);\n";
        for (int i = 0; i < attributes; ++i) {
            d.attributes.push_back({str("instanceData", i), 4});
            sum += str("#ifdef INSTANCES\ns += instanceData", i, ";\n#endif\n");
        }
        d.vertex = {{"CUSTOM_VERTEX_MAIN_END", sum + "gl_Position += 0.0 * s;\n"}};
        return std::make_shared<DeclaredPlugin>(d);
    };
    DrawInfo draw;
    draw.instanced = true;
    draw.skinInfluences = 8;
    // Engine 6, instance matrix 4, plugin 2, skinning 4: exactly 16, so it builds.
    PbrMaterial fits("fits");
    fits.addPlugin(perInstance(2));
    auto ok = stage.renderer->effects().get(stage.renderer->effectRequest(fits, draw));
    stage.renderer->effects().finishAll();
    INFO(ok->error());
    CHECK(ok->ready());
    // One more plugin attribute: 17 locations.
    PbrMaterial over("over");
    over.addPlugin(perInstance(3));
    auto failed = stage.renderer->effects().get(stage.renderer->effectRequest(over, draw));
    stage.renderer->effects().finishAll();
    REQUIRE(failed->failed());
    const std::string& e = failed->error();
    MESSAGE(e);
    CHECK(has(e, "needs 17 attribute locations"));
    CHECK(has(e, "WebGL2 guarantees 16"));
    CHECK(has(e, "skinning: 4 (joints0, weights0, joints1, weights1)"));
    CHECK(has(e, "plugin 'PerInstance': 3"));
    CHECK(has(e, "instancing: 4"));
}

TEST_CASE("three hundred joints: a vertex on joint 299, in the joint texture's second row, follows it") {
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        GltfStage stage(api, kSize, kSize);
        ImportedModel arm = armModel();
        // 298 idle joints between the shoulder and the elbow: the elbow becomes joint 299.
        Skin& skin = arm.skins[0];
        for (int i = 0; i < 298; ++i) {
            arm.nodes.push_back(ImportedNode{});
            arm.nodes.back().name = str("idle ", i);
            arm.rootNodes.push_back(int(arm.nodes.size() - 1));
            skin.joints.insert(skin.joints.end() - 1, int(arm.nodes.size() - 1));
            skin.inverseBindMatrices.insert(skin.inverseBindMatrices.end() - 1, glm::mat4(1.0f));
        }
        REQUIRE(skin.joints.size() == 300);
        for (auto& j : arm.meshes[0].joints0)
            if (j.x == 1) j.x = 299;
        arm.animations = {bendElbow()};
        stage.add(arm);
        REQUIRE(stage.loaded.animation);
        stage.loaded.animation->animator().play(0, LoopMode::Once);
        stage.loaded.animation->animator().setTime(0.5f);
        stage.loaded.animation->update(0.0f);
        frontCamera(stage);
        PixelBox box = silhouette(stage.render(), kGrey);
        REQUIRE_FALSE(box.empty());
        checkWithinAPixel(box, project(stage.projector(), referenceArm(45.0f)));
        CHECK(stage.renderer->stats().errorDraws == 0);
    }
}

TEST_CASE("forty morph targets: only the weighted one moves the mesh") {
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        GltfStage stage(api, kSize, kSize);
        ImportedModel m = armModel();
        m.skins.clear();
        m.nodes[0].skin = -1;
        MeshData& mesh = m.meshes[0];
        mesh.joints0.clear();
        mesh.weights0.clear();
        // Target k lowers the tip's lower corner by k / 10; target 37 lifts its upper corner by 1.
        for (int k = 0; k < 40; ++k) {
            MorphTarget t;
            t.positions.assign(mesh.positions.size(), glm::vec3(0.0f));
            if (k == 37)
                t.positions[5] = {0, 1, 0};
            else
                t.positions[4] = {0, -0.1f * float(k), 0};
            mesh.targets.push_back(t);
        }
        mesh.defaultWeights.assign(40, 0.0f);
        m.nodes[0].weights.assign(40, 0.0f);
        m.nodes[0].weights[37] = 0.5f;
        stage.add(m);
        REQUIRE(stage.loaded.animation);
        frontCamera(stage);
        PixelBox box = silhouette(stage.render(), kGrey);
        PixelProjector p = stage.projector();
        CAPTURE(box.y0);
        CAPTURE(box.y1);
        CHECK(std::abs((box.y0 + 0.5f) - p({2, 0.6f, 0}).y) <= 1.0f);
        // No other target moved the lower edge (target 39 alone would put it 3.9 lower).
        CHECK(std::abs(float(box.y1 + 1) - p({2, -0.1f, 0}).y) <= 1.0f);
        CHECK(stage.renderer->stats().errorDraws == 0);
    }
}

TEST_CASE("an instanced skinned mesh: every instance is posed, placed by its own matrix") {
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        GltfStage stage(api, kSize, kSize);
        ImportedModel arm = armModel();
        const glm::vec3 offset{0, -1.5f, 0};
        arm.nodes[0].instances = {glm::mat4(1.0f), glm::translate(glm::mat4(1.0f), offset)};
        arm.animations = {holdElbow("up", 90.0f)};
        stage.add(arm);
        REQUIRE(stage.loaded.animation);
        stage.loaded.animation->animator().play(0);
        stage.loaded.animation->update(0.0f);
        frontCamera(stage);
        ImageRgba8 image = stage.render();
        PixelProjector p = stage.projector();
        auto covered = [&](glm::vec3 at) {
            glm::vec2 s = p(at);
            auto c = image.rgba(int(s.x), int(s.y));
            return std::abs(c[0] - kGrey[0]) + std::abs(c[1] - kGrey[1]) + std::abs(c[2] - kGrey[2]) >= 24;
        };
        for (glm::vec3 instance : {glm::vec3(0.0f), offset}) {
            CAPTURE(instance.y);
            // The forearm points up from the elbow at (1, 0): (1, 0.6) is covered, the bind
            // pose's tip at (1.7, 0) is not.
            CHECK(covered(instance + glm::vec3(1.0f, 0.6f, 0)));
            CHECK_FALSE(covered(instance + glm::vec3(1.7f, 0.0f, 0)));
            CHECK(covered(instance + glm::vec3(0.5f, 0.0f, 0))); // the upper arm
        }
        std::vector<glm::vec3> both = referenceArm(90.0f);
        for (glm::vec3 v : referenceArm(90.0f)) both.push_back(v + offset);
        checkWithinAPixel(silhouette(image, kGrey), project(p, both));
        CHECK(stage.renderer->stats().errorDraws == 0);
    }
}
