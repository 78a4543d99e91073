// The procedural sky on the real driver, in both APIs: the GPU's environment agrees with the
// CPU model, the sun follows the hour and its light warms in the evening and goes out at
// night, the environment is rebuilt when the hour changes and only then, and the height fog
// swallows far things (and the horizon) but not near ones.
#include "support/GlTestSupport.h"
#include "support/RendererTestSupport.h"

#include <cmath>

#define GLM_ENABLE_EXPERIMENTAL
#include <glm/gtx/quaternion.hpp>

#include "gl/Readback.h"
#include "material/PbrMaterial.h"
#include "render/ImageBasedLighting.h"
#include "render/Renderer.h"
#include "render/SkyModel.h"
#include "scene/Scene.h"

using namespace th;

namespace {
constexpr int kSize = 64;

std::shared_ptr<PbrMaterial> material(glm::vec3 color, bool unlit = false) {
    auto m = std::make_shared<PbrMaterial>("quad");
    PbrParams p;
    p.baseColorFactor = glm::vec4(color, 1.0f);
    p.metallicFactor = 0.0f;
    p.roughnessFactor = 1.0f;
    p.unlit = unlit;
    m->setParams(p);
    return m;
}

Node& addQuad(Scene& scene, std::shared_ptr<PbrMaterial> m, float size, glm::vec3 position, glm::vec3 facing) {
    Node& node = test::addMesh(scene, "quad", test::quadMesh(size, size), std::move(m), position);
    node.transform.rotation = glm::rotation(glm::vec3(0, 0, 1), glm::normalize(facing));
    return node;
}

ImageRgba8 renderScene(Renderer& renderer, Scene& scene, const Camera& camera) {
    RenderTarget output(kSize, kSize, TextureFormat::RGBA8, "output");
    return test::renderImage(renderer, scene, camera, output);
}

/// The texel of a cube level nearest to a direction, and that texel's exact direction.
glm::vec3 cubeTexel(const CubeImage& cube, glm::vec3 d, glm::vec3& texelDirection) {
    glm::vec3 a = glm::abs(d);
    int face;
    float sc, tc, ma;
    if (a.x >= a.y && a.x >= a.z) face = d.x > 0 ? 0 : 1, ma = a.x, sc = d.x > 0 ? -d.z : d.z, tc = -d.y;
    else if (a.y >= a.z) face = d.y > 0 ? 2 : 3, ma = a.y, sc = d.x, tc = d.y > 0 ? d.z : -d.z;
    else face = d.z > 0 ? 4 : 5, ma = a.z, sc = d.z > 0 ? d.x : -d.x, tc = -d.y;
    int n = cube.size;
    int x = std::clamp(int((sc / ma * 0.5f + 0.5f) * float(n)), 0, n - 1);
    int y = std::clamp(int((tc / ma * 0.5f + 0.5f) * float(n)), 0, n - 1);
    texelDirection = glm::normalize(cubeFaceDirection(face, (float(x) + 0.5f) / float(n) * 2.0f - 1.0f,
                                                      (float(y) + 0.5f) / float(n) * 2.0f - 1.0f));
    const float* p = &cube.faces[size_t(face)][(size_t(y) * size_t(n) + size_t(x)) * 4];
    return {p[0], p[1], p[2]};
}

glm::vec3 direction(float azimuthDegrees, float elevationDegrees) {
    float a = glm::radians(azimuthDegrees), e = glm::radians(elevationDegrees);
    return {std::cos(e) * std::cos(a), std::sin(e), std::cos(e) * std::sin(a)};
}
} // namespace

TEST_CASE("sky: the GPU environment agrees with the CPU model, bluer overhead than at the horizon") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(toString(api));
        auto context = test::makeTestContext(api, 16, 16);
        {
            ShaderStore store;
            VertexArray empty("empty");
            ImageBasedLighting ibl(context->info());
            EnvironmentSettings environment; // the sky
            for (float hour : {12.0f, 17.0f, 18.3f, 7.0f}) {
                CAPTURE(hour);
                SkySettings sky;
                sky.hour = hour;
                REQUIRE(ibl.update(store, environment, sky, empty));
                MESSAGE(std::string(toString(api)), " sky at ", hour, " h built in ", ibl.lastBuildTimes().totalMs, " ms (tables and cube ",
                        ibl.lastBuildTimes().skyMs, ", prefilter ", ibl.lastBuildTimes().prefilterMs, ", SH ",
                        ibl.lastBuildTimes().shMs, ")");
                SkyModel model(sky);
                CubeImage cube = ibl.readCube(ibl.environmentCube(), 0);
                glm::vec3 toSun = model.toSun();
                glm::vec3 sunSide = glm::normalize(glm::vec3(toSun.x, 0.0f, toSun.z));
                float sunAzimuth = glm::degrees(std::atan2(sunSide.z, sunSide.x));
                for (glm::vec3 d : {direction(0, 90), direction(sunAzimuth, 2), direction(sunAzimuth + 180, 2),
                                    direction(sunAzimuth + 90, 30), direction(sunAzimuth + 20, 10), direction(40, -30),
                                    direction(sunAzimuth, -0.5f)}) {
                    glm::vec3 exact;
                    glm::vec3 gpu = cubeTexel(cube, d, exact);
                    glm::vec3 cpu = model.radiance(exact);
                    CAPTURE(exact.x);
                    CAPTURE(exact.y);
                    CAPTURE(exact.z);
                    CAPTURE(gpu.g);
                    CAPTURE(cpu.g);
                    // Half floats, a bilinear sky-view table (128 × 96) against exact rays:
                    // within 6 % plus a floor for the darkest channels.
                    for (int c = 0; c < 3; ++c) CHECK(std::abs(gpu[c] - cpu[c]) <= 0.06f * cpu[c] + 2e-3f);
                }
                if (hour == 12.0f) {
                    glm::vec3 unused;
                    glm::vec3 zenith = cubeTexel(cube, {0, 1, 0}, unused);
                    glm::vec3 horizon = cubeTexel(cube, direction(90, 1), unused);
                    CHECK(zenith.b / zenith.r > horizon.b / horizon.r);
                    CHECK(zenith.b > zenith.r);
                }
            }
            test::requireNoGlErrors(*context);
        }
    }
}

TEST_CASE("sky: the sun lights what faces it, warms at 17:00 and goes out at night") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(toString(api));
        auto context = test::makeTestContext(api, kSize, kSize);
        {
            Renderer renderer(*context, test::testRendererOptions());
            auto measure = [&](float hour, EnvironmentSource source, bool facingSun) {
                Scene scene;
                scene.sky.hour = hour;
                scene.environment.source = source;
                scene.environment.showAsBackground = false;
                scene.post.toneMapping = ToneMapping::None;
                scene.post.exposure = 0.25f;
                glm::vec3 toSun = -sunDirectionForHour(hour, scene.sky.latitude);
                glm::vec3 facing = facingSun ? toSun : glm::vec3(-toSun.x, -0.3f, -toSun.z);
                addQuad(scene, material(glm::vec3(0.5f)), 1.0f, glm::vec3(0.0f), facing);
                Camera camera;
                camera.position = glm::normalize(facing) * 4.0f;
                camera.target = glm::vec3(0.0f);
                camera.up = std::abs(glm::normalize(facing).y) > 0.95f ? glm::vec3(0, 0, 1) : glm::vec3(0, 1, 0);
                auto p = renderScene(renderer, scene, camera).rgba(kSize / 2, kSize / 2);
                return glm::vec3(p[0], p[1], p[2]);
            };
            glm::vec3 noon = measure(12.0f, EnvironmentSource::None, true);
            glm::vec3 evening = measure(17.0f, EnvironmentSource::None, true);
            glm::vec3 night = measure(0.0f, EnvironmentSource::None, true);
            glm::vec3 lit = measure(12.0f, EnvironmentSource::Sky, true);
            glm::vec3 shaded = measure(12.0f, EnvironmentSource::Sky, false);
            MESSAGE(std::string(toString(api)), " noon ", noon.r, ",", noon.g, ",", noon.b, "; 17:00 ", evening.r, ",", evening.g, ",",
                    evening.b, "; midnight ", night.r, ",", night.g, ",", night.b, "; sky-lit facing the sun ", lit.g,
                    ", facing away ", shaded.g);
            CHECK(noon.g > 100.0f);
            CHECK(evening.r > evening.b + 20.0f);        // warmer: more red than blue
            CHECK(evening.r / evening.b > noon.r / noon.b);
            CHECK(night.r < 20.0f);                       // the sun is off: only the night fill
            CHECK(night.b < 25.0f);
            CHECK(lit.g > shaded.g + 40.0f);              // the sun lights what faces it
            CHECK(shaded.g > 10.0f);                      // and the sky lights the rest
            CHECK(shaded.b > shaded.r);                   // in blue
            test::requireNoGlErrors(*context);
        }
    }
}

TEST_CASE("sky: the environment is rebuilt when the hour changes, and only then") {
    auto context = test::makeTestContext(GlApi::Gles30, kSize, kSize);
    {
        Renderer renderer(*context, test::testRendererOptions());
        Scene scene;
        addQuad(scene, material(glm::vec3(0.5f)), 1.0f, glm::vec3(0.0f), {0, 0, 1});
        Camera camera;
        camera.position = {0, 0, 4};
        RenderTarget output(kSize, kSize, TextureFormat::RGBA8, "output");
        renderer.prepare(scene, camera, output);
        renderer.render(scene, camera, output, 0.0);
        ImageBasedLighting& ibl = renderer.imageBasedLighting();
        uint64_t g = ibl.generation();
        MESSAGE("sky environment (cube 128², tables, specular chain, SH) built in ", ibl.lastBuildTimes().totalMs, " ms");
        renderer.render(scene, camera, output, 0.1);
        CHECK(ibl.generation() == g);
        scene.sky.hour += 1.0f;
        renderer.render(scene, camera, output, 0.2);
        CHECK(ibl.generation() == g + 1);
        MESSAGE("rebuilt for a new hour in ", ibl.lastBuildTimes().totalMs, " ms (tables kept)");
        scene.sky.hour += 10.0f / 3600.0f; // ten seconds: the sun moves 0.04°, nothing to rebuild
        renderer.render(scene, camera, output, 0.3);
        CHECK(ibl.generation() == g + 1);
        scene.environment.intensity = 0.5f; // applied when shading
        scene.post.exposure = 2.0f;
        renderer.render(scene, camera, output, 0.4);
        CHECK(ibl.generation() == g + 1);
        scene.sky.turbidity = 6.0f;
        renderer.render(scene, camera, output, 0.5);
        CHECK(ibl.generation() == g + 2);
        MESSAGE("rebuilt for new haze in ", ibl.lastBuildTimes().totalMs, " ms (tables too)");
        test::requireNoGlErrors(*context);
    }
}

TEST_CASE("fog: far things and the horizon take the fog colour, near ones keep theirs") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(toString(api));
        auto context = test::makeTestContext(api, kSize, kSize);
        {
            Renderer renderer(*context, test::testRendererOptions());
            Scene scene;
            scene.sky.hour = 12.0f;
            scene.post.toneMapping = ToneMapping::None;
            scene.fog.enabled = true;
            scene.fog.color = {0.9f, 0.5f, 0.2f};
            scene.fog.density = 0.005f;
            scene.fog.heightFalloff = 0.05f;
            scene.fog.baseHeight = 0.0f;
            auto red = material({1, 0, 0}, true);
            // Camera 1 m up looking north (+Z, away from the sun; east, +X, is on the left);
            // near quad 5 m ahead on the left, far one 3 km ahead on the right; the middle
            // column sees only the sky at the horizon.
            addQuad(scene, red, 0.5f, {1.5f, 1.0f, 5.0f}, {0, 0, -1});
            addQuad(scene, red, 300.0f, {-600.0f, 1.0f, 3000.0f}, {0, 0, -1});
            Camera camera;
            camera.position = {0, 1, 0};
            camera.target = {0, 1, 10};
            camera.yfov = glm::radians(45.0f);
            camera.farPlane = 5000.0f;
            ImageRgba8 image = renderScene(renderer, scene, camera);
            auto near = image.rgba(int(kSize * 0.14f), kSize / 2);
            auto far = image.rgba(int(kSize * 0.74f), kSize / 2);
            auto horizon = image.rgba(kSize / 2, kSize / 2);
            auto sky = image.rgba(kSize / 2, 2);
            auto srgb = [](float v) { return int(std::lround(255.0f * (v <= 0.0031308f ? v * 12.92f : 1.055f * std::pow(v, 1 / 2.4f) - 0.055f))); };
            glm::ivec3 fog(srgb(0.9f), srgb(0.5f), srgb(0.2f));
            MESSAGE(std::string(toString(api)), " near ", int(near[0]), ",", int(near[1]), ",", int(near[2]), "; far ", int(far[0]), ",",
                    int(far[1]), ",", int(far[2]), "; horizon ", int(horizon[0]), ",", int(horizon[1]), ",", int(horizon[2]),
                    "; sky ", int(sky[0]), ",", int(sky[1]), ",", int(sky[2]), "; fog ", fog.r, ",", fog.g, ",", fog.b);
            // Near: 5 m of air at 0.005/m·e^(−0.05) fogs 2.4 %.
            CHECK(near[0] > 240);
            CHECK(near[1] < 50);
            // Far: 3 km: optical depth 14, the fog colour.
            for (int c = 0; c < 3; ++c) CHECK(std::abs(int(far[size_t(c)]) - fog[c]) <= 3);
            // The horizon is infinitely far through the fog's base: the fog colour too.
            for (int c = 0; c < 3; ++c) CHECK(std::abs(int(horizon[size_t(c)]) - fog[c]) <= 3);
            // Looking 20° up the ray climbs out of a 20 m layer: mostly sky, bluer than the fog.
            CHECK(int(sky[2]) > fog.b + 40);
            // Fog that starts 8 m out leaves the near quad untouched and still swallows the far one.
            scene.fog.startDistance = 8.0f;
            ImageRgba8 started = renderScene(renderer, scene, camera);
            auto clearNear = started.rgba(int(kSize * 0.14f), kSize / 2);
            CHECK(clearNear[0] == 255);
            CHECK(clearNear[1] == 0);
            CHECK(std::abs(int(started.rgba(int(kSize * 0.74f), kSize / 2)[1]) - fog.g) <= 3);
            test::requireNoGlErrors(*context);
        }
    }
}
