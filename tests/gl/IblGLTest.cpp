// Image-based lighting on the real driver, in both APIs: the white furnace (a white surface in
// a uniform white environment returns exactly the environment's radiance at every roughness),
// the GPU path from an equirectangular image through the cube, the specular chain and the SH
// read-back, an HDR studio lighting a grey sphere, and the 8-bit fallback.
#include "support/GlTestSupport.h"
#include "support/IblTestSupport.h"
#include "support/RendererTestSupport.h"

#include <cmath>
#include <filesystem>

#include "assets/ImageLoader.h"
#include "assets/ProceduralMeshes.h"
#include "common/AppPaths.h"
#include "core/Log.h"
#include "gl/Readback.h"
#include "material/PbrMaterial.h"
#include "plugins/sheen/SheenPlugin.h"
#include "render/BrdfLut.h"
#include "render/ImageBasedLighting.h"
#include "render/Renderer.h"
#include "scene/Scene.h"

using namespace th;

namespace {
constexpr float kPi = 3.14159265358979f;
constexpr int kSize = 72;

/// A sphere of radius 1 at the origin, lit only by the scene's environment, seen from +Z.
struct SphereScene {
    Scene scene;
    std::shared_ptr<PbrMaterial> material = std::make_shared<PbrMaterial>("sphere");
    Camera camera;

    SphereScene() {
        scene.sunLight = false;
        scene.sky.enabled = false;
        scene.environment.showAsBackground = false;
        scene.post.toneMapping = ToneMapping::None;
        scene.post.clearColor = {0, 0, 0};
        test::addMesh(scene, "sphere", makeUvSphere(1.0f, 48, 24), material);
        camera.position = {0, 0, 3.2f};
        camera.target = {0, 0, 0};
        camera.yfov = glm::radians(45.0f);
    }

    ImageRgba8 render(Renderer& renderer) {
        RenderTarget output(kSize, kSize, TextureFormat::RGBA8, "output");
        return test::renderImage(renderer, scene, camera, output);
    }
};

/// Pixels well inside the sphere's silhouette: its projected radius is tan⁻¹(1/√(3.2² − 1))
/// over the half field of view, shrunk by two pixels so no edge pixel is half background.
bool insideSphere(int x, int y) {
    float half = kSize * 0.5f;
    float radius = half * std::tan(std::asin(1.0f / 3.2f)) / std::tan(glm::radians(22.5f)) - 2.0f;
    float dx = float(x) + 0.5f - half, dy = float(y) + 0.5f - half;
    return dx * dx + dy * dy < radius * radius;
}

struct FurnaceStats {
    float mean = 0, minimum = 1e9f, maximum = 0;
    int pixels = 0;
};

FurnaceStats furnace(const ImageRgba8& image, float exposure) {
    FurnaceStats s;
    double sum = 0;
    for (int y = 0; y < kSize; ++y)
        for (int x = 0; x < kSize; ++x) {
            if (!insideSphere(x, y)) continue;
            auto p = image.rgba(x, y);
            for (int c = 0; c < 3; ++c) {
                float v = test::srgbToLinear(float(p[size_t(c)]) / 255.0f) / exposure;
                s.minimum = std::min(s.minimum, v);
                s.maximum = std::max(s.maximum, v);
                sum += v;
            }
            ++s.pixels;
        }
    s.mean = float(sum / (3.0 * std::max(s.pixels, 1)));
    return s;
}

std::shared_ptr<ImageRgbaF> constantImage(int width, int height, glm::vec3 value) {
    auto image = std::make_shared<ImageRgbaF>(width, height);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            float* p = image->at(x, y);
            p[0] = value.r, p[1] = value.g, p[2] = value.b, p[3] = 1.0f;
        }
    return image;
}

} // namespace

TEST_CASE("white furnace: a white sphere in a uniform white environment returns the environment's radiance") {
    // Exposure ½ keeps radiance 1 away from the 8-bit ceiling (sRGB 188), so an excess shows;
    // one 8-bit step there is about 0.6 % of the value.
    const float exposure = 0.5f;
    for (GlApi api : test::kBothApis) {
        CAPTURE(toString(api));
        auto context = test::makeTestContext(api, kSize, kSize);
        {
            Renderer renderer(*context, test::testRendererOptions());
            SphereScene s;
            s.scene.post.exposure = exposure;
            struct Source {
                const char* name;
                EnvironmentSource source;
            };
            for (Source source :
                 {Source{"uniform", EnvironmentSource::Uniform}, Source{"image", EnvironmentSource::HdrFile}}) {
                CAPTURE(source.name);
                s.scene.environment.source = source.source;
                s.scene.environment.uniformColor = glm::vec3(1.0f);
                // The image path runs the whole bake: panorama → cube → specular chain → SH.
                s.scene.environment.hdrImage = constantImage(64, 32, glm::vec3(1.0f));
                // A half metal is half a dielectric and half a metal (glTF's mix): its diffuse half is
                // shadowed by the dielectric's reflectance only, so it conserves energy too.
                for (float metallic : {0.0f, 0.5f, 1.0f})
                    for (float roughness : {0.0f, 0.25f, 0.5f, 0.75f, 1.0f}) {
                        CAPTURE(metallic);
                        CAPTURE(roughness);
                        s.material->setBaseColorFactor({1, 1, 1, 1});
                        s.material->setMetallicRoughness(metallic, roughness);
                        FurnaceStats f = furnace(s.render(renderer), exposure);
                        MESSAGE(std::string(toString(api)), " ", source.name, " metallic ", metallic, " roughness ",
                                roughness, ": mean ", f.mean, " min ", f.minimum, " max ", f.maximum, " over ",
                                f.pixels, " px");
                        REQUIRE(f.pixels > 500);
                        CHECK(f.mean == doctest::Approx(1.0f).epsilon(0.02));
                        CHECK(f.minimum > 0.96f);
                        CHECK(f.maximum < 1.04f);
                    }
            }
            test::requireNoGlErrors(*context);
        }
    }
}

TEST_CASE("IBL from an image: the SH of a directional lobe recovers its irradiance, the chain is prefiltered") {
    // Radiance max(0, ω·up) as a panorama (its top row is straight up: cos θ = cos(π v)).
    auto lobe = std::make_shared<ImageRgbaF>(256, 128);
    for (int y = 0; y < lobe->height; ++y)
        for (int x = 0; x < lobe->width; ++x) {
            float v = std::max(0.0f, std::cos(kPi * (float(y) + 0.5f) / float(lobe->height)));
            float* p = lobe->at(x, y);
            p[0] = v, p[1] = v, p[2] = v, p[3] = 1.0f;
        }
    for (GlApi api : test::kBothApis) {
        CAPTURE(toString(api));
        auto context = test::makeTestContext(api, 16, 16);
        {
            auto bake = test::iblFromImage(context->info(), lobe);
            ImageBasedLighting& ibl = bake.ibl;
            REQUIRE(bake.update());
            CHECK(ibl.active());
            CHECK((ibl.format() == TextureFormat::RGBA16F));
            CHECK(ibl.environmentCube().width() == 256);
            CHECK(ibl.specularCube().width() == 128);
            CHECK(ibl.specularMipCount() == 4); // 128, 64, 32 and 16 texels: roughness 0, ⅓, ⅔, 1
            // Order-2 SH of the clamped cosine, over π (see SphericalHarmonicsTest): 0.6615 up,
            // 0.2109 sideways, 0 down; the exact values are 2/3, 2/(3π), 0.
            ShIrradiance sh = ibl.irradianceSh();
            CHECK(evaluateIrradianceSh(sh, {0, 1, 0}).g == doctest::Approx(0.6615f).epsilon(0.02));
            CHECK(evaluateIrradianceSh(sh, {1, 0, 0}).g == doctest::Approx(0.2109f).epsilon(0.03));
            CHECK(evaluateIrradianceSh(sh, {0, 0, -1}).g == doctest::Approx(0.2109f).epsilon(0.03));
            CHECK(evaluateIrradianceSh(sh, {0, -1, 0}).g < 0.02f);

            // The specular chain: the mirror level keeps the lobe's shape, the roughest level
            // is a wide average that still leans upwards; every level is finite.
            CubeImage mirror = ibl.readCube(ibl.specularCube(), 0);
            CubeImage rough = ibl.readCube(ibl.specularCube(), ibl.specularMipCount() - 1);
            auto centre = [](const CubeImage& c, int face) {
                int n = c.size, i = (n / 2) * n + n / 2;
                return c.faces[size_t(face)][size_t(i) * 4 + 1];
            };
            CHECK(centre(mirror, 2) == doctest::Approx(1.0f).epsilon(0.02)); // +Y
            CHECK(centre(mirror, 0) < 0.03f);                                // +X: the horizon
            CHECK(centre(mirror, 3) < 0.01f);                                // −Y
            float roughUp = centre(rough, 2), roughSide = centre(rough, 0), roughDown = centre(rough, 3);
            MESSAGE("roughest level: up ", roughUp, " side ", roughSide, " down ", roughDown);
            CHECK(roughUp < 0.9f);
            CHECK(roughUp > roughSide);
            CHECK(roughSide > roughDown);
            for (int level = 0; level < ibl.specularMipCount(); ++level) {
                CubeImage c = ibl.readCube(ibl.specularCube(), level);
                for (auto& face : c.faces)
                    for (float v : face) REQUIRE(std::isfinite(v));
            }
            // The same image again rebuilds nothing; a new image does.
            uint64_t generation = ibl.generation();
            CHECK_FALSE(bake.update());
            bake.sky.hour = 3.0f; // the hour does not touch an image environment
            CHECK_FALSE(bake.update());
            bake.environment.intensity = 2.0f; // applied when shading, not baked
            CHECK_FALSE(bake.update());
            CHECK(ibl.intensity() == 2.0f);
            bake.environment.hdrImage = constantImage(32, 16, glm::vec3(0.5f));
            CHECK(bake.update());
            CHECK(ibl.generation() == generation + 1);
            CHECK(ibl.irradianceSh()[0].r == doctest::Approx(0.5f).epsilon(0.01));
            test::requireNoGlErrors(*context);
        }
    }
}

TEST_CASE("an HDR studio environment lights a grey sphere plausibly") {
    std::filesystem::path path = sharedDirectory() / "gltf" / "environment" / "neutral_studio.hdr";
    if (!std::filesystem::exists(path)) {
        MESSAGE("skipped: ", path.string(), " is absent");
        return;
    }
    auto image = std::make_shared<ImageRgbaF>(loadHdr(path));
    for (GlApi api : test::kBothApis) {
        CAPTURE(toString(api));
        auto context = test::makeTestContext(api, kSize, kSize);
        {
            Renderer renderer(*context, test::testRendererOptions());
            SphereScene s;
            s.scene.environment.source = EnvironmentSource::HdrFile;
            s.scene.environment.hdrPath = path.string();
            s.scene.environment.hdrImage = image;
            s.scene.post.toneMapping = ToneMapping::PbrNeutral;
            s.material->setBaseColorFactor({0.5f, 0.5f, 0.5f, 1});
            s.material->setMetallicRoughness(0.0f, 0.5f);
            ImageRgba8 frame = s.render(renderer);
            auto centre = frame.rgba(kSize / 2, kSize / 2);
            MESSAGE(std::string(toString(api)), " grey sphere centre ", int(centre[0]), ",", int(centre[1]), ",",
                    int(centre[2]), "; environment rebuilt in ", renderer.imageBasedLighting().lastBuildTimes().totalMs,
                    " ms");
            for (int c = 0; c < 3; ++c) {
                CHECK(centre[size_t(c)] > 40);
                CHECK(centre[size_t(c)] < 250);
            }
            // Neutral: a grey studio keeps a grey sphere grey.
            int lo = std::min({centre[0], centre[1], centre[2]}), hi = std::max({centre[0], centre[1], centre[2]});
            CHECK(hi - lo <= 12);
            // The studio is lit from above: the top of the sphere is brighter than the bottom.
            int top = frame.rgba(kSize / 2, kSize / 2 - 15)[1], bottom = frame.rgba(kSize / 2, kSize / 2 + 15)[1];
            MESSAGE("top ", top, " bottom ", bottom);
            CHECK(top > bottom);
            test::requireNoGlErrors(*context);
        }
    }
}

TEST_CASE("without float render targets the environment falls back to 8 bits, said once") {
    auto context = test::makeTestContext(GlApi::Gles30, 16, 16);
    {
        ContextInfo info = context->info();
        info.floatRenderTargets = false;
        int warnings = 0;
        std::string said;
        ScopedLogSink sink([&](LogLevel level, std::string_view message) {
            if (level == LogLevel::Warning) ++warnings, said = message;
        });
        ShaderStore store;
        VertexArray empty("empty");
        ImageBasedLighting ibl(info);
        CHECK(warnings == 1);
        CHECK(said.find("EXT_color_buffer_float") != std::string::npos);
        CHECK((ibl.format() == TextureFormat::RGBA8));
        EnvironmentSettings environment;
        SkySettings sky;
        REQUIRE(ibl.update(store, environment, sky, empty));
        CHECK((ibl.environmentCube().desc().format == TextureFormat::RGBA8));
        // The noon sky is still blue overhead and nothing is black or NaN.
        CubeImage up = ibl.readCube(ibl.environmentCube(), 0);
        const auto& top = up.faces[2];
        size_t centre = size_t((up.size / 2) * up.size + up.size / 2) * 4;
        CHECK(top[centre + 2] > top[centre + 0]);
        CHECK(top[centre + 2] > 0.05f);
        CHECK(ibl.irradianceSh()[0].b > 0.0f);
        CHECK(warnings == 1);
        test::requireNoGlErrors(*context);
    }
}

TEST_CASE("the BRDF table on the GPU holds the CPU integral and its closed-form anchors") {
    auto context = test::makeTestContext(GlApi::Gles30, 16, 16);
    {
        Renderer renderer(*context, test::testRendererOptions());
        const Texture& lut = renderer.imageBasedLighting().brdfLut();
        REQUIRE(lut.width() == kBrdfLutSize);
        Framebuffer framebuffer("BRDF table readback");
        framebuffer.attachColor(0, lut);
        framebuffer.setDrawBuffers(1);
        framebuffer.check();
        std::vector<float> texels(size_t(kBrdfLutSize) * kBrdfLutSize * 4);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer.id());
        glReadPixels(0, 0, kBrdfLutSize, kBrdfLutSize, GL_RGBA, GL_FLOAT, texels.data());
        glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
        test::requireNoGlErrors(*context);

        // The upload: every texel is the CPU table's value at half-float precision, in the
        // layout the shader reads (u = NoV, v = roughness).
        const auto& table = brdfLutTable();
        float worstUpload = 0;
        for (size_t i = 0; i < table.size(); ++i) {
            worstUpload = std::max(worstUpload, std::abs(texels[i * 4 + 0] - table[i].x));
            worstUpload = std::max(worstUpload, std::abs(texels[i * 4 + 1] - table[i].y));
        }
        CHECK(worstUpload < 1e-3f);

        auto texel = [&](int x, int y) {
            size_t i = (size_t(y) * kBrdfLutSize + size_t(x)) * 4;
            return glm::vec2(texels[i], texels[i + 1]);
        };
        // Published anchors, read from the GPU copy: at α = 1 and normal incidence the
        // height-correlated Smith GGX albedo is 1 − ln 2 (D = 1/π, Λ(μ) = (1/μ − 1)/2), all of
        // it in the F0 term; a nearly smooth surface seen head-on reflects everything (scale
        // 1, bias 0). The corner texels sit half a texel inside those limits.
        glm::vec2 rough = texel(kBrdfLutSize - 1, kBrdfLutSize - 1), smooth = texel(kBrdfLutSize - 1, 0);
        MESSAGE("rough corner (", rough.x, ", ", rough.y, "), smooth corner (", smooth.x, ", ", smooth.y, ")");
        CHECK(rough.x + rough.y == doctest::Approx(1.0 - std::log(2.0)).epsilon(0.03));
        CHECK(rough.y < 1e-3f);
        CHECK(smooth.x == doctest::Approx(1.0).epsilon(0.005));
        CHECK(smooth.y < 1e-3f);
    }
}

namespace {
/// A prefiltered cube's texel with N = V = R, by quadrature instead of sampling:
/// ∫ L(l) (n·l) D(h) dl / ∫ (n·l) D(h) dl over the hemisphere around R, for a radiance that
/// depends on the direction only through its y (the panorama's elevation). `logD` is the
/// distribution's logarithm at the half vector's angle θh from R, up to a constant (the ratio
/// drops it): the Charlie lobe's D underflows a float at low roughness.
template <typename Radiance, typename LogDistribution>
float exactPrefilter(glm::vec3 r, Radiance radiance, LogDistribution logD, int thetaSteps = 256) {
    glm::vec3 up = std::abs(r.y) < 0.999f ? glm::vec3(0, 1, 0) : glm::vec3(1, 0, 0);
    glm::vec3 t = glm::normalize(glm::cross(up, r)), b = glm::cross(r, t);
    double sum = 0, weight = 0;
    constexpr int kPhi = 256;
    for (int i = 0; i < thetaSteps; ++i) {
        double theta = (double(i) + 0.5) / double(thetaSteps) * 0.5 * kPi; // angle of l from r
        for (int j = 0; j < kPhi; ++j) {
            float phi = (float(j) + 0.5f) / float(kPhi) * 2.0f * kPi;
            glm::vec3 l = t * float(std::sin(theta) * std::cos(phi)) + b * float(std::sin(theta) * std::sin(phi)) +
                          r * float(std::cos(theta));
            // h halves the angle between r and l.
            double w = std::cos(theta) * std::sin(theta) * std::exp(logD(0.5 * theta));
            sum += w * radiance(l.y);
            weight += w;
        }
    }
    return float(sum / weight);
}

float exactGgxPrefilter(glm::vec3 r, float roughness, float (*radiance)(float)) {
    double a2 = std::pow(double(roughness), 4.0);
    return exactPrefilter(r, radiance, [a2](double thetaH) {
        double noh = std::cos(thetaH), f = noh * noh * (a2 - 1.0) + 1.0;
        return std::log(a2 / (f * f));
    });
}

/// Charlie: D ∝ sin^(1/α) θh, taken relative to its value at 45° (where it is largest inside
/// the hemisphere) so the exponent stays near 0.
float exactCharliePrefilter(glm::vec3 r, float roughness, float (*radiance)(float)) {
    double alpha = double(roughness) * roughness;
    return exactPrefilter(
        r, radiance, [alpha](double thetaH) { return (std::log(std::sin(thetaH)) - std::log(std::sqrt(0.5))) / alpha; },
        roughness < 0.1f ? 4096 : 512); // at low roughness the lobe is a thin ring at the horizon
}

float elevationRadiance(float y) { return 0.05f + std::max(0.0f, y) * 2.0f; }

std::shared_ptr<ImageRgbaF> elevationPanorama() {
    auto sky = std::make_shared<ImageRgbaF>(512, 256);
    for (int y = 0; y < sky->height; ++y)
        for (int x = 0; x < sky->width; ++x) {
            float v = elevationRadiance(std::cos(kPi * (float(y) + 0.5f) / float(sky->height)));
            float* p = sky->at(x, y);
            p[0] = v, p[1] = v, p[2] = v, p[3] = 1.0f;
        }
    return sky;
}

/// Texels along the +X face's vertical centre line (elevations from −45° to +45°) and the +Y
/// and −Y face centres (straight up and down), with their directions.
std::vector<std::pair<size_t, glm::vec3>> probeTexels(const CubeImage& cube) {
    std::vector<std::pair<int, glm::ivec2>> texels = {{2, {cube.size / 2, cube.size / 2}}, {3, {cube.size / 2, cube.size / 2}}};
    for (int row = 0; row < cube.size; row += std::max(1, cube.size / 4)) texels.push_back({0, {cube.size / 2, row}});
    std::vector<std::pair<size_t, glm::vec3>> out;
    for (auto [face, texel] : texels) {
        float s = (float(texel.x) + 0.5f) / float(cube.size) * 2.0f - 1.0f;
        float t = (float(texel.y) + 0.5f) / float(cube.size) * 2.0f - 1.0f;
        size_t index = size_t(face) * size_t(cube.size) * size_t(cube.size) + size_t(texel.y * cube.size + texel.x);
        out.push_back({index, glm::normalize(cubeFaceDirection(face, s, t))});
    }
    return out;
}

float cubeValue(const CubeImage& cube, size_t index) {
    size_t perFace = size_t(cube.size) * size_t(cube.size);
    return cube.faces[index / perFace][(index % perFace) * 4 + 1];
}
} // namespace

TEST_CASE("the specular chain holds the GGX prefilter integral at every level, up to roughness 1") {
    // A rough metal reflects this level directly, so an error here is an error on screen: the
    // roughest level once sat at 1×1 texel per face and read the source two mips too blurry,
    // which flattened fully rough metals (SimpleInstancing, BoxVertexColors) into one grey.
    auto sky = elevationPanorama();
    for (GlApi api : test::kBothApis) {
        CAPTURE(toString(api));
        auto context = test::makeTestContext(api, 16, 16);
        {
            auto bake = test::iblFromImage(context->info(), sky);
            ImageBasedLighting& ibl = bake.ibl;
            REQUIRE(bake.update());
            int levels = ibl.specularMipCount();
            CHECK(std::max(1, ibl.specularCube().width() >> (levels - 1)) >= 16);
            for (int level = 1; level < levels; ++level) {
                float roughness = float(level) / float(levels - 1);
                CubeImage cube = ibl.readCube(ibl.specularCube(), level);
                for (const auto& probe : probeTexels(cube)) {
                    // Named copies, not a structured binding: clang 14 refuses those in doctest's CAPTURE.
                    size_t index = probe.first;
                    glm::vec3 r = probe.second;
                    float expected = exactGgxPrefilter(r, roughness, elevationRadiance);
                    float got = cubeValue(cube, index);
                    CAPTURE(level);
                    CAPTURE(roughness);
                    CAPTURE(r.y);
                    MESSAGE("level ", level, " roughness ", roughness, " r.y ", r.y, ": ", got, " (exact ", expected,
                            ")");
                    CHECK(got == doctest::Approx(expected).epsilon(0.06));
                }
            }
            test::requireNoGlErrors(*context);
        }
    }
}

TEST_CASE("the sheen cube holds the Charlie prefilter integral at every level, the low roughness level included") {
    // The sheen's environment (frame texture sheenEnvironment): with V = N the Charlie lobe
    // reflects only through half vectors within 45° of N, and at low roughness only near the
    // horizon; sampling only that part must still give the full integral, never black.
    auto sky = elevationPanorama();
    for (GlApi api : test::kBothApis) {
        CAPTURE(toString(api));
        auto context = test::makeTestContext(api, 16, 16);
        {
            auto bake = test::iblFromImage(context->info(), sky);
            ImageBasedLighting& ibl = bake.ibl;
            REQUIRE(bake.update());
            bool built = false;
            const Texture& sheen = bake.sheenCube(&built);
            CHECK(built);
            CHECK(sheen.width() == 64);
            int levels = sheen.mipLevels();
            CHECK(levels == int(std::log2(float(sheen.width()))) - 2); // what the sheen plugin's GLSL assumes
            for (int level = 0; level < levels; ++level) {
                float roughness = std::max(float(level) / float(levels - 1), 0.03f);
                CubeImage cube = ibl.readCube(sheen, level);
                for (const auto& probe : probeTexels(cube)) {
                    // Named copies, not a structured binding: clang 14 refuses those in doctest's CAPTURE.
                    size_t index = probe.first;
                    glm::vec3 r = probe.second;
                    float expected = exactCharliePrefilter(r, roughness, elevationRadiance);
                    float got = cubeValue(cube, index);
                    CAPTURE(level);
                    CAPTURE(roughness);
                    CAPTURE(r.y);
                    MESSAGE("sheen level ", level, " roughness ", roughness, " r.y ", r.y, ": ", got, " (exact ", expected, ")");
                    CHECK(got == doctest::Approx(expected).epsilon(0.08));
                }
            }
            // Kept until the environment changes.
            bake.sheenCube(&built);
            CHECK_FALSE(built);
            bake.environment.hdrImage = constantImage(64, 32, glm::vec3(0.5f));
            REQUIRE(bake.update());
            bake.sheenCube(&built);
            CHECK(built);
            test::requireNoGlErrors(*context);
        }
    }
}

TEST_CASE("the renderer makes the sheen cube only for a scene with a sheen, once per environment") {
    auto sky = elevationPanorama();
    for (GlApi api : test::kBothApis) {
        CAPTURE(toString(api));
        auto context = test::makeTestContext(api, kSize, kSize);
        {
            Renderer renderer(*context, test::testRendererOptions());
            SphereScene s;
            s.scene.environment.source = EnvironmentSource::HdrFile;
            s.scene.environment.hdrImage = sky;
            s.material->setMetallicRoughness(0, 1);
            s.render(renderer);
            CHECK(renderer.stats().sheenEnvironmentBuilds == 0); // no sheen, no cube
            s.material->addPlugin(std::make_shared<SheenPlugin>(SheenParams{.color = glm::vec3(1.0f), .roughness = 0.5f}));
            ImageRgba8 first = s.render(renderer);
            CHECK(renderer.stats().sheenEnvironmentBuilds == 1);
            ImageRgba8 second = s.render(renderer);
            CHECK(renderer.stats().sheenEnvironmentBuilds == 0); // kept
            CHECK(renderer.stats().errorDraws == 0);
            // The kept cube lights the second frame exactly as the first.
            int differing = 0;
            for (int y = 0; y < kSize; ++y)
                for (int x = 0; x < kSize; ++x) differing += first.rgba(x, y) != second.rgba(x, y);
            CHECK(differing == 0);
            s.scene.environment.hdrImage = constantImage(64, 32, glm::vec3(0.5f));
            s.render(renderer);
            CHECK(renderer.stats().sheenEnvironmentBuilds == 1); // a new environment, a new cube
            test::requireNoGlErrors(*context);
        }
    }
}
