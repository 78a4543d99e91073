// The renderer draws PBR materials lit by the sun through the shader pipeline, in both APIs.
#include "support/GlTestSupport.h"
#include "support/RendererTestSupport.h"

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

TEST_CASE("the depth pre-pass gives the same image as drawing without it") {
    auto context = test::makeTestContext(GlApi::Gles30, 64, 64);
    {
        auto render = [&](bool prepass) {
            RendererOptions o = test::testRendererOptions();
            o.depthPrepass = prepass;
            Renderer renderer(*context, o);
            Scene scene;
            scene.environment.source = EnvironmentSource::None;
            scene.post.toneMapping = ToneMapping::None;
            for (int i = 0; i < 3; ++i) {
                auto material = std::make_shared<PbrMaterial>("m" + std::to_string(i));
                material->setBaseColorFactor({i == 0 ? 1.0f : 0.2f, i == 1 ? 1.0f : 0.2f, i == 2 ? 1.0f : 0.2f, 1});
                Node& node = test::addMesh(scene, "quad", test::quadMesh(1.0f, 1.0f), material);
                node.transform.rotation = glm::angleAxis(3.14159265f, glm::vec3(0, 1, 0));
                node.transform.translation = {0.4f * float(i), 0.3f * float(i), 0.5f * float(i)};
            }
            Camera camera;
            camera.position = {0, 0, -4};
            RenderTarget output(64, 64, TextureFormat::RGBA8, "output");
            return test::renderImage(renderer, scene, camera, output);
        };
        ImageRgba8 plain = render(false), prepassed = render(true);
        CHECK((plain.pixels == prepassed.pixels));
    }
    test::requireNoGlErrors(*context);
}
