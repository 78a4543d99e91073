// Debug views (render/DebugView.h) through the real renderer, each on a scene whose answer is
// known: a red material's base colour is red, a floor's normal is up, roughness 0.25 reads
// 0.25, metallic 0.75 reads 0.75, an occlusion map of 0.5 reads 0.5, an emissive green is
// green, two stacked quads overdraw twice where one quad draws once, a point light's clusters
// glow where the far floor's are black, the shadow cascade changes across its split, and the
// raw AO is dark in a crease and white on the open floor, and the light visits count the lights
// a cluster lists apart from those that reach the fragment. In both APIs. Unknown names list the
// valid ones.
#include "support/GlTestSupport.h"
#include "support/LightingTestSupport.h"
#include "support/RendererTestSupport.h"

#include <array>
#include <string>

#include "core/Error.h"
#include "render/DebugView.h"

using namespace th;

namespace {

constexpr int kSize = 64;

/// Renders `scene` in `debugView`; `keep` receives the renderer (for its cascades).
ImageRgba8 view(Context& context, Scene& scene, const Camera& camera, DebugView debugView,
                RendererOptions options = test::testRendererOptions(), std::unique_ptr<Renderer>* keep = nullptr) {
    options.debugView = debugView;
    auto renderer = std::make_unique<Renderer>(context, options);
    RenderTarget output(kSize, kSize, TextureFormat::RGBA8, "output");
    ImageRgba8 image = test::renderImage(*renderer, scene, camera, output);
    test::dumpImage(image, std::string("debug-view-") + toString(debugView) + "-" + toString(context.api()));
    if (keep) *keep = std::move(renderer);
    return image;
}

/// A lit floor (sun, sky) with `material`, seen from above: debug views must not depend on the light.
std::unique_ptr<Scene> floorScene(std::shared_ptr<Material> material) {
    auto scene = std::make_unique<Scene>();
    scene->sky.hour = 15.0f;
    scene->post.toneMapping = ToneMapping::Agx; // the view ignores the curve
    scene->post.exposure = 3.0f;                 // and the exposure
    test::addMesh(*scene, "floor", test::floorMesh(40.0f), std::move(material));
    return scene;
}

std::array<uint8_t, 4> centre(const ImageRgba8& image) { return image.rgba(kSize / 2, kSize / 2); }

float linear(uint8_t v) { return test::srgbToLinear(float(v) / 255.0f); }

} // namespace

TEST_CASE("each debug view shows what it names on a known scene, in both APIs") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        auto context = test::makeTestContext(api, kSize, kSize);
        Camera top = test::topCamera({0, 0, 0}, 10.0f);

        SUBCASE("base colour, normal, roughness, metallic, occlusion, emissive") {
            auto material = std::make_shared<PbrMaterial>("data");
            material->setBaseColorFactor({1.0f, 0.0f, 0.0f, 1.0f});
            material->setMetallicRoughness(0.75f, 0.25f);
            material->setEmissive({0.0f, 1.0f, 0.0f});
            auto occlusion = std::make_shared<Texture>(TextureDesc{.format = TextureFormat::RGBA8, .label = "occlusion 0.5"});
            const uint8_t half[4] = {128, 128, 128, 255};
            occlusion->upload(0, 0, half);
            material->setTexture(PbrTextureSlot::Occlusion, {occlusion, nullptr});
            auto scene = floorScene(material);

            std::array<uint8_t, 4> p = centre(view(*context, *scene, top, DebugView::BaseColor));
            CHECK(p[0] > 250);
            CHECK(p[1] < 5);
            CHECK(p[2] < 5);
            ImageRgba8 normal = view(*context, *scene, top, DebugView::Normal);
            CHECK(std::abs(centre(normal)[0] - 128) <= 2);
            CHECK(centre(normal)[1] > 252);
            CHECK(std::abs(centre(normal)[2] - 128) <= 2);
            CHECK(std::abs(centre(view(*context, *scene, top, DebugView::Roughness))[0] - 64) <= 2);
            CHECK(std::abs(centre(view(*context, *scene, top, DebugView::Metallic))[0] - 191) <= 2);
            CHECK(std::abs(centre(view(*context, *scene, top, DebugView::Occlusion))[0] - 128) <= 2);
            p = centre(view(*context, *scene, top, DebugView::Emissive));
            CHECK(p[0] < 5);
            CHECK(p[1] > 250);
        }

        SUBCASE("overdraw: two stacked quads count twice, one quad once") {
            auto scene = test::darkScene();
            // The lower quad covers the whole view; the upper one its left half.
            test::addMesh(*scene, "lower", test::floorMesh(40.0f), test::greyMaterial("lower"));
            MeshData upper = test::floorMesh(6.0f);
            test::addMesh(*scene, "upper", upper, test::greyMaterial("upper"), {-3.0f, 1.0f, 0.0f});
            ImageRgba8 image = view(*context, *scene, top, DebugView::Overdraw);
            float two = linear(image.rgba(kSize / 4, kSize / 2)[0]);
            float one = linear(image.rgba(kSize * 3 / 4, kSize / 2)[0]);
            MESSAGE("overdraw: two layers ", two, ", one layer ", one);
            CHECK(one == doctest::Approx(0.1).epsilon(0.05));
            CHECK(two == doctest::Approx(0.2).epsilon(0.05));
        }

        SUBCASE("light count per cluster: lit clusters glow, clusters without lights are black") {
            auto scene = test::darkScene();
            test::addMesh(*scene, "floor", test::floorMesh(40.0f), test::greyMaterial("floor"));
            scene->lights.push_back(test::pointLight({-2.5f, 0.5f, 0.0f}, 1.0f, 10.0f));
            ImageRgba8 image = view(*context, *scene, top, DebugView::LightCount);
            glm::ivec2 near = test::toPixel(top, kSize, kSize, {-2.5f, 0.0f, 0.0f});
            glm::ivec2 far = test::toPixel(top, kSize, kSize, {2.5f, 0.0f, 0.0f});
            std::array<uint8_t, 4> n = image.rgba(near.x, near.y);
            std::array<uint8_t, 4> f = image.rgba(far.x, far.y);
            CHECK(n[2] > 40); // one light: the heat map's first blue
            CHECK(f[0] + f[1] + f[2] == 0);
        }

        SUBCASE("light visits: lights listed against lights that reach the fragment") {
            auto scene = test::darkScene();
            auto floorMaterial = test::greyMaterial("floor");
            floorMaterial->setLightMask(1u);
            test::addMesh(*scene, "floor", test::floorMesh(40.0f), floorMaterial);
            // Two lights at one place, range 2: one reaches the floor, the other's mask misses
            // it (listed in the same clusters, visited, never reaching).
            scene->lights.push_back(test::pointLight({-2.5f, 0.5f, 0.0f}, 2.0f, 1.0f));
            Light masked = test::pointLight({-2.5f, 0.5f, 0.0f}, 2.0f, 1.0f);
            masked.mask = 2u;
            scene->lights.push_back(masked);
            ImageRgba8 image = view(*context, *scene, top, DebugView::LightVisits);
            glm::ivec2 foot = test::toPixel(top, kSize, kSize, {-2.5f, 0.0f, 0.0f});
            glm::ivec2 far = test::toPixel(top, kSize, kSize, {2.5f, 0.0f, 0.0f});
            CHECK(int(image.rgba(foot.x, foot.y)[0]) == 2);
            CHECK(int(image.rgba(foot.x, foot.y)[1]) == 1);
            CHECK(int(image.rgba(far.x, far.y)[0]) == 0);
            CHECK(int(image.rgba(far.x, far.y)[1]) == 0);
            // Everywhere: no more reaching than visited, and none reaching out of range.
            int outOfRangeVisits = 0;
            for (int y = 0; y < kSize; ++y)
                for (int x = 0; x < kSize; ++x) {
                    std::array<uint8_t, 4> p = image.rgba(x, y);
                    CHECK(p[1] <= p[0]);
                    glm::vec3 w = test::toWorldOnFloor(top, kSize, kSize, {x, y});
                    float d = glm::length(w - glm::vec3(-2.5f, 0.5f, 0.0f));
                    if (d > 2.05f) CHECK(int(p[1]) == 0);
                    if (d < 1.95f) CHECK(int(p[1]) == 1);
                    if (d > 2.05f && p[0] > 0) ++outOfRangeVisits;
                }
            MESSAGE("pixels whose cluster lists the lights out of their range: ", outOfRangeVisits);
        }

        SUBCASE("shadow cascade index changes across the split") {
            auto scene = std::make_unique<Scene>();
            scene->sky.hour = 12.0f;
            test::addMesh(*scene, "floor", test::floorMesh(400.0f), test::greyMaterial("floor"));
            Camera camera;
            camera.position = {0.0f, 2.0f, 0.0f};
            camera.target = {0.0f, 0.0f, -40.0f};
            camera.nearPlane = 0.1f;
            camera.farPlane = 500.0f;
            RendererOptions options = test::testRendererOptions();
            options.shadows.cascades = 3;
            std::unique_ptr<Renderer> renderer;
            ImageRgba8 image = view(*context, *scene, camera, DebugView::Cascade, options, &renderer);
            REQUIRE(renderer->cascades().count == 3);
            float split = renderer->cascades().cascades[0].splitFar;
            // View depth along the view axis: points straight ahead on the floor at a distance.
            auto pixelAt = [&](float depth) {
                glm::vec3 forward = glm::normalize(camera.target - camera.position);
                glm::vec3 flat = glm::normalize(glm::vec3(forward.x, 0.0f, forward.z));
                // The floor point whose view depth is `depth`: solve along the flat direction.
                float distance = (depth + camera.position.y * forward.y) / glm::dot(flat, forward);
                glm::vec3 world = glm::vec3(camera.position.x, 0.0f, camera.position.z) + flat * distance;
                glm::ivec2 p = test::toPixel(camera, kSize, kSize, world);
                return image.rgba(p.x, std::clamp(p.y, 0, kSize - 1));
            };
            std::array<uint8_t, 4> before = pixelAt(split * 0.8f);
            std::array<uint8_t, 4> after = pixelAt(split * 1.3f);
            MESSAGE("cascade 0 ends at ", split, " m: before (", int(before[0]), ",", int(before[1]), ",", int(before[2]),
                    "), after (", int(after[0]), ",", int(after[1]), ",", int(after[2]), ")");
            CHECK(before[0] > 250);
            CHECK(before[1] < 5);
            CHECK(after[0] < 5);
            CHECK(after[1] > 250);
        }

        SUBCASE("raw AO: dark in the crease at a box's foot, white on the open floor") {
            auto scene = test::darkScene();
            test::addMesh(*scene, "floor", test::floorMesh(40.0f), test::greyMaterial("floor", 0.5f));
            test::addMesh(*scene, "box", test::boxMesh({2, 2, 2}), test::greyMaterial("box", 0.5f), {0, 1, 0});
            Camera camera;
            camera.position = {0.0f, 3.0f, 7.0f};
            camera.target = {0.0f, 0.0f, 2.0f};
            camera.nearPlane = 0.1f;
            camera.farPlane = 100.0f;
            ImageRgba8 image = view(*context, *scene, camera, DebugView::AmbientOcclusion);
            int crease = test::brightnessAt(image, camera, {0.0f, 0.0f, 1.05f});
            int open = test::brightnessAt(image, camera, {0.0f, 0.0f, 3.5f});
            MESSAGE("raw AO: crease ", crease, ", open floor ", open);
            CHECK(crease < 0.85 * 255);
            CHECK(open > 245);
        }
        test::requireNoGlErrors(*context);
    }
}

TEST_CASE("an unknown debug view is an error listing the valid names") {
    CHECK((parseDebugView("roughness") == DebugView::Roughness));
    CHECK((parseDebugView("light-count") == DebugView::LightCount));
    try {
        parseDebugView("albedo");
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(std::string(e.what()) ==
              "unknown debug view 'albedo'; expected none, base-color, normal, roughness, metallic, occlusion, emissive, overdraw, "
              "light-count, cascade, ao, light-visits");
    }
    for (const std::string& name : debugViewNames()) CHECK(std::string(toString(parseDebugView(name))) == name);
}
