// The frame plan as the renderer runs it on a real context: the passes a frame ran
// (Renderer::lastFramePlan) follow the scene and the options, and a pass the context cannot
// run is left out with one line while the rest of the frame is drawn.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/Log.h"
#include "gl/GlApi.h"
#include "support/GlTestSupport.h"
#include "support/LightingTestSupport.h"
#include "support/RendererTestSupport.h"

using namespace th;

namespace {

std::string planOf(Renderer& renderer, Scene& scene, const Camera& camera, const RenderTarget& output) {
    test::renderImage(renderer, scene, camera, output);
    return renderer.lastFramePlan().describe();
}

} // namespace

TEST_CASE("the renderer runs the plan its scene and options ask for, pass by pass") {
    auto context = test::makeTestContext(GlApi::Gles30, 64, 64);
    {
        auto scene = test::darkScene();
        scene->sunLight = true;
        test::addMesh(*scene, "floor", test::floorMesh(20.0f), test::greyMaterial("floor"));
        Camera camera = test::topCamera({0, 0, 0}, 10.0f);
        RenderTarget output(64, 64, TextureFormat::RGBA8, "output");
        {
            Renderer renderer(*context, test::testRendererOptions());
            CHECK(planOf(renderer, *scene, camera, output) == "shadows, lights, clear, opaque, blended");
            scene->post.ambientOcclusion.enabled = true;
            CHECK(planOf(renderer, *scene, camera, output) == "shadows, lights, clear, depth pre-pass, ambient occlusion, opaque, blended");
            scene->post.bloom.enabled = true;
            CHECK(planOf(renderer, *scene, camera, output) ==
                  "shadows, lights, clear, depth pre-pass, ambient occlusion, opaque, blended, bloom, tone map");
        }
        {
            RendererOptions options = test::testRendererOptions();
            options.msaaSamples = 4;
            Renderer renderer(*context, options);
            CHECK(planOf(renderer, *scene, camera, output) ==
                  "shadows, lights, AO depth, ambient occlusion, clear, opaque, blended, resolve, bloom, tone map");
        }
        test::requireNoGlErrors(*context);
    }
}

TEST_CASE("a pass the context cannot run is left out with one line naming it, and the frame is still drawn") {
    auto context = test::makeTestContext(GlApi::Gles30, 64, 64, false); // no EXT_color_buffer_float
    {
        std::vector<std::string> lines;
        ScopedLogSink sink([&](LogLevel level, std::string_view message) {
            if (level == LogLevel::Warning && message.find("frame plan") != std::string_view::npos) lines.emplace_back(message);
        });
        Renderer renderer(*context, test::testRendererOptions());
        auto scene = test::darkScene();
        scene->sunLight = true;
        test::addMesh(*scene, "floor", test::floorMesh(20.0f), test::greyMaterial("floor"));
        scene->post.bloom.enabled = true;
        Camera camera = test::topCamera({0, 0, 0}, 10.0f);
        RenderTarget output(64, 64, TextureFormat::RGBA8, "output");
        ImageRgba8 image = test::renderImage(renderer, *scene, camera, output);
        renderer.render(*scene, camera, output, 0.1);
        REQUIRE(lines.size() == 1);
        CHECK(lines[0].find("'bloom'") != std::string::npos);
        CHECK(lines[0].find("float frame") != std::string::npos);
        CHECK_FALSE(renderer.lastFramePlan().has(PassId::Bloom));
        CHECK(image.rgba(32, 32)[1] > 20);
        test::requireNoGlErrors(*context);
    }
}
