// Conform on the real driver: every variant compiles in GLSL ES 3.00 and 330 (and passes
// glslangValidator), and the gap under a trunk standing on a slope closes, only where the
// trunk is instanced with a gradient, leaving the trunk above the root plate untouched.
#include "support/PluginGlTestSupport.h"

#include <cstdlib>

#include "plugins/conform/ConformPlugin.h"
#include "support/PluginTestSupport.h"

using namespace th;

namespace {

constexpr int kSize = 160;
constexpr float kSlope = 0.5f; // dh/dx
const glm::vec3 kOrigin(1.0f, kSlope * 1.0f, 0.0f);

float groundHeight(float x, float) { return kSlope * x; }

struct ConformScene {
    Scene scene;
    Camera camera;
    std::shared_ptr<PbrMaterial> trunkMaterial;
    std::shared_ptr<ConformPlugin> conform;
    std::shared_ptr<Mesh> trunk;
};

// A red 0.6 m square trunk standing plumb on a green strip of ground rising towards +X,
// seen from the side: its flat base leaves a wedge of blue sky under the downhill (−X) edge.
std::unique_ptr<ConformScene> makeConformScene(bool instanced, glm::vec2 gradient) {
    auto s = std::make_unique<ConformScene>();
    test::plainScene(s->scene, {0, 0, 1});
    s->scene.sunLight = false;
    auto ground = test::flatMaterial("ground", {0, 1, 0});
    ground->setDoubleSided(true);
    s->scene.root().addChild("ground").mesh =
        test::makeMesh(test::groundMesh(-1.0f, -0.3f, 3.0f, 0.3f, 8, groundHeight), ground);

    s->trunkMaterial = test::flatMaterial("trunk", {1, 0, 0});
    s->conform = std::make_shared<ConformPlugin>();
    s->trunkMaterial->addPlugin(s->conform);
    s->trunk = test::makeMesh(test::boxMesh({-0.3f, 0, -0.3f}, {0.3f, 3.0f, 0.3f}), s->trunkMaterial);
    Node& node = s->scene.root().addChild("trunk");
    node.mesh = s->trunk;
    if (instanced) {
        auto instances = std::make_shared<InstanceBuffer>("trunks");
        instances->setMatrices({glm::translate(glm::mat4(1.0f), kOrigin)});
        instances->setStream(ConformPlugin::kGradientStream, 2, {gradient.x, gradient.y});
        s->trunk->setInstances(instances);
    } else {
        node.transform.translation = kOrigin;
    }
    s->camera.position = kOrigin + glm::vec3(0.0f, 0.3f, 6.0f);
    s->camera.target = kOrigin;
    s->camera.yfov = 0.25f;
    return s;
}

bool isSky(std::array<uint8_t, 4> c) { return c[0] < 40 && c[1] < 40 && c[2] > 200; }
bool isTrunk(std::array<uint8_t, 4> c) { return c[0] > 200 && c[1] < 40 && c[2] < 40; }

bool isGround(std::array<uint8_t, 4> c) { return c[1] > 200 && c[0] < 40 && c[2] < 40; }

// Sky pixels seen between the trunk and the ground line, column by column across the
// trunk: the daylight under the trunk.
int gapPixels(const ImageRgba8& image) {
    int left = image.width, right = -1;
    for (int x = 0; x < image.width; ++x)
        if (isTrunk(image.rgba(x, image.height / 4))) left = std::min(left, x), right = std::max(right, x);
    int n = 0;
    for (int x = left + 1; x < right; ++x) {
        int y = image.height / 4;
        while (y < image.height && isTrunk(image.rgba(x, y))) ++y;
        int sky = 0;
        for (; y < image.height && !isGround(image.rgba(x, y)); ++y) sky += isSky(image.rgba(x, y));
        if (y < image.height) n += sky; // only counts when the ground line closes the column
    }
    return n;
}

// The trunk above its root plate (the top half of the image).
std::vector<bool> upperTrunk(const ImageRgba8& image) {
    ImageRgba8 top(image.width, image.height / 3);
    for (int y = 0; y < top.height; ++y)
        for (int x = 0; x < top.width; ++x) std::memcpy(top.at(x, y), image.at(x, y), 4);
    return test::maskOf(top, isTrunk);
}

} // namespace

TEST_CASE("conform compiles in every pass and variant on the real driver, both APIs, and glslangValidator agrees") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        test::PluginStage stage(api, 16, 16);
        {
            Renderer& renderer = stage.renderer();
            auto material = std::make_shared<PbrMaterial>("trunk");
            auto conform = std::make_shared<ConformPlugin>();
            material->addPlugin(conform);
            test::compileEveryVariant(renderer, *material, [](RenderPass, bool instanced, const std::string& vs, const std::string&) {
                CHECK(test::has(vs, "conformWeight") == instanced);
                CHECK(test::has(vs, "groundGradient") == instanced);
            });
            conform->setActive(false);
            test::compileEveryVariant(renderer, *material, [](RenderPass, bool, const std::string& vs, const std::string&) {
                CHECK_FALSE(test::has(vs, "conformWeight"));
            });
            stage.requireNoGlErrors();
        }
    }
}

TEST_CASE("conform closes the gap under a trunk on a slope, only where instanced, in both APIs") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        test::PluginStage stage(api, kSize, kSize);
        {
            Renderer& renderer = stage.renderer();
            RenderTarget& output = stage.output();
            auto render = [&](ConformScene& s) { return test::renderImage(renderer, s.scene, s.camera, output, 0.0); };

            auto sloped = makeConformScene(true, {kSlope, 0.0f});
            ImageRgba8 closed = render(*sloped);
            sloped->conform->setActive(false);
            ImageRgba8 open = render(*sloped);
            auto flat = makeConformScene(true, {0.0f, 0.0f});
            ImageRgba8 flatGradient = render(*flat);
            auto single = makeConformScene(false, {kSlope, 0.0f});
            ImageRgba8 notInstanced = render(*single);
            test::dumpImage(closed, "conform-closed");
            test::dumpImage(open, "conform-open");
            MESSAGE("gap: plugin off ", gapPixels(open), " px, on ", gapPixels(closed), " px, zero gradient ",
                    gapPixels(flatGradient), " px, non-instanced ", gapPixels(notInstanced), " px");

            CHECK(gapPixels(open) > 100);
            CHECK(gapPixels(closed) == 0);
            // Zero gradient: exactly no displacement, the same image as without the plugin.
            CHECK(flatGradient.pixels == open.pixels);
            // A non-instanced copy (a bake, a clone) renders as modelled.
            CHECK(notInstanced.pixels == open.pixels);
            // The trunk above the root plate stays plumb and where it was.
            CHECK(test::differing(upperTrunk(closed), upperTrunk(open)) == 0);
            CHECK(test::countOf(upperTrunk(closed)) > 500);
            CHECK(renderer.stats().errorDraws == 0);
            stage.requireNoGlErrors();
        }
    }
}
