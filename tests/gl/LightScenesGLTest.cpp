// The light-stress and gallery scenes are built as their descriptions say (light grid and
// cone, sphere materials, camera; 256+ spot lights with one room bit each, the shadow budget,
// the stencil portal) and render without error material or growing effect interfaces; the
// light-stress "spot lights" control lays its grid out again for another count.
#include "support/GlTestSupport.h"
#include "support/RendererTestSupport.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>

#include "common/scenes/GalleryScene.h"
#include "common/scenes/LightStressScene.h"
#include "material/PbrMaterial.h"

using namespace th;

namespace {

void forEachMesh(Node& node, const std::function<void(Node&)>& visit) {
    if (node.mesh) visit(node);
    for (auto& c : node.children()) forEachMesh(*c, visit);
}

} // namespace

TEST_CASE("light-stress: spots on a ceil(sqrt(N)) grid 6 m up, 45 degree half angle, 8.5 m range - spheres sweep metallic and roughness") {
    auto context = test::makeTestContext(GlApi::Gles30, 160, 90);
    {
        Renderer renderer(*context, test::testRendererOptions());
        SceneBuildContext build{renderer, {}, {}, 1};
        BuiltScene built = buildLightStressScene(build, 10); // a 4 × 4 grid, the first 10 cells
        Scene& scene = *built.scene;
        REQUIRE(scene.lights.size() == 10);
        for (size_t i = 0; i < scene.lights.size(); ++i) {
            const Light& l = scene.lights[i];
            CHECK((l.type == LightType::Spot));
            CHECK(l.outerConeAngle == doctest::Approx(3.14159265f / 4));
            CHECK(l.range == doctest::Approx(8.5f));
            CHECK(l.position.y == doctest::Approx(6.0f));
            CHECK(l.direction.y == doctest::Approx(-1.0f));
            CHECK_FALSE(l.castShadows);
            int row = int(i) / 4, column = int(i) % 4;
            CHECK(l.position.x == doctest::Approx(-20.0f + 10.0f * (float(column) + 0.5f)));
            CHECK(l.position.z == doctest::Approx(-20.0f + 10.0f * (float(row) + 0.5f)));
        }
        int spheres = 0;
        std::set<const Material*> materials;
        forEachMesh(scene.root(), [&](Node& node) {
            if (node.name().rfind("sphere", 0) != 0) return;
            ++spheres;
            auto* m = dynamic_cast<PbrMaterial*>(node.mesh->parts()[0].material.get());
            REQUIRE(m);
            materials.insert(m);
            int column = int(std::lround(node.transform.translation.x / 3.6f + 4.5f));
            int row = int(std::lround(node.transform.translation.z / 3.6f + 4.5f));
            CHECK(node.transform.translation.y == doctest::Approx(1.0f));
            CHECK(m->params().metallicFactor == doctest::Approx(float(row) / 9.0f));
            CHECK(m->params().roughnessFactor == doctest::Approx(std::max(0.05f, float(column) / 9.0f)));
        });
        CHECK(spheres == 100);
        CHECK(materials.size() == 100);
        CHECK((built.camera.position == glm::vec3(0, 30, -34)));
        CHECK((built.camera.target == glm::vec3(0, 0, 1)));
        CHECK(built.camera.yfov == doctest::Approx(0.7853982f));
        CHECK((scene.post.toneMapping == ToneMapping::PbrNeutral));
        CHECK((scene.environment.source == EnvironmentSource::None));
        CHECK_FALSE(scene.sunLight);

        RenderTarget output(160, 90, TextureFormat::RGBA8, "output");
        renderer.prepare(scene, built.camera, output);
        renderer.render(scene, built.camera, output, 0.0);
        CHECK(renderer.stats().mainDrawCalls == 101);
        CHECK(renderer.stats().shadowDrawCalls == 0);
        CHECK(renderer.stats().errorDraws == 0);
        test::requireNoGlErrors(*context);
    }
}

TEST_CASE("gallery: 256+ spot lights with one room bit each, room-masked meshes, shadow budget and a stencil portal") {
    auto context = test::makeTestContext(GlApi::Gles30, 160, 90);
    {
        Renderer renderer(*context, test::testRendererOptions());
        SceneBuildContext build{renderer, {}, {}, 1};
        BuiltScene built = buildGalleryScene(build, GalleryModels::Off);
        Scene& scene = *built.scene;

        auto roomOf = [](float x) {
            return std::clamp(int(std::floor(x / GalleryLayout::kRoomSize + 2.0f)), 0, GalleryLayout::kRooms - 1);
        };
        int spots = 0, shadowed = 0;
        for (const Light& l : scene.lights) {
            if (l.type != LightType::Spot) continue;
            ++spots;
            CHECK(l.mask == GalleryLayout::roomMask(roomOf(l.position.x)));
            if (l.castShadows) ++shadowed;
        }
        CHECK(spots >= 256);
        CHECK(shadowed == 5); // one more than the default budget of four
        CHECK(renderer.options().shadows.localShadowBudget == 4);

        int writers = 0, testers = 0, unlit = 0;
        forEachMesh(scene.root(), [&](Node& node) {
            Material& m = *node.mesh->parts()[0].material;
            if (m.writesStencil()) {
                ++writers;
                CHECK_FALSE(m.colorWrite());
            } else if (m.stencil()) {
                ++testers;
            }
            if (m.lightMask() == 0) ++unlit;
            // Every mesh belongs to the room it stands in (the walls between rooms are one per side).
            CHECK(node.mesh->lightMask == GalleryLayout::roomMask(roomOf(node.transform.translation.x)));
        });
        CHECK(writers == 1);
        CHECK(testers >= 2);
        CHECK(unlit == GalleryLayout::kRooms); // the room signs

        RenderTarget output(160, 90, TextureFormat::RGBA8, "output");
        renderer.prepare(scene, built.camera, output);
        renderer.render(scene, built.camera, output, 0.0);
        CHECK(renderer.stats().errorDraws == 0);
        CHECK(renderer.stats().shadowDrawCalls > 0);
        CHECK(renderer.lightData().count() >= 256);
        CHECK(renderer.lightClusters().stats().droppedEntries == 0);
        test::requireNoGlErrors(*context);
    }
}

TEST_CASE("light-stress: the spot lights control lays the grid out again for another count") {
    auto context = test::makeTestContext(GlApi::Gles30, 160, 90);
    {
        Renderer renderer(*context, test::testRendererOptions());
        SceneBuildContext build{renderer, {}, {}, 1};
        BuiltScene built = buildLightStressScene(build, 10);
        Scene& scene = *built.scene;
        auto control = std::find_if(built.controls.begin(), built.controls.end(),
                                    [](const SceneControl& c) { return c.name == "spot lights"; });
        REQUIRE(control != built.controls.end());
        CHECK(control->integer);
        CHECK(control->min == 0.0f);
        CHECK(control->max >= 1024.0f);
        CHECK(control->get() == 10.0f);

        RenderTarget output(160, 90, TextureFormat::RGBA8, "output");
        renderer.prepare(scene, built.camera, output);
        renderer.render(scene, built.camera, output, 0.0);
        CHECK(renderer.lightData().count() == 10);

        control->set(300.0f); // an 18 × 18 grid, the first 300 cells
        CHECK(control->get() == 300.0f);
        REQUIRE(scene.lights.size() == 300);
        const float cell = 40.0f / 18.0f;
        for (size_t i : {size_t(0), size_t(17), size_t(18), size_t(299)}) {
            CAPTURE(i);
            const Light& l = scene.lights[i];
            CHECK((l.type == LightType::Spot));
            CHECK(l.name == str("spot ", i));
            CHECK(l.position.x == doctest::Approx(-20.0f + cell * (float(i % 18) + 0.5f)));
            CHECK(l.position.z == doctest::Approx(-20.0f + cell * (float(i / 18) + 0.5f)));
            CHECK(l.position.y == doctest::Approx(6.0f));
        }
        renderer.render(scene, built.camera, output, 0.1);
        CHECK(renderer.lightData().count() == 300);
        CHECK(renderer.stats().errorDraws == 0);

        control->set(0.0f);
        CHECK(scene.lights.empty());
        CHECK(control->get() == 0.0f);
        renderer.render(scene, built.camera, output, 0.2);
        CHECK(renderer.lightData().count() == 0);
        test::requireNoGlErrors(*context);
    }
}
