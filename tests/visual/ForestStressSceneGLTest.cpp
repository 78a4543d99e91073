// The standard forest-stress scene is built from its file: the keys other renderers read are
// the keys this builder uses (trees, ground, variants), and a typo in them is an error that
// names the file, line and key.
#include "support/GlTestSupport.h"
#include "support/RendererTestSupport.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "common/SceneFile.h"
#include "common/SceneLibrary.h"
#include "common/scenes/ForestStressScene.h"
#include "core/Files.h"
#include "material/PbrMaterial.h"
#include "render/Renderer.h"

using namespace th;

namespace {

std::filesystem::path shippedFile() { return std::filesystem::path(test::sourceDir()) / "assets" / "scenes" / "forest-stress.json"; }

/// The shipped file with `from` replaced by `to`, written next to the test's other output.
std::filesystem::path editedFile(const std::string& from, const std::string& to) {
    std::string text = readFile(shippedFile());
    size_t at = text.find(from);
    REQUIRE_MESSAGE(at != std::string::npos, "forest-stress.json has no '", from, "'");
    text.replace(at, from.size(), to);
    std::filesystem::path path = std::filesystem::temp_directory_path() / "trailhead-forest-stress-edited.json";
    std::ofstream(path) << text;
    return path;
}

} // namespace

TEST_CASE("forest-stress: the file's variants, ground and trees are what the scene uses") {
    SceneFile file = loadSceneFile(shippedFile(), sceneKindKeys);
    std::vector<ForestStressVariant> variants = forestStressVariants(file);
    REQUIRE(variants.size() == 2);
    CHECK_FALSE(variants[0].shadows);
    CHECK(variants[1].shadows);
    CHECK(variants[1].cascades == 2);
    CHECK(variants[1].mapSize == 2048);
    CHECK(variants[1].maxDistance == 300.0f);

    auto context = test::makeTestContext(GlApi::Gles30, 32, 32);
    {
        Renderer renderer(*context, test::testRendererOptions());
        SceneBuildContext build{renderer, std::filesystem::path(test::sourceDir()) / "assets", {}, file.seed};
        // A ground moved and recoloured in the file moves and recolours the scene.
        SceneFile edited = loadSceneFile(editedFile("\"center\": [0, 0, 0]", "\"center\": [100, 0, -50]"), sceneKindKeys);
        BuiltScene built = buildSceneFile(build, edited);
        auto ground = std::dynamic_pointer_cast<PbrMaterial>(built.materials.at(0));
        REQUIRE(ground);
        CHECK(ground->params().baseColorFactor == glm::vec4(0.25f, 0.32f, 0.18f, 1.0f));
        CHECK(ground->params().roughnessFactor == 0.95f);
        built.scene->update();
        size_t trees = 0;
        Bounds forest;
        float smallest = 1e9f, largest = 0.0f;
        std::function<void(const Node&)> visit = [&](const Node& node) {
            if (node.mesh && node.mesh->instanced()) {
                trees += node.mesh->instances()->count();
                for (const glm::mat4& m : node.mesh->instances()->matrices()) {
                    float scale = glm::length(glm::vec3(m[0]));
                    smallest = std::min(smallest, scale);
                    largest = std::max(largest, scale);
                    forest.add(glm::vec3(node.world() * m[3]));
                }
            }
            for (const auto& child : node.children()) visit(*child);
        };
        visit(built.scene->root());
        CHECK(trees == 20000);
        CHECK(smallest >= 0.7f - 1e-4f);
        CHECK(smallest < 0.71f);
        CHECK(largest <= 1.3f + 1e-4f);
        CHECK(largest > 1.29f);
        // Spread over the 2 km square around the moved centre.
        CHECK(forest.min.x == doctest::Approx(-900.0f).epsilon(0.01));
        CHECK(forest.max.x == doctest::Approx(1100.0f).epsilon(0.01));
        CHECK(forest.min.z == doctest::Approx(-1050.0f).epsilon(0.01));
        CHECK(forest.max.z == doctest::Approx(950.0f).epsilon(0.01));
        test::requireNoGlErrors(*context);
    }
}

TEST_CASE("forest-stress: a typo in a variant names the file, line and key") {
    std::filesystem::path path = editedFile("\"mapSize\": 2048", "\"mapsize\": 2048");
    SceneFile file = loadSceneFile(path, sceneKindKeys);
    std::string message;
    try {
        forestStressVariants(file);
    } catch (const Error& e) {
        message = e.what();
    }
    MESSAGE(message);
    CHECK(message.find("trailhead-forest-stress-edited.json:") != std::string::npos);
    CHECK(message.find("mapsize") != std::string::npos);
}
