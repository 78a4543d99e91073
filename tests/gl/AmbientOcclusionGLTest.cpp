// Screen-space ambient occlusion (render/AmbientOcclusion.h) through the real renderer: a
// box standing on a floor, lit by a white uniform environment only, darkens the floor in the
// crease at its foot and leaves the open floor far from it as it was; under the sun alone
// (direct light) AO changes nothing; a context whose AO pass cannot be built draws the frame
// without it, saying so once, never black. In both APIs.
#include "support/GlTestSupport.h"
#include "support/LightingTestSupport.h"
#include "support/RendererTestSupport.h"

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/Log.h"
#include "shader/ShaderStore.h"

using namespace th;

namespace {

constexpr int kWidth = 160, kHeight = 120;

/// A 2 m box on a 40 m floor, seen from the side and above.
std::unique_ptr<Scene> creaseScene(bool ambient, bool sun) {
    auto scene = test::darkScene();
    if (ambient) {
        scene->environment.source = EnvironmentSource::Uniform;
        scene->environment.uniformColor = glm::vec3(1.0f);
        scene->environment.showAsBackground = false;
    }
    scene->sunLight = sun;
    scene->sky.hour = 11.0f;
    test::addMesh(*scene, "floor", test::floorMesh(40.0f), test::greyMaterial("floor", 0.5f));
    test::addMesh(*scene, "box", test::boxMesh({2, 2, 2}), test::greyMaterial("box", 0.5f), {0, 1, 0});
    return scene;
}

Camera creaseCamera() {
    Camera c;
    c.position = {0.0f, 3.0f, 7.0f};
    c.target = {0.0f, 0.0f, 2.0f};
    c.nearPlane = 0.1f;
    c.farPlane = 100.0f;
    return c;
}

ImageRgba8 render(Context& context, Scene& scene, bool ao, RendererOptions options = test::testRendererOptions()) {
    Renderer renderer(context, options);
    scene.post.ambientOcclusion = {.enabled = ao, .strength = 1.0f, .radius = 1.0f};
    RenderTarget output(kWidth, kHeight, TextureFormat::RGBA8, "output");
    return test::renderImage(renderer, scene, creaseCamera(), output);
}

int at(const ImageRgba8& image, glm::vec3 world) { return test::brightnessAt(image, creaseCamera(), world); }

/// The linear light at a world point (the red channel, decoded).
float linearAt(const ImageRgba8& image, glm::vec3 world) {
    int v = at(image, world);
    REQUIRE_MESSAGE(v >= 0, "the point is outside the frame");
    return test::srgbToLinear(float(v) / 255.0f);
}

} // namespace

TEST_CASE("AO darkens the crease at a box's foot, leaves the open floor unchanged and never touches direct light") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        auto context = test::makeTestContext(api, kWidth, kHeight);
        for (int samples : {1, 4}) {
            CAPTURE(samples);
            RendererOptions options = test::testRendererOptions();
            options.msaaSamples = samples;
            auto ambient = creaseScene(true, false);
            ImageRgba8 plain = render(*context, *ambient, false, options);
            ImageRgba8 occluded = render(*context, *ambient, true, options);
            test::dumpImage(plain, "ao-" + std::string(toString(api)) + "-off");
            test::dumpImage(occluded, "ao-" + std::string(toString(api)) + "-on");
            // The floor 5 cm in front of the box's front face: the crease.
            glm::vec3 crease{0.0f, 0.0f, 1.05f};
            // Open floor: 2.5 m in front of the box, further than the radius from anything.
            glm::vec3 open{0.0f, 0.0f, 3.5f};
            float creasePlain = linearAt(plain, crease), creaseOccluded = linearAt(occluded, crease);
            int openPlain = at(plain, open), openOccluded = at(occluded, open);
            MESSAGE(std::string(toString(api)), " ", samples, "x: crease ", creasePlain, " -> ", creaseOccluded, " (linear), open floor ",
                    openPlain, " -> ", openOccluded);
            REQUIRE(creasePlain > 0.05f); // lit by the environment
            CHECK(creaseOccluded < creasePlain * 0.85f);
            CHECK(std::abs(openOccluded - openPlain) <= 2);
            // The box's own face just above the floor is in the crease too.
            CHECK(linearAt(occluded, {0.0f, 0.05f, 1.0f}) < linearAt(plain, {0.0f, 0.05f, 1.0f}) * 0.9f);

            auto direct = creaseScene(false, true);
            ImageRgba8 sunPlain = render(*context, *direct, false, options);
            ImageRgba8 sunOccluded = render(*context, *direct, true, options);
            REQUIRE(at(sunPlain, open) > 40); // lit by the sun
            int worst = 0;
            for (size_t i = 0; i < sunPlain.pixels.size(); ++i)
                worst = std::max(worst, std::abs(int(sunPlain.pixels[i]) - int(sunOccluded.pixels[i])));
            CHECK(worst <= 1);
        }
        test::requireNoGlErrors(*context);
    }
}

TEST_CASE("AO that cannot run on a context: one warning naming the fallback, the frame drawn without it, never black") {
    // A shader folder whose horizon pass does not compile stands in for a driver that cannot
    // run it.
    std::filesystem::path dir = std::filesystem::temp_directory_path() / "trailhead-ao-fallback";
    std::filesystem::remove_all(dir);
    ShaderStore embedded;
    for (const std::string& name : embedded.names()) {
        std::filesystem::path file = dir / name;
        std::filesystem::create_directories(file.parent_path());
        std::ofstream(file) << (name == "post/gtao.frag.glsl" ? std::string("void main() { this is not GLSL }\n")
                                                               : embedded.find(name)->text);
    }
    auto context = test::makeTestContext(GlApi::Gles30, kWidth, kHeight);
    std::vector<std::string> warnings;
    {
        ScopedLogSink sink([&](LogLevel level, std::string_view message) {
            if (level == LogLevel::Warning) warnings.emplace_back(message);
        });
        RendererOptions options = test::testRendererOptions();
        options.shaderDirectory = dir;
        auto scene = creaseScene(true, false);
        ImageRgba8 plain = render(*context, *scene, false, options);
        Renderer renderer(*context, options);
        scene->post.ambientOcclusion.enabled = true;
        RenderTarget output(kWidth, kHeight, TextureFormat::RGBA8, "output");
        ImageRgba8 image = test::renderImage(renderer, *scene, creaseCamera(), output);
        renderer.render(*scene, creaseCamera(), output, 0.1);
        ImageRgba8 later = readPixels(output.framebufferId(), 0, 0, kWidth, kHeight);

        glm::vec3 crease{0.0f, 0.0f, 1.05f};
        CHECK(at(image, crease) > 40);
        CHECK(at(image, crease) == at(plain, crease));
        CHECK(at(later, crease) == at(plain, crease));
    }
    int said = 0;
    for (const std::string& w : warnings) said += w.find("drawn without it") != std::string::npos ? 1 : 0;
    CHECK(said == 1);
    std::filesystem::remove_all(dir);
    // The driver reported the broken pass's compile error, and nothing else.
    for (auto& e : context->debug().takeErrors()) CHECK_MESSAGE(e.text.find("error") != std::string::npos, e.text);
}
