// Clustered forward lighting seen in pixels: spot cones land where the projection says, light
// masks exclude materials and meshes without recompiling, the effect interface does not grow
// with the light count, and fragments past the clusters' depth range are still lit.
#include "support/GlTestSupport.h"
#include "support/LightingTestSupport.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/Error.h"
#include "core/Log.h"

using namespace th;
using namespace th::test;

namespace {

constexpr float kPi = 3.14159265f;

} // namespace

TEST_CASE("a spot light's cone lands on the floor where the projection says, in both APIs") {
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        auto context = makeTestContext(api, 128, 128);
        {
            Renderer renderer(*context, testRendererOptions());
            auto scene = darkScene();
            addMesh(*scene, "floor", floorMesh(20.0f), greyMaterial("floor"));
            glm::vec3 apex(2, 4, 1), spot(2, 0, 1);
            float angle = 30.0f * kPi / 180.0f;
            scene->lights.push_back(spotLight(apex, spot, angle, 10.0f, 40.0f));
            Camera camera = topCamera({0, 0, 0}, 14.0f);
            RenderTarget output(128, 128, TextureFormat::RGBA8, "output");
            ImageRgba8 image = renderImage(renderer, *scene, camera, output);

            float radius = 4.0f * std::tan(angle); // the cone's footprint on the floor
            CHECK(brightnessAt(image, camera, spot) > 150);
            for (glm::vec3 dir : {glm::vec3(1, 0, 0), glm::vec3(-1, 0, 0), glm::vec3(0, 0, 1), glm::vec3(0, 0, -1),
                                  glm::normalize(glm::vec3(1, 0, 1))}) {
                CAPTURE(dir.x);
                CAPTURE(dir.z);
                CHECK(brightnessAt(image, camera, spot + dir * radius * 0.6f) > 100);
                CHECK(brightnessAt(image, camera, spot + dir * radius * 1.15f) == 0);
                CHECK(brightnessAt(image, camera, spot + dir * radius * 2.0f) <= 0); // −1: off the image
            }
            // The lit disc's centroid is the projected centre of the footprint.
            glm::dvec2 sum(0.0);
            double weight = 0;
            for (int y = 0; y < image.height; ++y)
                for (int x = 0; x < image.width; ++x)
                    if (image.rgba(x, y)[0] > 0) {
                        sum += glm::dvec2(x + 0.5, y + 0.5);
                        weight += 1;
                    }
            REQUIRE(weight > 0);
            glm::ivec2 expected = toPixel(camera, 128, 128, spot);
            glm::dvec2 centroid = sum / weight;
            MESSAGE("lit pixels ", weight, ", centroid ", centroid.x, ",", centroid.y, ", expected ", expected.x, ",", expected.y);
            CHECK(std::abs(centroid.x - (expected.x + 0.5)) < 1.5);
            CHECK(std::abs(centroid.y - (expected.y + 0.5)) < 1.5);
            // The disc's area matches the footprint's (in pixels: metres × pixels per metre).
            double pixelsPerMetre = 128.0 / (2.0 * 14.0 * std::tan(camera.yfov * 0.5));
            double area = kPi * radius * radius * pixelsPerMetre * pixelsPerMetre;
            CHECK(weight == doctest::Approx(area).epsilon(0.15));
            CHECK(renderer.stats().errorDraws == 0);
            requireNoGlErrors(*context);
        }
    }
}

TEST_CASE("a light excluded from a material or mesh does not light it, and masks recompile nothing") {
    auto context = makeTestContext(GlApi::Gles30, 96, 96);
    {
        Renderer renderer(*context, testRendererOptions());
        auto scene = darkScene();
        auto left = greyMaterial("left"), right = greyMaterial("right");
        addMesh(*scene, "left", floorMesh(4.0f), left, {-2.5f, 0, 0});
        Node& rightNode = addMesh(*scene, "right", floorMesh(4.0f), right, {2.5f, 0, 0});
        Light light = pointLight({0, 3, 0}, 12.0f, 30.0f);
        light.mask = 0x1;
        scene->lights.push_back(light);
        left->setLightMask(0x1);
        right->setLightMask(0x2);
        Camera camera = topCamera({0, 0, 0}, 10.0f);
        RenderTarget output(96, 96, TextureFormat::RGBA8, "output");
        glm::vec3 leftSpot(-1.5f, 0, 0), rightSpot(1.5f, 0, 0);

        ImageRgba8 image = renderImage(renderer, *scene, camera, output);
        CHECK(brightnessAt(image, camera, leftSpot) > 60);
        CHECK(brightnessAt(image, camera, rightSpot) == 0);
        EffectCache::Stats before = renderer.effects().stats();

        // The material lets the light in: lit, with the same effects.
        right->setLightMask(0x3);
        renderer.render(*scene, camera, output, 0.1);
        image = readPixels(output.framebufferId(), 0, 0, 96, 96);
        CHECK(brightnessAt(image, camera, rightSpot) == doctest::Approx(brightnessAt(image, camera, leftSpot)).epsilon(0.05));
        // The mesh's mask shuts it out again.
        rightNode.mesh->lightMask = 0x2;
        renderer.render(*scene, camera, output, 0.2);
        image = readPixels(output.framebufferId(), 0, 0, 96, 96);
        CHECK(brightnessAt(image, camera, rightSpot) == 0);
        // The light's own mask and position change: still no recompilation.
        scene->lights[0].mask = 0x2;
        scene->lights[0].position.x = 0.5f;
        renderer.render(*scene, camera, output, 0.3);
        image = readPixels(output.framebufferId(), 0, 0, 96, 96);
        CHECK(brightnessAt(image, camera, leftSpot) == 0);
        CHECK(brightnessAt(image, camera, rightSpot) > 60);

        EffectCache::Stats after = renderer.effects().stats();
        CHECK(after.built == before.built);
        CHECK(after.compiled == before.compiled);
        CHECK(renderer.stats().programsBuilt == before.built);
        requireNoGlErrors(*context);
    }
}

TEST_CASE("1024 lights render with the same uniform blocks and samplers as one - extra lights drop by importance") {
    auto context = makeTestContext(GlApi::Gles30, 64, 64);
    {
        Renderer renderer(*context, testRendererOptions());
        auto scene = darkScene();
        Node& floor = addMesh(*scene, "floor", floorMesh(40.0f), greyMaterial("floor"));
        Camera camera = topCamera({0, 0, 0}, 40.0f);
        RenderTarget output(64, 64, TextureFormat::RGBA8, "output");

        struct Interface {
            size_t blocks = 0, samplers = 0;
            std::vector<std::string> blockNames, samplerNames;
            const Effect* effect = nullptr;
        };
        auto interfaceOf = [&]() {
            Material& material = *floor.mesh->parts()[0].material;
            std::shared_ptr<Effect> e = renderer.effects().get(renderer.effectRequest(material, floor.mesh->drawInfo(RenderPass::Main)));
            REQUIRE(e->ready());
            Interface i;
            i.effect = e.get();
            for (auto& b : e->program().activeUniformBlocks()) i.blockNames.push_back(b.name);
            for (auto& s : e->program().activeSamplers()) i.samplerNames.push_back(s.name);
            i.blocks = i.blockNames.size();
            i.samplers = i.samplerNames.size();
            return i;
        };

        scene->lights.push_back(pointLight({0, 4, 0}, 10.0f, 20.0f));
        ImageRgba8 one = renderImage(renderer, *scene, camera, output);
        Interface withOne = interfaceOf();
        uint64_t built = renderer.effects().stats().built;
        CHECK(brightnessAt(one, camera, {0, 0, 0}) > 0);

        // 1024 spot lights on a 32 × 32 grid over the floor.
        scene->lights.clear();
        for (int z = 0; z < 32; ++z)
            for (int x = 0; x < 32; ++x) {
                glm::vec3 p(-19.375f + 1.25f * float(x), 6.0f, -19.375f + 1.25f * float(z));
                scene->lights.push_back(spotLight(p, p - glm::vec3(0, 6, 0), kPi / 4, 8.5f, 1.0f));
            }
        renderer.render(*scene, camera, output, 0.1);
        ImageRgba8 many = readPixels(output.framebufferId(), 0, 0, 64, 64);
        Interface withMany = interfaceOf();
        MESSAGE("uniform blocks ", withMany.blocks, ", samplers ", withMany.samplers, "; cluster build ", renderer.stats().clusterBuildMs, " ms; cluster entries ",
                renderer.lightClusters().stats().entries, ", max per cluster ", renderer.lightClusters().stats().maxPerCluster);
        CHECK(renderer.lightData().count() == 1024);
        CHECK(withMany.effect == withOne.effect);
        CHECK(renderer.effects().stats().built == built);
        CHECK(withMany.blocks == withOne.blocks);
        CHECK(withMany.samplers == withOne.samplers);
        CHECK((withMany.blockNames == withOne.blockNames));
        CHECK((withMany.samplerNames == withOne.samplerNames));
        CHECK(withMany.blocks <= size_t(context->info().limits.maxFragmentUniformBlocks));
        CHECK(std::count(withMany.samplerNames.begin(), withMany.samplerNames.end(), "lightClusters") == 1);
        CHECK(brightnessAt(many, camera, {0.3f, 0, 0.3f}) > 20);
        CHECK(renderer.lightClusters().stats().droppedEntries == 0);
        CHECK(renderer.stats().errorDraws == 0);

        // 76 more, less important than the rest: dropped with one warning, frame after frame.
        for (int i = 0; i < 76; ++i) {
            Light extra = pointLight({float(i % 10) - 5.0f, 2.0f, float(i / 10) - 4.0f}, 5.0f, 100.0f);
            extra.importance = -1.0f;
            scene->lights.push_back(extra);
        }
        int warnings = 0;
        {
            ScopedLogSink sink([&](LogLevel level, std::string_view message) {
                if (level == LogLevel::Warning && message.find("lights exceed the maximum") != std::string_view::npos) ++warnings;
            });
            for (int frame = 0; frame < 3; ++frame) renderer.render(*scene, camera, output, 0.2 + frame);
        }
        CHECK(warnings == 1);
        CHECK(renderer.lightData().count() == 1024);
        const std::vector<int>& packed = renderer.lightData().packedIndices();
        CHECK(std::none_of(packed.begin(), packed.end(), [](int i) { return i >= 1024; }));
        CHECK(interfaceOf().effect == withOne.effect);
        CHECK(renderer.stats().errorDraws == 0);
        requireNoGlErrors(*context);
    }
}

TEST_CASE("fragments past the clusters' depth range are lit as if the clusters reached them") {
    // The camera looks down on lit floor 60 m away. Rendered once with the default slicing
    // and once with the slicing ending at 5 m, so every fragment falls past the last slice:
    // the two images match.
    auto context = makeTestContext(GlApi::Gles30, 96, 96);
    {
        auto render = [&](float farDepth) {
            RendererOptions options = testRendererOptions();
            options.clusters.farDepth = farDepth;
            Renderer renderer(*context, options);
            auto scene = darkScene();
            addMesh(*scene, "floor", floorMesh(80.0f), greyMaterial("floor"));
            for (int i = 0; i < 5; ++i) {
                glm::vec3 p(-12.0f + 6.0f * float(i), 3.0f, float(i % 2) * 5.0f - 2.0f);
                scene->lights.push_back(i % 2 ? pointLight(p, 8.0f, 20.0f) : spotLight(p, p - glm::vec3(0, 3, 0), 0.6f, 8.0f, 20.0f));
            }
            Camera camera = topCamera({0, 0, 0}, 60.0f, 500.0f);
            RenderTarget output(96, 96, TextureFormat::RGBA8, "output");
            ImageRgba8 image = renderImage(renderer, *scene, camera, output);
            if (farDepth > 0) CHECK(renderer.lightClusters().depthFar() == doctest::Approx(farDepth));
            requireNoGlErrors(*context);
            return image;
        };
        ImageRgba8 full = render(0.0f);
        ImageRgba8 clamped = render(5.0f);
        int lit = 0, differing = 0;
        for (size_t i = 0; i < full.pixels.size(); i += 4) {
            if (full.pixels[i] > 10) ++lit;
            if (std::abs(int(full.pixels[i]) - int(clamped.pixels[i])) > 1) ++differing;
        }
        MESSAGE(lit, " lit pixels, ", differing, " differ");
        CHECK(lit > 200);
        CHECK(differing == 0);
    }
}

TEST_CASE("a cluster budget past the context's largest texture is lowered with one line, a grid that cannot fit is an error naming it") {
    auto context = makeTestContext(GlApi::Gles30);
    std::vector<std::string> lines;
    {
        ScopedLogSink sink([&](LogLevel, std::string_view message) {
            if (message.find("light clusters") != std::string_view::npos) lines.emplace_back(message);
        });
        RendererOptions options = testRendererOptions();
        options.clusters.maxIndices = 1 << 30;
        Renderer renderer(*context, options);
        REQUIRE(lines.size() == 1);
        CHECK(lines[0].find(std::to_string(1 << 30)) != std::string::npos);
        // Three texels a pair at most, after the headers, in 2048 columns of the largest height.
        long long rows = context->info().limits.maxTextureSize;
        CHECK(renderer.lightClusters().settings().maxIndices ==
              (rows * LightClusters::kTextureWidth - renderer.lightClusters().clusterCount()) / 3);
    }
    RendererOptions huge = testRendererOptions();
    huge.clusters.tilesX = huge.clusters.tilesY = huge.clusters.slices = 256; // 16.7 M headers
    try {
        Renderer renderer(*context, huge);
        FAIL("a grid of 16.7 M clusters was accepted");
    } catch (const Error& e) {
        CHECK(std::string(e.what()).find("coarser grid") != std::string::npos);
    }
    requireNoGlErrors(*context);
}
