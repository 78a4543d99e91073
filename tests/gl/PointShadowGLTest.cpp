// A point light with castShadows casts a box's shadow on the floor, in whichever of its cube's
// faces the box lies: the floor point on the ray from the light through the box is dark, a
// point of the same face off that ray is lit. Point lights share the spot lights' budget.
#include "support/GlTestSupport.h"
#include "support/LightingTestSupport.h"

#include <string>
#include <vector>

#include "core/Log.h"

using namespace th;
using namespace th::test;

namespace {

constexpr glm::vec3 kLamp{0, 3, 0};

/// A box between the lamp and the floor, the floor point behind it on the lamp's ray, and a
/// control point lit through the same cube face.
struct Case {
    const char* face;
    glm::vec3 box, probe, control;
};

// Each box's centre sits halfway from the lamp to its probe (height 1.5 of 3), so the probe
// is on the ray; the controls stand 2 m or more off it, still in that face's direction.
const Case kCases[] = {
    {"+X", {2.0f, 1.5f, 0.0f}, {4.0f, 0, 0.0f}, {4.0f, 0, 2.2f}},
    {"-Y", {0.0f, 1.5f, -0.9f}, {0.0f, 0, -1.8f}, {-2.4f, 0, -2.4f}},
    {"+Z", {0.0f, 2.25f, 1.5f}, {0.0f, 0, 6.0f}, {-2.5f, 0, 6.0f}},
};

std::unique_ptr<Scene> lampScene(float lampImportance) {
    auto scene = darkScene();
    addMesh(*scene, "floor", floorMesh(30.0f), greyMaterial("floor"));
    for (const Case& c : kCases)
        addMesh(*scene, std::string("box ") + c.face, boxMesh(glm::vec3(0.6f)), greyMaterial("box"), c.box);
    Light lamp = pointLight(kLamp, 0.0f, 90.0f);
    lamp.name = "porch lamp";
    lamp.castShadows = true;
    lamp.importance = lampImportance;
    scene->lights = {lamp};
    return scene;
}

const char* apiName(GlApi api) { return api == GlApi::Gles30 ? "ES 3.0" : "GL 3.3"; }

} // namespace

TEST_CASE("a point light's shadow falls where the geometry says, in each cube face - ES 3.0 and GL 3.3") {
    for (GlApi api : {GlApi::Gles30, GlApi::Gl33Core}) {
        CAPTURE(std::string(apiName(api)));
        auto context = makeTestContext(api, 200, 200);
        for (bool shadows : {true, false}) {
            RendererOptions options = testRendererOptions();
            options.shadows.enabled = shadows;
            Renderer renderer(*context, options);
            auto scene = lampScene(1.0f);
            Camera camera = topCamera({0, 0, 1.5f}, 20.0f);
            RenderTarget output(200, 200, TextureFormat::RGBA8, "output");
            ImageRgba8 image = renderImage(renderer, *scene, camera, output);
            dumpImage(image, std::string("point-shadow-") + (api == GlApi::Gles30 ? "es30" : "gl33") + (shadows ? "" : "-off"));
            for (const Case& c : kCases) {
                int probe = brightnessAt(image, camera, c.probe), control = brightnessAt(image, camera, c.control);
                MESSAGE(std::string(apiName(api)), std::string(shadows ? " shadows on" : " shadows off"), ", face ", std::string(c.face),
                        ": probe ", probe, " control ", control);
                CAPTURE(std::string(c.face));
                CHECK(control > 60);
                CHECK(control < 255); // not clipped: a partial shadow would show
                if (shadows) CHECK(probe < control / 6);
                else CHECK(probe > control / 2); // the same point lit when nothing casts: the box did it
            }
            CHECK(renderer.stats().errorDraws == 0);
            if (shadows) CHECK(renderer.stats().shadowDrawCalls > 0);
            requireNoGlErrors(*context);
        }
    }
}

TEST_CASE("point and spot lights share the shadow budget by importance, and a point light over it is a warning naming it") {
    auto context = makeTestContext(GlApi::Gles30, 160, 160);
    std::vector<std::string> warnings;
    ScopedLogSink sink([&](LogLevel level, std::string_view message) {
        if (level == LogLevel::Warning) warnings.emplace_back(message);
    });
    auto countSaid = [&](const std::string& what) {
        int n = 0;
        for (const std::string& w : warnings)
            if (w.find(what) != std::string::npos) ++n;
        return n;
    };
    const Case& c = kCases[0];
    {
        // A spot light more important than the lamp takes the only place: the lamp lights
        // its probe unshadowed, and says so once, by name.
        RendererOptions options = testRendererOptions();
        options.shadows.localShadowBudget = 1;
        Renderer renderer(*context, options);
        auto scene = lampScene(0.5f);
        Light spot = spotLight({-6, 4, 6}, {-6, 0, 6}, 0.4f, 10.0f, 50.0f);
        spot.name = "stage spot";
        spot.castShadows = true;
        spot.importance = 2.0f;
        scene->lights.push_back(spot);
        Camera camera = topCamera({0, 0, 1.5f}, 20.0f);
        RenderTarget output(160, 160, TextureFormat::RGBA8, "output");
        ImageRgba8 image = renderImage(renderer, *scene, camera, output);
        renderer.render(*scene, camera, output, 0.1);
        CHECK(brightnessAt(image, camera, c.probe) > brightnessAt(image, camera, c.control) / 2);
        std::string first = warnings.empty() ? std::string("(no warning)") : warnings.front();
        CHECK_MESSAGE(countSaid("light 'porch lamp' (point) sets castShadows, but the shadow budget") == 1, first);
        CHECK(countSaid("'stage spot'") == 0);
        requireNoGlErrors(*context);
    }
    warnings.clear();
    {
        // The lamp more important: it is shadowed and the spot is the one named.
        RendererOptions options = testRendererOptions();
        options.shadows.localShadowBudget = 1;
        Renderer renderer(*context, options);
        auto scene = lampScene(3.0f);
        Light spot = spotLight({-6, 4, 6}, {-6, 0, 6}, 0.4f, 10.0f, 50.0f);
        spot.name = "stage spot";
        spot.castShadows = true;
        spot.importance = 2.0f;
        scene->lights.push_back(spot);
        Camera camera = topCamera({0, 0, 1.5f}, 20.0f);
        RenderTarget output(160, 160, TextureFormat::RGBA8, "output");
        ImageRgba8 image = renderImage(renderer, *scene, camera, output);
        CHECK(brightnessAt(image, camera, c.probe) < brightnessAt(image, camera, c.control) / 6);
        CHECK(countSaid("light 'stage spot' (spot) sets castShadows, but the shadow budget") == 1);
        CHECK(countSaid("'porch lamp'") == 0);
        requireNoGlErrors(*context);
    }
}
