// The renderer draws PBR materials lit by the sun through the shader pipeline, in both APIs.
#include "support/GlTestSupport.h"
#include "support/LightingTestSupport.h"
#include "support/RendererTestSupport.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "assets/ProceduralMeshes.h"
#include "gl/Readback.h"
#include "material/PbrMaterial.h"
#include "render/Renderer.h"
#include "scene/Scene.h"

using namespace th;

TEST_CASE("a lit PBR quad renders in front of the clear colour in both APIs") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(toString(api));
        auto context = test::makeTestContext(api, 64, 64);
        {
            Renderer renderer(*context, test::testRendererOptions());
            Scene scene;
            scene.environment.source = EnvironmentSource::None;
            scene.sky.hour = 12.0f;
            scene.post.toneMapping = ToneMapping::None;
            scene.post.clearColor = {0, 0, 1};
            auto material = std::make_shared<PbrMaterial>("red");
            material->setBaseColorFactor({1, 0, 0, 1});
            material->setMetallicRoughness(0.0f, 0.5f);
            Node& node = test::addMesh(scene, "quad", test::quadMesh(1.0f, 1.0f), material);
            // Face the noon sun, which shines from the south (−Z) and above.
            node.transform.rotation = glm::angleAxis(3.14159265f, glm::vec3(0, 1, 0));

            Camera camera;
            camera.position = {0, 0, -4};
            camera.target = {0, 0, 0};
            RenderTarget output(64, 64, TextureFormat::RGBA8, "output");
            ImageRgba8 image = test::renderImage(renderer, scene, camera, output);
            auto center = image.rgba(32, 32);
            auto corner = image.rgba(1, 1);
            MESSAGE("centre ", int(center[0]), ",", int(center[1]), ",", int(center[2]));
            CHECK(center[0] > 100);
            CHECK(center[0] > 2 * center[1]); // red albedo; some white specular from the sun
            CHECK(center[1] == doctest::Approx(center[2]).epsilon(0.1));
            CHECK((corner == std::array<uint8_t, 4>{0, 0, 255, 255}));
            CHECK(renderer.stats().mainDrawCalls == 1);
            CHECK(renderer.stats().errorDraws == 0);
            test::requireNoGlErrors(*context);
        }
    }
}

namespace {

/// Three unlit quads facing a camera on −Z, one behind the other; `colours[i]` at depth
/// 0.5·i metres from the nearest, each its own material.
Scene stackedQuads(const std::vector<glm::vec4>& colours, const std::vector<AlphaMode>& modes, const std::vector<int>& order) {
    Scene scene;
    scene.environment.source = EnvironmentSource::None;
    scene.sunLight = false;
    scene.post.toneMapping = ToneMapping::None;
    scene.post.clearColor = {0, 0, 0};
    for (int i : order) {
        PbrParams params;
        params.baseColorFactor = colours[size_t(i)];
        params.alphaMode = modes[size_t(i)];
        params.unlit = true;
        auto material = std::make_shared<PbrMaterial>("quad " + std::to_string(i), params);
        Node& node = test::addMesh(scene, "quad " + std::to_string(i), test::quadMesh(1.0f, 1.0f), material);
        node.transform.rotation = glm::angleAxis(3.14159265f, glm::vec3(0, 1, 0)); // face the camera
        node.transform.translation = {0.3f * float(i), 0.2f * float(i), 0.5f * float(i)};
    }
    return scene;
}

int srgb8(float linear) {
    float c = linear <= 0.0031308f ? 12.92f * linear : 1.055f * std::pow(linear, 1.0f / 2.4f) - 0.055f;
    return int(std::lround(std::clamp(c, 0.0f, 1.0f) * 255.0f));
}

} // namespace

TEST_CASE("the depth pre-pass gives the same image as drawing without it") {
    auto context = test::makeTestContext(GlApi::Gles30, 64, 64);
    {
        auto render = [&](bool prepass) {
            RendererOptions o = test::testRendererOptions();
            o.depthPrepass = prepass;
            Renderer renderer(*context, o);
            Scene scene = stackedQuads({{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}}, {AlphaMode::Opaque, AlphaMode::Opaque, AlphaMode::Opaque},
                                       {2, 0, 1});
            Camera camera;
            camera.position = {0, 0, -4};
            RenderTarget output(64, 64, TextureFormat::RGBA8, "output");
            return test::renderImage(renderer, scene, camera, output);
        };
        ImageRgba8 plain = render(false), prepassed = render(true);
        CHECK((plain.pixels == prepassed.pixels));
        // Not two blank frames: the nearest (red) quad covers the centre, each quad shows.
        int red = 0, green = 0, blue = 0;
        for (int y = 0; y < 64; ++y)
            for (int x = 0; x < 64; ++x) {
                auto p = prepassed.rgba(x, y);
                red += p == std::array<uint8_t, 4>{255, 0, 0, 255};
                green += p == std::array<uint8_t, 4>{0, 255, 0, 255};
                blue += p == std::array<uint8_t, 4>{0, 0, 255, 255};
            }
        MESSAGE("red ", red, ", green ", green, ", blue ", blue);
        CHECK((prepassed.rgba(32, 32) == std::array<uint8_t, 4>{255, 0, 0, 255}));
        CHECK(red > 200);
        CHECK(green > 20);
        CHECK(blue > 20);
    }
    test::requireNoGlErrors(*context);
}

TEST_CASE("blended surfaces draw after opaque ones, back to front, whatever order the scene lists them in") {
    // Front to back: half-transparent blue, half-transparent red, opaque green. Over black,
    // drawn right the centre is blue over (red over green): linear (0.25, 0.25, 0.5).
    // Blended front to back it would be (0.5, 0.25, 0.25); opaque last, plain green.
    const std::vector<glm::vec4> colours = {{0, 0, 1, 0.5f}, {1, 0, 0, 0.5f}, {0, 1, 0, 1}};
    const std::vector<AlphaMode> modes = {AlphaMode::Blend, AlphaMode::Blend, AlphaMode::Opaque};
    const std::array<int, 3> expected = {srgb8(0.25f), srgb8(0.25f), srgb8(0.5f)};
    for (GlApi api : test::kBothApis) {
        auto context = test::makeTestContext(api, 64, 64);
        for (std::vector<int> order : {std::vector<int>{0, 1, 2}, std::vector<int>{2, 1, 0}, std::vector<int>{1, 0, 2}}) {
            CAPTURE(toString(api));
            CAPTURE(order[0]);
            CAPTURE(order[1]);
            Renderer renderer(*context, test::testRendererOptions());
            Scene scene = stackedQuads(colours, modes, order);
            Camera camera;
            camera.position = {0, 0, -4};
            RenderTarget output(64, 64, TextureFormat::RGBA8, "output");
            ImageRgba8 image = test::renderImage(renderer, scene, camera, output);
            // The centre of the three-way overlap: the quads step by (0.3, 0.2) in x and y.
            glm::ivec2 p = test::toPixel(camera, 64, 64, glm::vec3(0.3f, 0.2f, 0.5f));
            auto c = image.rgba(p.x, p.y);
            MESSAGE(int(c[0]), ",", int(c[1]), ",", int(c[2]), " expected ", expected[0], ",", expected[1], ",", expected[2]);
            for (int k = 0; k < 3; ++k) CHECK(std::abs(int(c[size_t(k)]) - expected[size_t(k)]) <= 3);
        }
        test::requireNoGlErrors(*context);
    }
}


TEST_CASE("without float render targets, tone mapping in the material shader gives the float path's picture") {
    // A lit sphere on a floor under the sun, ACES: once through the RGBA16F frame and the
    // tone-mapping pass, once on a context that offers no float attachments (an ES 3.0 device
    // without EXT_color_buffer_float), where each material tone-maps and encodes itself.
    auto render = [](bool floatTargets) {
        auto context = test::makeTestContext(GlApi::Gles30, 96, 96, floatTargets);
        ImageRgba8 image;
        {
            REQUIRE(context->info().floatRenderTargets == floatTargets);
            Renderer renderer(*context, test::testRendererOptions());
            Scene scene;
            scene.environment.source = EnvironmentSource::None;
            scene.sky.hour = 15.0f;
            scene.post.toneMapping = ToneMapping::Aces;
            scene.post.exposure = 1.5f;
            scene.post.clearColor = {0.1f, 0.1f, 0.3f};
            auto floor = std::make_shared<PbrMaterial>("floor");
            floor->setBaseColorFactor({0.7f, 0.7f, 0.7f, 1});
            floor->setMetallicRoughness(0.0f, 0.8f);
            test::addMesh(scene, "floor", makePlane(8, 8, 1), floor);
            auto ball = std::make_shared<PbrMaterial>("ball");
            ball->setBaseColorFactor({0.9f, 0.3f, 0.1f, 1});
            ball->setMetallicRoughness(0.0f, 0.35f);
            Node& sphere = test::addMesh(scene, "ball", makeUvSphere(1.0f, 48, 24), ball);
            sphere.transform.translation = {0, 1, 0};
            Camera camera;
            camera.position = {3, 3, 5};
            camera.target = {0, 0.8f, 0};
            RenderTarget output(96, 96, TextureFormat::RGBA8, "output");
            image = test::renderImage(renderer, scene, camera, output);
            test::requireNoGlErrors(*context);
        }
        return image;
    };
    ImageRgba8 floatPath = render(true), inShader = render(false);
    test::dumpImage(floatPath, "tonemap-float-target");
    test::dumpImage(inShader, "tonemap-in-shader");
    int worst = 0, covered = 0;
    double sum = 0;
    for (int y = 0; y < 96; ++y)
        for (int x = 0; x < 96; ++x) {
            auto a = floatPath.rgba(x, y), b = inShader.rgba(x, y);
            int d = std::max({std::abs(a[0] - b[0]), std::abs(a[1] - b[1]), std::abs(a[2] - b[2])});
            worst = std::max(worst, d);
            sum += d;
            covered += std::abs(a[0] - a[2]) > 20; // the lit floor and ball, not the blue clear
        }
    MESSAGE("largest difference ", worst, ", mean ", sum / (96.0 * 96.0), ", covered ", covered);
    CHECK(covered > 96 * 96 / 3);
    CHECK(sum / (96.0 * 96.0) < 1.0);
    CHECK(worst <= 4);
}

TEST_CASE("an 8-bit single-sampled frame is drawn straight into an output with depth, with the same pixels, in both APIs") {
    // The lit floor and ball without float targets (tone-mapped in the shaders): into an
    // output with a depth texture the renderer draws directly; into one without, or with FXAA
    // after, it draws its own frame and copies or filters it into the output.
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        auto context = test::makeTestContext(api, 96, 96, false);
        {
            Renderer renderer(*context, test::testRendererOptions());
            Scene scene;
            scene.environment.source = EnvironmentSource::None;
            scene.sky.hour = 15.0f;
            scene.post.toneMapping = ToneMapping::Aces;
            scene.post.clearColor = {0.1f, 0.1f, 0.3f};
            auto floor = std::make_shared<PbrMaterial>("floor");
            floor->setMetallicRoughness(0.0f, 0.8f);
            test::addMesh(scene, "floor", makePlane(8, 8, 1), floor);
            auto ball = std::make_shared<PbrMaterial>("ball");
            ball->setBaseColorFactor({0.9f, 0.3f, 0.1f, 1});
            Node& sphere = test::addMesh(scene, "ball", makeUvSphere(1.0f, 48, 24), ball);
            sphere.transform.translation = {0, 1, 0};
            Camera camera;
            camera.position = {3, 3, 5};
            camera.target = {0, 0.8f, 0};

            RenderTarget withDepth(96, 96, TextureFormat::RGBA8, "output with depth");
            ImageRgba8 direct = test::renderImage(renderer, scene, camera, withDepth);
            CHECK(renderer.stats().drawnIntoOutput);
            RenderTarget colourOnly(96, 96, TextureFormat::RGBA8, "colour-only output", false);
            ImageRgba8 copied = test::renderImage(renderer, scene, camera, colourOnly);
            CHECK_FALSE(renderer.stats().drawnIntoOutput);
            int worst = 0, lit = 0;
            for (int y = 0; y < 96; ++y)
                for (int x = 0; x < 96; ++x) {
                    auto a = direct.rgba(x, y), b = copied.rgba(x, y);
                    for (size_t k = 0; k < 4; ++k) worst = std::max(worst, std::abs(int(a[k]) - int(b[k])));
                    lit += a[0] > 60;
                }
            CHECK(lit > 96 * 96 / 4); // a picture, not the clear colour
            CHECK(worst == 0);

            renderer.options().fxaa = true; // FXAA reads a frame of the renderer's own
            test::renderImage(renderer, scene, camera, withDepth);
            CHECK_FALSE(renderer.stats().drawnIntoOutput);
            test::requireNoGlErrors(*context);
        }
    }
}
