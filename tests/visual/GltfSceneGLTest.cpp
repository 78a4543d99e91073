// A glTF model as a scene (what th-capture --gltf and the demo build): which lights it gets.
// Image-based light only (--no-punctual) must hold under the procedural sky too, whose sun is
// a directional light of its own.
#include "support/GlTestSupport.h"
#include "support/RendererTestSupport.h"

#include <filesystem>

#include "common/scenes/GltfScene.h"
#include "common/SceneLibrary.h"
#include "core/Error.h"
#include "core/Str.h"
#include "render/Renderer.h"

using namespace th;

namespace {
bool contains(const std::string& s, std::string_view part) { return s.find(part) != std::string::npos; }
} // namespace

TEST_CASE("a glTF scene under the sky has the sun's direct light only when punctual lights are on") {
    auto context = test::makeTestContext(GlApi::Gles30, 32, 32);
    Renderer renderer(*context, test::testRendererOptions());
    const std::filesystem::path source = test::sourceDir();
    SceneBuildContext build{renderer, source / "assets", source / ".." / "shared", 1};
    GltfSceneOptions options;
    options.model = source / "tests" / "data" / "gltf" / "triangle.gltf";
    options.skyHour = 12.0f;

    options.punctualLights = true;
    BuiltScene lit = buildGltfScene(build, options);
    CHECK(lit.scene->environment.source == EnvironmentSource::Sky);
    CHECK(lit.scene->sunLight);

    options.punctualLights = false;
    BuiltScene imageBasedOnly = buildGltfScene(build, options);
    CHECK(imageBasedOnly.scene->environment.source == EnvironmentSource::Sky);
    CHECK_FALSE(imageBasedOnly.scene->sunLight);
    CHECK(imageBasedOnly.scene->lights.empty());
}

TEST_CASE("a scene file poses a glTF model with a clip at a time, and names what is wrong with the keys") {
    const std::filesystem::path shared = std::filesystem::path(test::sourceDir()) / ".." / "shared";
    if (!std::filesystem::exists(shared / "gltf" / "Fox")) {
        MESSAGE("skipped: ../shared/gltf/Fox is absent (the shared glTF samples)");
        return;
    }
    auto context = test::makeTestContext(GlApi::Gles30, 96, 64);
    Renderer renderer(*context, test::testRendererOptions());
    const std::filesystem::path source = test::sourceDir();
    SceneBuildContext build{renderer, source / "assets", shared, 1};
    RenderTarget output(96, 64, TextureFormat::RGBA8, "output");
    auto sceneFile = [](const std::string& params) {
        return parseSceneFile(str("{\"kind\": \"gltf\",\n \"params\": {\"model\": \"Fox\", \"skyHour\": 12", params, "}}"), "fox.json");
    };
    auto render = [&](const std::string& params) {
        SceneFile file = sceneFile(params);
        BuiltScene built = buildSceneFile(build, file);
        applySceneFileSettings(built, file, renderer);
        return test::renderImage(renderer, *built.scene, built.camera, output);
    };
    ImageRgba8 rest = render(""), start = render(", \"animation\": \"Walk\""),
               walking = render(", \"animation\": \"Walk\", \"animationTime\": 0.5"),
               byIndex = render(", \"animation\": 1, \"animationTime\": 0.5"), again = render(", \"animation\": \"Walk\", \"animationTime\": 0.5");
    CHECK(walking.pixels == again.pixels);
    CHECK(walking.pixels != start.pixels);
    CHECK(start.pixels != rest.pixels); // Walk's first frame is not the bind pose
    // The Fox's clips are Survey, Walk and Run, in that order.
    CHECK(byIndex.pixels == walking.pixels);

    auto errorOf = [&](const std::string& params) -> std::string {
        try {
            render(params);
        } catch (const Error& e) {
            return e.what();
        }
        return "(no error)";
    };
    CHECK(contains(errorOf(", \"animation\": \"Trot\""), "'params.animation' 'Trot' is neither a clip name nor an index; the clips are 0 'Survey', 1 'Walk', 2 'Run', or 'all'"));
    std::string orphanTime = errorOf(", \"animationTime\": 1");
    CHECK(contains(orphanTime, "fox.json:2:61: 'params.animationTime' needs 'params.animation'"));
    CHECK(contains(errorOf(", \"animation\": \"Walk\", \"animationTime\": -1"), "'params.animationTime' must be a number in [0, 1e+06]"));
    CHECK(contains(errorOf(", \"animation\": \"Walk\", \"animationTime\": \"soon\""), "params.animationTime"));
    CHECK(contains(errorOf(", \"animation\": \"\""), "'params.animation' is empty"));
    CHECK(contains(errorOf(", \"animation\": true"), "params.animation"));
}
