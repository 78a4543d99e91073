// Per-material stencil: a portal material marks pixels without drawing colour, one material
// draws only where it was marked and another only where it was not; stencil applies in the
// main colour pass only (shadows of a stencil-hidden mesh stay), and a frame without stencil
// materials makes no stencil call.
#include "support/GlTestSupport.h"
#include "support/LightingTestSupport.h"

#include "gl/StateCache.h"

using namespace th;
using namespace th::test;

namespace {

constexpr float kPi = 3.14159265f;

std::shared_ptr<PbrMaterial> glowMaterial(const std::string& name, glm::vec3 colour) {
    auto m = std::make_shared<PbrMaterial>(name);
    m->setBaseColorFactor({0, 0, 0, 1});
    m->setEmissive(colour);
    return m;
}

StencilState portalWriter() { return StencilState{.compare = CompareFunc::Always, .pass = StencilOp::Replace, .reference = 1}; }
StencilState insidePortal() { return StencilState{.compare = CompareFunc::Equal, .reference = 1}; }
StencilState outsidePortal() { return StencilState{.compare = CompareFunc::NotEqual, .reference = 1}; }

} // namespace

TEST_CASE("a stencil portal: one material draws only inside the written mask, another only outside, in both APIs") {
    // With and without the depth pre-pass: the portal's opening writes no depth and the
    // stencil-tested floors draw only where the mask lets them, so neither may lay down depth
    // ahead of the main pass.
    struct Run {
        GlApi api;
        bool prepass;
    };
    for (Run run : {Run{GlApi::Gles30, false}, Run{GlApi::Gl33Core, false}, Run{GlApi::Gles30, true}}) {
        const GlApi api = run.api;
        const bool prepass = run.prepass;
        CAPTURE(std::string(toString(api)));
        CAPTURE(prepass);
        auto context = makeTestContext(api, 128, 128);
        {
            RendererOptions options = testRendererOptions();
            options.depthPrepass = prepass;
            Renderer renderer(*context, options);
            auto scene = darkScene();
            // The portal: a 2 m square half a metre above the floor, writing 1 and no colour
            // (its own blue would show if it did).
            auto portal = glowMaterial("portal", {0, 0, 1});
            portal->setStencil(portalWriter());
            portal->setColorWrite(false);
            portal->setDepthWrite(false);
            addMesh(*scene, "portal", floorMesh(2.0f), portal, {0, 0.5f, 0});
            auto inside = glowMaterial("inside", {1, 0, 0});
            inside->setStencil(insidePortal());
            addMesh(*scene, "inside", floorMesh(12.0f), inside);
            auto outside = glowMaterial("outside", {0, 1, 0});
            outside->setStencil(outsidePortal());
            addMesh(*scene, "outside", floorMesh(12.0f), outside);

            Camera camera = topCamera({0, 0, 0}, 10.0f);
            RenderTarget output(128, 128, TextureFormat::RGBA8, "output");
            renderer.prepare(*scene, camera, output);
            context->state().resetCounters();
            renderer.render(*scene, camera, output, 0.0);
            CHECK(context->state().counters().stencil > 0);
            ImageRgba8 image = readPixels(output.framebufferId(), 0, 0, 128, 128);

            // The mask is the portal's projection: its edge at x = 1 m, 0.5 m up, lands on
            // the floor at 1 × 10 / 9.5 m.
            auto colourAt = [&](glm::vec3 p) {
                glm::ivec2 px = toPixel(camera, 128, 128, p);
                return image.rgba(px.x, px.y);
            };
            for (glm::vec3 p : {glm::vec3(0, 0, 0), glm::vec3(0.9f, 0, 0.9f), glm::vec3(-0.9f, 0, 0.5f)}) {
                auto c = colourAt(p);
                CHECK((c == std::array<uint8_t, 4>{255, 0, 0, 255}));
            }
            for (glm::vec3 p : {glm::vec3(1.25f, 0, 0), glm::vec3(0, 0, -1.25f), glm::vec3(3, 0, 3), glm::vec3(-3.5f, 0, -2)}) {
                auto c = colourAt(p);
                CHECK((c == std::array<uint8_t, 4>{0, 255, 0, 255}));
            }
            // Every pixel is one or the other; none is the portal's blue; the red area is the
            // portal's projected area.
            int red = 0, green = 0, other = 0;
            for (int y = 0; y < 128; ++y)
                for (int x = 0; x < 128; ++x) {
                    auto c = image.rgba(x, y);
                    if (c == std::array<uint8_t, 4>{255, 0, 0, 255}) ++red;
                    else if (c == std::array<uint8_t, 4>{0, 255, 0, 255}) ++green;
                    else ++other;
                }
            double pixelsPerMetre = 128.0 / (2.0 * 9.5 * std::tan(camera.yfov * 0.5));
            MESSAGE("red ", red, ", green ", green, ", other ", other, ", expected red ", 4.0 * pixelsPerMetre * pixelsPerMetre);
            CHECK(other == 0);
            CHECK(double(red) == doctest::Approx(4.0 * pixelsPerMetre * pixelsPerMetre).epsilon(0.08));
            CHECK(renderer.stats().mainDrawCalls == 3);
            requireNoGlErrors(*context);
        }
    }
}

TEST_CASE("stencil is part of the state key and of the main pass only") {
    auto plain = glowMaterial("plain", {1, 1, 1});
    auto masked = glowMaterial("masked", {1, 1, 1});
    masked->setStencil(insidePortal());
    auto other = glowMaterial("other", {1, 1, 1});
    other->setStencil(outsidePortal());
    CHECK(plain->renderState(RenderPass::Main).key() != masked->renderState(RenderPass::Main).key());
    CHECK(masked->renderState(RenderPass::Main).key() != other->renderState(RenderPass::Main).key());
    CHECK(masked->renderState(RenderPass::Main).stencil.has_value());
    for (RenderPass pass : {RenderPass::Depth, RenderPass::Shadow}) {
        CHECK_FALSE(masked->renderState(pass).stencil.has_value());
        CHECK(masked->renderState(pass).key() == plain->renderState(pass).key());
    }
    // Colour writes off only matter where colour is written.
    masked->setColorWrite(false);
    CHECK_FALSE(masked->renderState(RenderPass::Main).colorWrite);
    CHECK(masked->renderState(RenderPass::Shadow).key() == plain->renderState(RenderPass::Shadow).key());
}

TEST_CASE("a mesh hidden by its stencil test still casts its shadow") {
    // A box whose material tests for a stencil value nothing writes: invisible in the colour
    // pass, but the shadow pass ignores stencil, so its shadow on the floor is the same as
    // the shadow of a plain box.
    auto context = makeTestContext(GlApi::Gles30, 128, 128);
    {
        auto render = [&](bool hidden) {
            Renderer renderer(*context, testRendererOptions());
            auto scene = darkScene();
            addMesh(*scene, "floor", floorMesh(20.0f), greyMaterial("floor"));
            auto boxMaterial = greyMaterial("box", 0.8f, 1.0f);
            if (hidden) boxMaterial->setStencil(insidePortal());
            addMesh(*scene, "box", boxMesh(glm::vec3(1.0f)), boxMaterial, {-4, 0.5f, 0});
            Light spot = spotLight({-7, 4, 0}, {-3, 0, 0}, 20.0f * kPi / 180.0f, 15.0f, 40.0f);
            spot.castShadows = true;
            scene->lights = {spot};
            Camera camera = topCamera({-3, 0, 0}, 8.0f);
            RenderTarget output(128, 128, TextureFormat::RGBA8, "output");
            ImageRgba8 image = renderImage(renderer, *scene, camera, output);
            int probe = brightnessAt(image, camera, {-2.9f, 0, 0});
            int control = brightnessAt(image, camera, {-2.9f, 0, 1.5f});
            int boxTop = brightnessAt(image, camera, {-3.7f, 1.0f, 0});
            MESSAGE(std::string(hidden ? "hidden" : "plain"), " box: shadow probe ", probe, ", control ", control, ", box top ", boxTop);
            CHECK(renderer.stats().shadowDrawCalls > 0);
            requireNoGlErrors(*context);
            return std::array<int, 3>{probe, control, boxTop};
        };
        auto plain = render(false);
        auto hidden = render(true);
        CHECK(plain[1] > 80);
        CHECK(plain[0] < plain[1] / 8);
        CHECK(hidden[0] == plain[0]); // the same shadow
        CHECK(hidden[1] == plain[1]);
        CHECK(plain[2] > 80);         // the plain box's lit top...
        CHECK(hidden[2] < plain[2] / 4); // ...is gone: the floor in the box's shadow shows through
    }
}

TEST_CASE("a frame without stencil materials makes no stencil call") {
    auto context = makeTestContext(GlApi::Gles30, 64, 64);
    {
        Renderer renderer(*context, testRendererOptions());
        auto scene = darkScene();
        addMesh(*scene, "floor", floorMesh(10.0f), greyMaterial("floor"));
        Light spot = spotLight({0, 4, 0}, {0, 0, 0}, 0.5f, 10.0f, 20.0f);
        spot.castShadows = true; // the shadow pass runs too
        scene->lights = {spot};
        Camera camera = topCamera({0, 0, 0}, 8.0f);
        RenderTarget output(64, 64, TextureFormat::RGBA8, "output");
        context->state().resetCounters(); // from the first frame on: not even a stencil clear
        renderImage(renderer, *scene, camera, output);
        renderer.render(*scene, camera, output, 0.1);
        CHECK(context->state().counters().issued > 0);
        CHECK(context->state().counters().stencil == 0);
        CHECK_FALSE(glIsEnabled(GL_STENCIL_TEST));

        // A stencil material comes and goes: stencil calls while it is there, then one frame
        // to turn the test off, then none.
        auto masked = greyMaterial("masked");
        masked->setStencil(StencilState{.compare = CompareFunc::Always, .pass = StencilOp::Replace, .reference = 2});
        Node& node = addMesh(*scene, "masked", boxMesh(glm::vec3(1.0f)), masked);
        renderImage(renderer, *scene, camera, output);
        CHECK(context->state().counters().stencil > 0);
        node.visible = false;
        renderer.render(*scene, camera, output, 0.2);
        context->state().resetCounters();
        renderer.render(*scene, camera, output, 0.3);
        CHECK(context->state().counters().stencil == 0);
        requireNoGlErrors(*context);
    }
}
