// The hike scene on the real driver: the impostor bake covers pixels (and throws rather than
// return an empty card), the terrain material fits the 16 texture units of WebGL2 with room
// to spare, and the scene builds and renders cleanly at noon, with a warmer picture at 17:00.
#include "support/PluginGlTestSupport.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "assets/ProceduralMeshes.h"
#include "common/Presets.h"
#include "common/SceneFile.h"
#include "render/ImpostorBaker.h"
#include "common/scenes/HikeScene.h"
#include "plugins/terrain/TerrainPlugin.h"
#include "plugins/wind/WindPlugin.h"
#include "plugins/wing/WingPlugin.h"
#include "render/SamplerReport.h"

using namespace th;

namespace {

constexpr int kWidth = 192, kHeight = 108;

HikeSceneOptions smallHike() {
    HikeSceneOptions o;
    o.terrainMapSize = 64;
    o.impostorResolution = 64;
    return o;
}

BuiltScene buildHike(Renderer& renderer, std::shared_ptr<const HikeStats>* stats = nullptr) {
    SceneBuildContext context{renderer, std::filesystem::path(test::sourceDir()) / "assets",
                              std::filesystem::path(test::sourceDir()) / ".." / "shared", 1};
    return buildHikeScene(context, smallHike(), stats);
}

struct Averages {
    double r = 0, g = 0, b = 0;
    int nonBlack = 0;
};

/// Mean colour of the lower half (ground and forest, no sky).
Averages groundAverages(const ImageRgba8& image) {
    Averages a;
    int n = 0;
    for (int y = image.height / 2; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x) {
            auto p = image.rgba(x, y);
            a.r += p[0], a.g += p[1], a.b += p[2];
            if (p[0] + p[1] + p[2] > 24) ++a.nonBlack;
            ++n;
        }
    a.r /= n, a.g /= n, a.b /= n;
    return a;
}

} // namespace

TEST_CASE("hike impostor bake covers pixels, with a mip chain that keeps the silhouette") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        auto context = test::makeTestContext(api, 64, 64);
        {
            Renderer renderer(*context, test::pluginRendererOptions());
            MeshData tree = makeTree();
            ImpostorBake bake = bakeImpostor(renderer, tree, 64, "test tree");
            REQUIRE(bake.texture);
            const int texels = bake.image.width * bake.image.height;
            CHECK(bake.image.height == 64);
            CHECK(bake.coveredTexels > uint64_t(texels) / 8);
            CHECK(bake.coveredTexels < uint64_t(texels));
            // The trunk's bottom centre and the crown's middle are covered; the top corners are not.
            CHECK(bake.image.at(bake.image.width / 2, bake.image.height - 2)[3] == 255);
            CHECK(bake.image.at(bake.image.width / 2, bake.image.height / 2)[3] == 255);
            CHECK(bake.image.at(0, 0)[3] == 0);
            CHECK(bake.image.at(bake.image.width - 1, 0)[3] == 0);
            // Unlit: the crown keeps its vertex colour (green dominant), no light baked in.
            const uint8_t* crown = bake.image.at(bake.image.width / 2, bake.image.height / 2);
            CHECK(crown[1] > crown[0]);
            CHECK(crown[1] > crown[2]);
            CHECK(bake.texture->mipLevels() > 5);

            // A mesh that covers nothing (facing away, culled) is an error, not an empty card.
            MeshData away = test::quadMesh(1.0f, 1.0f);
            for (auto& n : away.normals) n = -n;
            for (size_t i = 0; i < away.indices.size(); i += 3) std::swap(away.indices[i + 1], away.indices[i + 2]);
            CHECK_THROWS_AS(bakeImpostor(renderer, away, 32, "backwards quad"), Error);
            test::requireNoGlErrors(*context);
        }
    }
}

TEST_CASE("hike terrain material fits in the 16 texture units of WebGL2") {
    auto context = test::makeTestContext(GlApi::Gles30, 32, 32);
    Renderer renderer(*context, test::pluginRendererOptions());
    BuiltScene built = buildHike(renderer);
    std::shared_ptr<Material> terrain;
    for (auto& m : built.materials)
        if (m->name() == "terrain") terrain = m;
    REQUIRE(terrain);
    DrawInfo draw{.pass = RenderPass::Main, .hasNormals = true, .hasUv0 = false, .hasUv1 = true, .hasColors = true};
    SamplerReport report = samplerReport(renderer, *terrain, draw);
    MESSAGE(report.toString());
    CHECK(report.unitLimit == 16);
    CHECK(report.unitsUsed <= 16);
    CHECK(report.unitsLeft() >= 2);
    // Every other hike material too.
    for (auto& m : built.materials) {
        SamplerReport r = samplerReport(renderer, *m, DrawInfo{.pass = RenderPass::Main, .instanced = true, .hasNormals = true,
                                                               .hasUv0 = true, .hasColors = true});
        CAPTURE(m->name());
        CHECK(r.unitsUsed <= r.unitLimit);
    }
}

TEST_CASE("the hike scene builds, renders non-black at noon, and the low sun is warmer") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        auto context = test::makeTestContext(api, kWidth, kHeight);
        {
            Renderer renderer(*context, test::pluginRendererOptions());
            RenderTarget output(kWidth, kHeight, TextureFormat::RGBA8, "output");
            std::shared_ptr<const HikeStats> stats;
            BuiltScene built = buildHike(renderer, &stats);
            applyQualityTier(renderer, built, QualityTier::Low);
            applyWeatherPreset(built, "clear");
            REQUIRE(built.update);
            CHECK(stats->impostorsBaked);
            std::vector<std::string> plugins;
            for (auto& p : built.plugins) plugins.push_back(p->name());
            for (const char* name : {TerrainPlugin::kName, WindPlugin::kName, WingPlugin::kName})
                CHECK(std::find(plugins.begin(), plugins.end(), name) != plugins.end());

            auto capture = [&](float hour) {
                built.scene->sky.hour = hour;
                built.update(4.0, built.camera);
                return test::renderImage(renderer, *built.scene, built.camera, output, 4.0);
            };
            ImageRgba8 noon = capture(12.0f);
            if (const char* dir = std::getenv("TRAILHEAD_TEST_DUMP"))
                writePng(std::string(dir) + "/hike-noon-" + toString(api) + ".png", noon);
            CHECK(renderer.stats().errorDraws == 0);
            CHECK(renderer.stats().skippedNotReady == 0);
            CHECK(renderer.stats().mainDrawCalls < 120);
            CHECK(stats->treesInRange > 10000);
            CHECK(stats->lodInstances[3] > 0);
            CHECK(stats->grass > 0);
            Averages a = groundAverages(noon);
            MESSAGE("noon ground mean rgb ", a.r, " ", a.g, " ", a.b);
            CHECK(a.nonBlack > kWidth * kHeight / 2 * 9 / 10);
            CHECK(a.g > 30.0);

            ImageRgba8 evening = capture(17.0f);
            if (const char* dir = std::getenv("TRAILHEAD_TEST_DUMP"))
                writePng(std::string(dir) + "/hike-17h-" + toString(api) + ".png", evening);
            Averages e = groundAverages(evening);
            MESSAGE("17:00 ground mean rgb ", e.r, " ", e.g, " ", e.b);
            CHECK(e.nonBlack > kWidth * kHeight / 2 / 2);
            // Warmer: more red against blue than at noon.
            CHECK(e.r / std::max(e.b, 1.0) > 1.1 * a.r / std::max(a.b, 1.0));

            // Deterministic: the same frame again is the same image.
            ImageRgba8 again = capture(12.0f);
            CHECK(again.pixels == noon.pixels);

            // In the wood the near levels draw, cleanly.
            Camera wood = hikeForestCamera(smallHike(), 1);
            built.update(4.0, wood);
            ImageRgba8 inside = test::renderImage(renderer, *built.scene, wood, output, 4.0);
            if (const char* dir = std::getenv("TRAILHEAD_TEST_DUMP"))
                writePng(std::string(dir) + "/hike-wood-" + toString(api) + ".png", inside);
            CHECK(stats->lodInstances[0] > 0);
            CHECK(stats->lodInstances[1] > 0);
            CHECK(renderer.stats().errorDraws == 0);
            CHECK(renderer.stats().skippedNotReady == 0);
            CHECK(groundAverages(inside).nonBlack > kWidth * kHeight / 2 * 9 / 10);
            test::requireNoGlErrors(*context);
        }
    }
}

TEST_CASE("a hike file's terrain, forest and grass settings reach the scene, and bad ones name file, line and key") {
    auto write = [](const std::string& params) {
        std::filesystem::path path = std::filesystem::temp_directory_path() / "trailhead-hike-settings.json";
        std::ofstream(path) << "{\n  \"kind\": \"hike\",\n  \"quality\": \"high\",\n  \"params\": " << params << "\n}\n";
        return path;
    };
    SceneFile file = loadSceneFile(write(R"({"terrainMapSize": 64, "impostorResolution": 64, "birds": false,
    "terrain": {"rings": 4, "cells": 64, "baseSpacing": 2},
    "forest": {"nearRadius": 150}, "grass": {"spacing": 0.5}})"));
    HikeSceneOptions o = hikeOptionsFromFile(file);
    CHECK(o.clipmapRings == 4);
    CHECK(o.clipmapCells == 64);
    CHECK(o.clipmapSpacing == 2.0f);
    REQUIRE(o.forestNearRadius);
    CHECK(*o.forestNearRadius == 150.0f);
    REQUIRE(o.grassSpacing);
    CHECK(*o.grassSpacing == 0.5f);

    auto context = test::makeTestContext(GlApi::Gles30, 32, 32);
    {
        Renderer renderer(*context, test::pluginRendererOptions());
        SceneBuildContext build{renderer, std::filesystem::path(test::sourceDir()) / "assets", {}, 1};
        std::shared_ptr<const HikeStats> stats;
        BuiltScene built = buildHikeScene(build, o, &stats);
        applyQualityTier(renderer, built, QualityTier::High);
        built.update(0.0, built.camera);
        CHECK(stats->nearRadius == 150.0f); // the file's, not the high tier's 120 m
        int rings = 0;
        for (auto& group : built.scene->root().children())
            for (auto& child : group->children()) rings += child->name().rfind("ring ", 0) == 0;
        CHECK(rings == 4);
    }

    for (auto [params, key] : {std::pair{R"({"terrain": {"cells": 130}})", "params.terrain.cells"},
                               std::pair{R"({"forest": {"nearRadius": 10}})", "params.forest.nearRadius"},
                               std::pair{R"({"grass": {"spacnig": 0.5}})", "params.grass.spacnig"}}) {
        std::string message;
        try {
            hikeOptionsFromFile(loadSceneFile(write(params)));
        } catch (const Error& e) {
            message = e.what();
        }
        INFO(message);
        CHECK(message.find("trailhead-hike-settings.json:4:") != std::string::npos);
        CHECK(message.find(key) != std::string::npos);
    }
}
