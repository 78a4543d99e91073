// A glTF model as a scene (what th-capture --gltf and the demo build): which lights it gets.
// Image-based light only (--no-punctual) must hold under the procedural sky too, whose sun is
// a directional light of its own.
#include "support/GlTestSupport.h"
#include "support/RendererTestSupport.h"

#include <filesystem>

#include "common/scenes/GltfScene.h"
#include "render/Renderer.h"

using namespace th;

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
