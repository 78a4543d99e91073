// The "plugins" test scene builds deterministically, compiles every effect it needs in both
// APIs, draws without error materials or GL errors, and animates: wind, wings and the flock.
#include "support/PluginGlTestSupport.h"

#include <cstdlib>

#include "common/scenes/PluginsScene.h"

using namespace th;

namespace {

constexpr int kWidth = 256, kHeight = 144;

BuiltScene build(Renderer& renderer, uint64_t seed) {
    SceneBuildContext context{renderer, std::filesystem::path(test::sourceDir()) / "assets",
                              std::filesystem::path(test::sourceDir()) / ".." / "shared", seed};
    return buildPluginsScene(context);
}

ImageRgba8 capture(Renderer& renderer, BuiltScene& built, const RenderTarget& output, double seconds) {
    if (built.update) built.update(seconds, built.camera);
    return test::renderImage(renderer, *built.scene, built.camera, output, seconds);
}

uint64_t count(const BuiltScene& built, const std::string& name) {
    for (auto& [n, c] : built.counts)
        if (n == name) return c;
    return 0;
}

} // namespace

TEST_CASE("the plugins scene shows every plugin, renders cleanly in both APIs, and is deterministic") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        auto context = test::makeTestContext(api, kWidth, kHeight);
        {
            Renderer renderer(*context, test::pluginRendererOptions());
            RenderTarget output(kWidth, kHeight, TextureFormat::RGBA8, "output");
            BuiltScene built = build(renderer, 7);
            std::vector<std::string> plugins;
            for (auto& p : built.plugins) plugins.push_back(p->name());
            for (const char* name : {"Wind", "Conform", "Dither", "Wing", "Terrain"})
                CHECK(std::find(plugins.begin(), plugins.end(), name) != plugins.end());
            CHECK(count(built, "grass cards") == 600);
            CHECK(count(built, "ravens") > 0);
            CHECK(count(built, "dither trees") > 0);
            CHECK(count(built, "terrain vertices") > 0);
            REQUIRE(built.update);

            ImageRgba8 a = capture(renderer, built, output, 2.0);
            if (const char* dir = std::getenv("TRAILHEAD_TEST_DUMP"))
                writePng(std::string(dir) + "/plugins-scene-" + toString(api) + ".png", a);
            CHECK(renderer.stats().errorDraws == 0);
            CHECK(renderer.stats().skippedNotReady == 0);
            CHECK(renderer.stats().mainDrawCalls >= 10);
            CHECK(renderer.stats().shadowDrawCalls > 0);
            ImageRgba8 again = capture(renderer, built, output, 2.0);
            CHECK(a.pixels == again.pixels);
            ImageRgba8 later = capture(renderer, built, output, 3.3);
            int changed = 0;
            for (size_t i = 0; i < a.pixels.size(); i += 4) changed += a.pixels[i] != later.pixels[i] || a.pixels[i + 1] != later.pixels[i + 1];
            MESSAGE("pixels changed between 2.0 s and 3.3 s: ", changed);
            CHECK(changed > 50);

            // The same seed builds the same scene.
            BuiltScene twin = build(renderer, 7);
            ImageRgba8 b = capture(renderer, twin, output, 2.0);
            CHECK(a.pixels == b.pixels);
            test::requireNoGlErrors(*context);
        }
    }
}
