// Main-pass programs leave out each kind of light the frame has none of (FrameLighting,
// RendererOptions::specializeLighting): the sun, the hemisphere light, image-based light,
// fog, directional lights, point and spot lights, and their shadows. On scenes that each
// light differently, the specialised
// programs carry the FRAME_NO_* defines of what is off and none of what is on, and render the
// same pixels as the one-program-for-every-frame path. In both APIs.
#include "support/GlTestSupport.h"
#include "support/LightingTestSupport.h"
#include "support/RendererTestSupport.h"

#include <algorithm>
#include <functional>
#include <set>
#include <string>

using namespace th;

namespace {

constexpr int kSize = 64;

struct Case {
    const char* name;
    std::function<std::unique_ptr<Scene>()> make;
    std::set<std::string> off; // the FRAME_NO_* defines the main pass must have
    bool shadows = true;       // RendererOptions::shadows.enabled
};

std::unique_ptr<Scene> boxOnFloor(std::unique_ptr<Scene> scene) {
    test::addMesh(*scene, "floor", test::floorMesh(40.0f), test::greyMaterial("floor", 0.5f));
    test::addMesh(*scene, "box", test::boxMesh({2, 2, 2}), test::greyMaterial("box", 0.7f, 0.4f), {0, 1, 0});
    return scene;
}

const Case kCases[] = {
    {"image-based light only",
     [] {
         auto scene = test::darkScene();
         scene->environment.source = EnvironmentSource::Uniform;
         scene->environment.uniformColor = glm::vec3(0.8f, 0.9f, 1.0f);
         scene->environment.showAsBackground = false;
         return boxOnFloor(std::move(scene));
     },
     {"FRAME_NO_SUN", "FRAME_NO_SUN_SHADOW", "FRAME_NO_HEMISPHERE", "FRAME_NO_FOG", "FRAME_NO_DIRECTIONAL_LIGHTS",
      "FRAME_NO_LOCAL_LIGHTS", "FRAME_NO_LOCAL_SHADOWS", "FRAME_NO_LIGHT_MASKS"}},
    {"sun and fog",
     [] {
         auto scene = test::darkScene();
         scene->sunLight = true;
         scene->sky.hour = 11.0f;
         scene->fog.enabled = true;
         scene->fog.density = 0.05f;
         return boxOnFloor(std::move(scene));
     },
     {"FRAME_NO_HEMISPHERE", "FRAME_NO_IBL", "FRAME_NO_DIRECTIONAL_LIGHTS", "FRAME_NO_LOCAL_LIGHTS", "FRAME_NO_LOCAL_SHADOWS",
      "FRAME_NO_LIGHT_MASKS"}},
    {"sun without shadows",
     [] {
         auto scene = test::darkScene();
         scene->sunLight = true;
         scene->sky.hour = 15.0f;
         return boxOnFloor(std::move(scene));
     },
     {"FRAME_NO_SUN_SHADOW", "FRAME_NO_HEMISPHERE", "FRAME_NO_IBL", "FRAME_NO_FOG", "FRAME_NO_DIRECTIONAL_LIGHTS",
      "FRAME_NO_LOCAL_LIGHTS", "FRAME_NO_LOCAL_SHADOWS", "FRAME_NO_LIGHT_MASKS"},
     false},
    {"one point light",
     [] {
         auto scene = test::darkScene();
         scene->lights.push_back(test::pointLight({2.0f, 3.0f, 1.0f}, 20.0f, 40.0f));
         return boxOnFloor(std::move(scene));
     },
     {"FRAME_NO_SUN", "FRAME_NO_SUN_SHADOW", "FRAME_NO_HEMISPHERE", "FRAME_NO_IBL", "FRAME_NO_FOG",
      "FRAME_NO_DIRECTIONAL_LIGHTS", "FRAME_NO_LOCAL_SHADOWS", "FRAME_NO_LIGHT_MASKS"}},
    {"a point light for some meshes only (a light mask)",
     [] {
         auto scene = test::darkScene();
         scene->lights.push_back(test::pointLight({2.0f, 3.0f, 1.0f}, 20.0f, 40.0f));
         Light masked = test::pointLight({-2.0f, 3.0f, -1.0f}, 20.0f, 40.0f);
         masked.mask = 0x2u;
         scene->lights.push_back(masked);
         auto withBox = boxOnFloor(std::move(scene));
         withBox->root().find("floor")->mesh->lightMask = 0x1u; // the floor: the first light only
         withBox->root().find("box")->mesh->lightMask = 0x2u;   // the box: both
         return withBox;
     },
     {"FRAME_NO_SUN", "FRAME_NO_SUN_SHADOW", "FRAME_NO_HEMISPHERE", "FRAME_NO_IBL", "FRAME_NO_FOG",
      "FRAME_NO_DIRECTIONAL_LIGHTS", "FRAME_NO_LOCAL_SHADOWS"}},
    {"a spot light casting a shadow and a point light",
     [] {
         auto scene = test::darkScene();
         Light spot = test::spotLight({-1.0f, 6.0f, 2.0f}, {0.0f, 0.0f, 0.0f}, 0.7f, 30.0f, 60.0f);
         spot.castShadows = true;
         scene->lights.push_back(spot);
         scene->lights.push_back(test::pointLight({3.0f, 2.0f, -2.0f}, 15.0f, 20.0f));
         return boxOnFloor(std::move(scene));
     },
     {"FRAME_NO_SUN", "FRAME_NO_SUN_SHADOW", "FRAME_NO_HEMISPHERE", "FRAME_NO_IBL", "FRAME_NO_FOG",
      "FRAME_NO_DIRECTIONAL_LIGHTS", "FRAME_NO_LIGHT_MASKS"}},
    {"a directional light besides the sun",
     [] {
         auto scene = test::darkScene();
         Light l;
         l.type = LightType::Directional;
         l.direction = glm::normalize(glm::vec3(0.3f, -1.0f, -0.4f));
         l.intensity = 2.0f;
         scene->lights.push_back(l);
         return boxOnFloor(std::move(scene));
     },
     {"FRAME_NO_SUN", "FRAME_NO_SUN_SHADOW", "FRAME_NO_HEMISPHERE", "FRAME_NO_IBL", "FRAME_NO_FOG", "FRAME_NO_LOCAL_LIGHTS",
      "FRAME_NO_LOCAL_SHADOWS", "FRAME_NO_LIGHT_MASKS"}},
};

const std::set<std::string> kAll = {"FRAME_NO_SUN",          "FRAME_NO_SUN_SHADOW",         "FRAME_NO_HEMISPHERE",
                                    "FRAME_NO_IBL",          "FRAME_NO_FOG",                "FRAME_NO_DIRECTIONAL_LIGHTS",
                                    "FRAME_NO_LOCAL_LIGHTS", "FRAME_NO_LOCAL_SHADOWS",      "FRAME_NO_LIGHT_MASKS"};

Camera sideCamera() {
    Camera c;
    c.position = {6.0f, 5.0f, 8.0f};
    c.target = {0.0f, 0.5f, 0.0f};
    c.nearPlane = 0.1f;
    c.farPlane = 200.0f;
    return c;
}

} // namespace

TEST_CASE("main-pass programs leave out the light a frame does not have, with the same pixels, in both APIs") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        auto context = test::makeTestContext(api, kSize, kSize);
        for (const Case& c : kCases) {
            CAPTURE(std::string(c.name));
            auto scene = c.make();
            RenderTarget output(kSize, kSize, TextureFormat::RGBA8, "output");
            ImageRgba8 images[2];
            for (bool specialize : {true, false}) {
                RendererOptions options = test::testRendererOptions();
                options.specializeLighting = specialize;
                options.shadows.enabled = c.shadows;
                Renderer renderer(*context, options);
                images[specialize ? 0 : 1] = test::renderImage(renderer, *scene, sideCamera(), output);
                Node* box = scene->root().find("box");
                REQUIRE(box);
                EffectRequest request = renderer.effectRequest(*box->mesh->parts()[0].material, box->mesh->drawInfo());
                std::set<std::string> off;
                for (const ShaderDefine& d : request.defines)
                    if (kAll.count(d.name)) off.insert(d.name);
                CHECK(off == (specialize ? c.off : std::set<std::string>{}));
            }
            int maxDiff = 0;
            double sum = 0;
            for (int y = 0; y < kSize; ++y)
                for (int x = 0; x < kSize; ++x)
                    for (int k = 0; k < 3; ++k) {
                        maxDiff = std::max(maxDiff, std::abs(int(images[0].rgba(x, y)[k]) - int(images[1].rgba(x, y)[k])));
                        sum += images[0].rgba(x, y)[k];
                    }
            MESSAGE(std::string(c.name), ": mean ", sum / (kSize * kSize * 3), ", largest difference ", maxDiff);
            CHECK(sum / (kSize * kSize * 3) > 10.0); // lit, not black
            CHECK(maxDiff <= 1);
        }
        test::requireNoGlErrors(*context);
    }
}
