// Instance facing on the real driver, both APIs: a field of instanced trees seen from afar
// draws the same pixels with the instances outside the view and the triangles facing away
// left out as with everything drawn (with and without a depth pre-pass), and the frame's
// statistics say how much was left out.
// Instances that mirror (one among many, or a whole buffer) look as they did; a material with
// a plugin, which may move vertices, is drawn whole.
#include <doctest/doctest.h>

#include <random>

#include "assets/ProceduralMeshes.h"
#include "material/MaterialPlugin.h"
#include "scene/Transform.h"
#include "support/RenderHarness.h"

using namespace th;

namespace {

/// Test-only: a plugin that changes nothing, so its material must be drawn whole.
class IdlePlugin : public MaterialPlugin {
public:
    IdlePlugin() : MaterialPlugin(declaration()) {}
    static PluginDeclaration declaration() {
        PluginDeclaration d;
        d.name = "IdlePlugin";
        d.vertex = {{"CUSTOM_VERTEX_UPDATE_WORLDPOS", "// nothing moves\n"}};
        return d;
    }
};

struct Field {
    explicit Field(GlApi api) : stage(api, 160, 90) {}
    test::RenderHarness stage;
    size_t instances = 0;
};

/// 14 × 14 trees 8 m apart (crowns 3 m across never touch), random yaw and scale, 300 m
/// from a camera with a narrow view: the nearest rows fill the frame, the outer columns are
/// outside it. `mirrored`: the first tree of each row mirrors; `allMirrored`: every tree.
std::unique_ptr<Field> makeField(GlApi api, bool plugin, bool mirrored, bool allMirrored) {
    auto f = std::make_unique<Field>(api);
    f->stage.scene.sunLight = true;
    f->stage.renderer->options().shadows.enabled = false; // triangles counted are the main pass's
    f->stage.scene.sky.hour = 10.0f;
    f->stage.scene.post.clearColor = {0.5f, 0.6f, 0.9f};
    auto material = std::make_shared<PbrMaterial>("tree");
    material->setMetallicRoughness(0.0f, 0.8f);
    if (plugin) material->addPlugin(std::make_shared<IdlePlugin>());
    std::mt19937 random(3);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    std::vector<glm::mat4> matrices;
    for (int row = 0; row < 14; ++row)
        for (int column = 0; column < 14; ++column) {
            float scale = 0.8f + 0.4f * unit(random);
            glm::vec3 size(scale);
            if (allMirrored || (mirrored && column == 0)) size.x = -size.x;
            matrices.push_back(placed({8.0f * float(column) - 52.0f, 0.0f, -8.0f * float(row)}, 6.2831853f * unit(random), size));
        }
    f->instances = matrices.size();
    auto mesh = std::make_shared<Mesh>("trees", std::make_shared<Geometry>(makeTree(), "tree"));
    mesh->setMaterial(material);
    auto instances = std::make_shared<InstanceBuffer>("trees");
    instances->setMatrices(std::move(matrices));
    mesh->setInstances(instances);
    f->stage.scene.root().addChild("trees").mesh = mesh;
    f->stage.camera.position = {0.0f, 40.0f, 300.0f};
    f->stage.camera.target = {0.0f, 4.0f, -50.0f};
    f->stage.camera.yfov = 0.1f;
    f->stage.camera.nearPlane = 1.0f;
    f->stage.camera.farPlane = 1000.0f;
    return f;
}

size_t differingPixels(const ImageRgba8& a, const ImageRgba8& b) {
    size_t n = 0;
    for (int y = 0; y < a.height; ++y)
        for (int x = 0; x < a.width; ++x) n += a.rgba(x, y) != b.rgba(x, y);
    return n;
}

/// Renders with instance facing on and off; returns both frames' statistics.
std::pair<FrameStats, FrameStats> renderBothWays(Field& f, const char* what, double maxSkyShare = 0.9) {
    Renderer& renderer = *f.stage.renderer;
    renderer.options().instanceFacing = true;
    ImageRgba8 facing = f.stage.render();
    FrameStats on = renderer.stats();
    renderer.options().instanceFacing = false;
    ImageRgba8 whole = f.stage.render();
    FrameStats off = renderer.stats();
    test::dumpImage(facing, std::string("instance-facing-") + what);
    CHECK_MESSAGE(differingPixels(facing, whole) == 0, what, ": the frames differ");
    // The trees are in the picture: not all sky.
    size_t sky = 0;
    for (int y = 0; y < whole.height; ++y)
        for (int x = 0; x < whole.width; ++x) sky += whole.rgba(x, y)[2] > 180;
    CHECK(double(sky) < double(whole.width * whole.height) * maxSkyShare);
    return {on, off};
}

} // namespace

TEST_CASE("instance facing: a far field of trees draws the same pixels with about half the triangles") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        auto f = makeField(api, false, false, false);
        auto [on, off] = renderBothWays(*f, "field");
        CHECK(off.instancesCulled == 0);
        CHECK(off.trianglesFacingAway == 0);
        CHECK(off.triangles == uint64_t(f->instances) * 480);
        CHECK(on.instancesCulled > 0);
        CHECK(on.instancesCulled < f->instances / 2);
        const uint64_t inView = f->instances - on.instancesCulled;
        CHECK(on.instances == inView);
        // What is drawn and what is left out add up to every triangle of the instances in view.
        CHECK(on.triangles + on.trianglesFacingAway == inView * 480);
        CHECK(on.trianglesFacingAway > inView * 480 * 2 / 5);
        test::requireNoGlErrors(*f->stage.context);
    }
}

TEST_CASE("instance facing: with a depth pre-pass, both passes leave out the same and the frame is the same") {
    // The main pass tests equal against the pre-pass's depth: if the two drew different
    // triangles or instances, the difference would show as holes or as the clear colour.
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        auto f = makeField(api, false, false, false);
        f->stage.renderer->options().depthPrepass = true;
        auto [on, off] = renderBothWays(*f, "prepass");
        CHECK(on.trianglesFacingAway > 0);
        // Both passes draw or leave out every triangle of the instances in view (the culled
        // ones are counted once a frame).
        const uint64_t inView = f->instances - on.instancesCulled;
        CHECK(on.instancesCulled > 0);
        CHECK(on.triangles + on.trianglesFacingAway == 2 * inView * 480);
        CHECK(off.triangles == 2 * uint64_t(f->instances) * 480);
        test::requireNoGlErrors(*f->stage.context);
    }
}

TEST_CASE("instance facing: bins follow instances that move and a camera that turns") {
    // A still frame reuses its bins; new matrices or a new view must bin again.
    auto f = makeField(GlApi::Gles30, false, false, false);
    Renderer& renderer = *f->stage.renderer;
    f->stage.render();
    const uint64_t culledAtFirst = renderer.stats().instancesCulled;
    f->stage.render();
    CHECK(renderer.stats().instancesCulled == culledAtFirst);
    InstanceBuffer& instances = *f->stage.scene.root().find("trees")->mesh->instances();
    std::vector<glm::mat4> moved = instances.matrices();
    for (size_t i = 0; i < moved.size(); i += 2) moved[i][3].x += 500.0f; // half out of the view
    instances.setMatrices(moved);
    f->stage.render();
    const uint64_t culledMoved = renderer.stats().instancesCulled;
    CHECK(culledMoved >= f->instances / 2);
    auto [on, off] = renderBothWays(*f, "moved", 0.97);
    CHECK(on.instancesCulled == culledMoved);
    f->stage.camera.target.x += 500.0f; // the camera turns to the moved half
    f->stage.camera.position.x += 500.0f;
    renderer.options().instanceFacing = true;
    f->stage.render();
    CHECK(renderer.stats().instancesCulled >= f->instances / 2);
    // Bins left from the last view would leave out what now faces the camera.
    renderBothWays(*f, "turned", 0.97);
    test::requireNoGlErrors(*f->stage.context);
}

TEST_CASE("instance facing: mirrored instances, alone in a buffer or among others, look as they did") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        {
            auto f = makeField(api, false, true, false);
            auto [on, off] = renderBothWays(*f, "some-mirrored");
            CHECK(on.trianglesFacingAway > 0);
        }
        {
            // A buffer whose instances all mirror is drawn with the winding flipped: left whole.
            auto f = makeField(api, false, false, true);
            auto [on, off] = renderBothWays(*f, "all-mirrored");
            CHECK(on.trianglesFacingAway == 0);
            CHECK(on.triangles == off.triangles);
        }
    }
}

TEST_CASE("instance facing: a material with a plugin is drawn with every instance and triangle") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        auto f = makeField(api, true, false, false);
        auto [on, off] = renderBothWays(*f, "plugin");
        CHECK(on.trianglesFacingAway == 0);
        CHECK(on.instancesCulled == 0);
        CHECK(on.triangles == off.triangles);
        test::requireNoGlErrors(*f->stage.context);
    }
}
