// Dither on the real driver: every variant compiles in GLSL ES 3.00 and 330 (and passes
// glslangValidator); two LOD levels at a seam cover every pixel exactly once (counted with
// additive blending); the GPU keeps the pixels the CPU mirror says; and the discard cuts the
// shadow pass too. Under 4× MSAA the two levels split each pixel's samples (gl_SampleMask),
// and without that extension they keep the per-pixel split.
#include "support/PluginGlTestSupport.h"

#include <bit>
#include <cstdlib>
#include <functional>

#include "core/Log.h"
#include "plugins/dither/DitherPlugin.h"
#include "support/PluginTestSupport.h"

using namespace th;

namespace {

constexpr int kSize = 128;

// Test-only: every main-pass fragment that survives adds 0.25 to red (premultiplied blending
// with alpha 0 is additive), so the frame counts how many draws reached each pixel.
class CoverageCounter : public MaterialPlugin {
public:
    CoverageCounter() : MaterialPlugin(declaration()) {}
    static PluginDeclaration declaration() {
        PluginDeclaration d;
        d.name = "CoverageCounter";
        d.priority = 1000;
        d.fragment = {{"CUSTOM_FRAGMENT_MAIN_END", "#ifdef PASS_MAIN\nfragColor = vec4(0.25, 0.0, 0.0, 0.0);\n#endif\n"}};
        return d;
    }
};

std::shared_ptr<PbrMaterial> countingMaterial(const char* name, std::shared_ptr<DitherPlugin>& dither) {
    auto m = std::make_shared<PbrMaterial>(name);
    m->setAlphaMode(AlphaMode::Blend);
    m->setDoubleSided(true);
    dither = std::make_shared<DitherPlugin>();
    m->addPlugin(dither, /*force: counting needs blending, not alpha testing*/ true);
    m->addPlugin(std::make_shared<CoverageCounter>());
    return m;
}

// Two LOD levels of one instance, both a quad filling the view, `distance` metres in front of
// the camera: LOD1 fades out over [76, 85] m, LOD2 fades in over the same band.
struct SeamScene {
    Scene scene;
    Camera camera;
    std::shared_ptr<DitherPlugin> dither1, dither2;
    std::shared_ptr<InstanceBuffer> lod1, lod2;
};

const DitherBands kLod1 = DitherBands::between(36, 42, 76, 85);
const DitherBands kLod2 = DitherBands::between(76, 85, 100, 120);

using SeamMaterial = std::function<std::shared_ptr<PbrMaterial>(const char* name, std::shared_ptr<DitherPlugin>& dither)>;

std::unique_ptr<SeamScene> makeSeamScene(float distance, const SeamMaterial& material = countingMaterial) {
    auto s = std::make_unique<SeamScene>();
    test::plainScene(s->scene, {0, 0, 0});
    s->scene.sunLight = false;
    glm::mat4 at = glm::translate(glm::mat4(1.0f), glm::vec3(0, 0, -distance));
    auto add = [&](const char* name, std::shared_ptr<DitherPlugin>& dither, const DitherBands& bands) {
        auto mesh = test::makeMesh(test::quadMesh(20.0f, 20.0f), material(name, dither));
        auto instances = std::make_shared<InstanceBuffer>(name);
        instances->setMatrices({at});
        std::vector<float> stream;
        appendDitherBands(stream, bands);
        instances->setStream(DitherPlugin::kBandsStream, 4, stream);
        mesh->setInstances(instances);
        s->scene.root().addChild(name).mesh = mesh;
        return instances;
    };
    s->lod1 = add("lod1", s->dither1, kLod1);
    s->lod2 = add("lod2", s->dither2, kLod2);
    s->camera.position = {0, 0, 0};
    s->camera.target = {0, 0, -1};
    s->camera.yfov = 0.2f;
    s->camera.farPlane = 500.0f;
    return s;
}

// Draws per pixel: 0 (black), 1 (linear 0.25 → sRGB 137) or 2 (0.5 → 188).
int drawsAt(std::array<uint8_t, 4> c) {
    if (c[0] < 60) return 0;
    if (c[0] < 165) return 1;
    if (c[0] < 215) return 2;
    return 3;
}

/// What the multisampled seam tests draw: each level an unlit, alpha-tested colour (LOD1
/// red, LOD2 green), opaque, so alpha to coverage keeps every sample and only the dither
/// chooses.
std::shared_ptr<PbrMaterial> maskedColour(const char* name, std::shared_ptr<DitherPlugin>& dither) {
    PbrParams p;
    p.unlit = true;
    p.alphaMode = AlphaMode::Mask;
    p.baseColorFactor = std::string_view(name) == "lod1" ? glm::vec4(1, 0, 0, 1) : glm::vec4(0, 1, 0, 1);
    auto m = std::make_shared<PbrMaterial>(name, p);
    m->setDoubleSided(true);
    dither = std::make_shared<DitherPlugin>();
    m->addPlugin(dither);
    return m;
}

/// A channel of the resolved frame as the number of `samples` samples that carried it (the
/// resolve averages in linear light; the output is sRGB-encoded).
int samplesOf(uint8_t channel, int samples) {
    return int(std::lround(test::srgbToLinear(channel / 255.0f) * float(samples)));
}

/// Renders the seam at `distance` with 4× MSAA on a context made from `desc`: per pixel, the
/// samples red (LOD1) and green (LOD2) took, and whether the frame set SAMPLE_MASK.
struct MultisampledSeam {
    std::vector<int> red, green;
    bool sampleMask = false;
    std::string fragment; ///< LOD1's main-pass fragment shader
};

MultisampledSeam renderMultisampledSeam(Context& context, float distance, bool lod2Visible = true) {
    RendererOptions options = test::pluginRendererOptions();
    options.msaaSamples = 4;
    Renderer renderer(context, options);
    RenderTarget output(kSize, kSize, TextureFormat::RGBA8, "output");
    auto s = makeSeamScene(distance, maskedColour);
    s->scene.root().find("lod2")->visible = lod2Visible;
    ImageRgba8 image = test::renderImage(renderer, s->scene, s->camera, output, 0.0);
    CHECK(renderer.stats().errorDraws == 0);
    REQUIRE(renderer.lastFrameFormat().samples == 4);
    MultisampledSeam out;
    for (int y = 0; y < kSize; ++y)
        for (int x = 0; x < kSize; ++x) {
            out.red.push_back(samplesOf(image.rgba(x, y)[0], 4));
            out.green.push_back(samplesOf(image.rgba(x, y)[1], 4));
        }
    const Node* lod1 = s->scene.root().find("lod1");
    EffectRequest request = renderer.effectRequest(*lod1->mesh->parts().at(0).material, lod1->mesh->drawInfo());
    out.sampleMask = findDefine(request.defines, engine_define::kSampleMask) != nullptr;
    out.fragment = renderer.effects().get(request)->fragmentSource().text;
    if (distance == 80.5f && lod2Visible) test::dumpImage(image, out.sampleMask ? "dither-seam-4x-mask" : "dither-seam-4x-pixels");
    return out;
}

} // namespace

TEST_CASE("dither compiles in every pass and variant on the real driver, both APIs, and glslangValidator agrees") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        test::PluginStage stage(api, 16, 16);
        {
            Renderer& renderer = stage.renderer();
            auto material = std::make_shared<PbrMaterial>("leaves");
            material->setAlphaMode(AlphaMode::Mask);
            auto dither = std::make_shared<DitherPlugin>();
            material->addPlugin(dither);
            test::compileEveryVariant(renderer, *material, [](RenderPass, bool instanced, const std::string& vs, const std::string& fs) {
                CHECK(test::has(fs, "discard;"));
                CHECK(test::has(fs, "ditherNoise(gl_FragCoord.xy)"));
                CHECK(test::has(vs, "ditherBands * ditherDistanceScale") == instanced);
            });
            dither->setActive(false);
            test::compileEveryVariant(renderer, *material, [](RenderPass, bool, const std::string&, const std::string& fs) {
                CHECK_FALSE(test::has(fs, "ditherNoise"));
            });
            stage.requireNoGlErrors();
        }
    }
}

TEST_CASE("dither: two LODs at a seam cover every pixel exactly once, in both APIs") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        test::PluginStage stage(api, kSize, kSize);
        {
            Renderer& renderer = stage.renderer();
            RenderTarget& output = stage.output();
            for (float distance : {70.0f, 76.5f, 78.0f, 80.5f, 83.0f, 84.9f, 90.0f}) {
                CAPTURE(distance);
                auto s = makeSeamScene(distance);
                ImageRgba8 both = test::renderImage(renderer, s->scene, s->camera, output, 0.0);
                int histogram[4] = {0, 0, 0, 0};
                for (int y = 0; y < kSize; ++y)
                    for (int x = 0; x < kSize; ++x) ++histogram[drawsAt(both.rgba(x, y))];
                if (distance == 80.5f) test::dumpImage(both, "dither-seam");
                MESSAGE("d ", distance, " m: pixels drawn 0x ", histogram[0], ", 1x ", histogram[1], ", 2x+ ",
                        histogram[2] + histogram[3]);
                CHECK(histogram[0] == 0);                 // no hole
                CHECK(histogram[2] + histogram[3] == 0);  // no pixel drawn twice
                CHECK(histogram[1] == kSize * kSize);

                // Each level alone keeps the share the fade says, and the same pixels the CPU
                // mirror picks (gl_FragCoord counts rows from the bottom).
                s->scene.root().find("lod2")->visible = false;
                ImageRgba8 alone = test::renderImage(renderer, s->scene, s->camera, output, 0.0);
                int kept = 0, mirrorDisagrees = 0;
                for (int y = 0; y < kSize; ++y)
                    for (int x = 0; x < kSize; ++x) {
                        bool gpu = drawsAt(alone.rgba(x, y)) == 1;
                        float n = interleavedGradientNoise(float(x) + 0.5f, float(kSize - 1 - y) + 0.5f);
                        kept += gpu;
                        mirrorDisagrees += gpu != ditherKeeps(kLod1, distance, n);
                    }
                float share = float(kept) / float(kSize * kSize);
                CHECK(share == doctest::Approx(ditherVisibility(kLod1, distance)).epsilon(0.03).scale(1.0f));
                CHECK(mirrorDisagrees <= kSize * kSize / 500);
                CHECK(renderer.stats().errorDraws == 0);
            }
            stage.requireNoGlErrors();
        }
    }
}

TEST_CASE("dither's discard reaches the shadow pass, and non-instanced meshes use the mesh bands") {
    test::PluginStage stage(GlApi::Gles30, kSize, kSize);
    {
        Renderer& renderer = stage.renderer();
        RenderTarget& output = stage.output();
        Scene scene;
        test::plainScene(scene, {0, 0, 1});
        scene.sky.hour = 10.0f;
        auto groundMaterial = std::make_shared<PbrMaterial>("ground");
        groundMaterial->setMetallicRoughness(0.0f, 1.0f);
        Node& ground = scene.root().addChild("ground");
        ground.mesh = test::makeMesh(test::groundMesh(-8, -8, 8, 8, 4, [](float, float) { return 0.0f; }), groundMaterial);
        ground.mesh->castShadows = false;

        PbrParams leafParams;
        leafParams.baseColorFactor = {1, 0, 0, 1};
        leafParams.unlit = true;
        leafParams.alphaMode = AlphaMode::Mask;
        auto leaves = std::make_shared<PbrMaterial>("leaves", leafParams);
        leaves->setAlphaMode(AlphaMode::Mask);
        auto dither = std::make_shared<DitherPlugin>();
        leaves->addPlugin(dither);
        Node& post = scene.root().addChild("post");
        post.mesh = test::makeMesh(test::boxMesh({-0.3f, 0, -0.3f}, {0.3f, 3, 0.3f}), leaves);
        post.mesh->receiveShadows = false;
        Camera camera;
        camera.position = {0, 9, 9};
        camera.target = {-1, 0.5f, 1};
        camera.yfov = 0.9f;

        auto isPost = [](std::array<uint8_t, 4> c) { return c[0] > 150 && c[1] < 90 && c[2] < 90; };
        auto darkGround = [&](std::array<uint8_t, 4> c) { return !isPost(c) && !(c[2] > 200 && c[0] < 40) && c[1] < 120; };
        // Mesh bands never fire by default: the post and its shadow are there.
        ImageRgba8 shown = test::renderImage(renderer, scene, camera, output, 0.0);
        // Faded out over [2, 4] m of a 9 m+ distance: gone, and its shadow with it.
        dither->setMeshBands(DitherBands::fadeOut(2.0f, 4.0f));
        ImageRgba8 gone = test::renderImage(renderer, scene, camera, output, 0.0);
        test::dumpImage(shown, "dither-shadow-shown");
        test::dumpImage(gone, "dither-shadow-gone");
        int postShown = test::countOf(test::maskOf(shown, isPost)), shadowShown = test::countOf(test::maskOf(shown, darkGround));
        int postGone = test::countOf(test::maskOf(gone, isPost)), shadowGone = test::countOf(test::maskOf(gone, darkGround));
        MESSAGE("post ", postShown, " -> ", postGone, " px; shadow ", shadowShown, " -> ", shadowGone, " px");
        CHECK(postShown > 100);
        CHECK(shadowShown > 100);
        CHECK(postGone == 0);
        CHECK(shadowGone == 0);
        // Halfway through the band: about half of the post, and a thinner shadow (the shadow
        // map holds half the texels; filtering greys them, and the bright ground clips some).
        dither->setMeshBands(DitherBands::fadeOut(0.0f, 18.0f)); // XZ distance to the eye is 9 m
        ImageRgba8 half = test::renderImage(renderer, scene, camera, output, 0.0);
        test::dumpImage(half, "dither-shadow-half");
        auto darkness = [&](const ImageRgba8& image) {
            double sum = 0;
            for (int y = 0; y < image.height; ++y)
                for (int x = 0; x < image.width; ++x) {
                    auto c = image.rgba(x, y);
                    if (!isPost(c) && !(c[2] > 200 && c[0] < 40)) sum += std::max(0, 230 - int(c[1]));
                }
            return sum;
        };
        int postHalf = test::countOf(test::maskOf(half, isPost));
        double dark = darkness(shown), darkHalf = darkness(half), darkGone = darkness(gone);
        MESSAGE("half-way: post ", postHalf, " px; shadow darkness ", dark, " -> ", darkHalf, " (gone ", darkGone, ")");
        CHECK(postHalf == doctest::Approx(postShown * 0.5).epsilon(0.15));
        CHECK(darkHalf > dark * 0.02);
        CHECK(darkHalf < dark * 0.8);
        CHECK(darkGone < dark * 0.02);
        stage.requireNoGlErrors();
    }
}

TEST_CASE("dither under 4x MSAA: two LODs at a seam split each pixel's samples as the CPU mirror says, in both APIs") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        auto context = test::makeTestContext(api, kSize, kSize);
        if (!context->info().sampleVariables) {
            MESSAGE(std::string(toString(api)), ": this driver lets no fragment write gl_SampleMask; the fallback test covers it");
            continue;
        }
        for (float distance : {76.5f, 78.0f, 80.5f, 83.0f}) {
            CAPTURE(distance);
            MultisampledSeam both = renderMultisampledSeam(*context, distance);
            REQUIRE(both.sampleMask);
            // The CPU mirror's split of each pixel: LOD1's samples (LOD2 takes the rest).
            std::vector<int> mirror;
            int mirrorBlends = 0;
            for (int y = 0; y < kSize; ++y)
                for (int x = 0; x < kSize; ++x) {
                    float n = interleavedGradientNoise(float(x) + 0.5f, float(kSize - 1 - y) + 0.5f);
                    mirror.push_back(std::popcount(ditherSampleMask(kLod1, distance, n, 4)));
                    mirrorBlends += mirror.back() > 0 && mirror.back() < 4;
                }
            int holes = 0, overlaps = 0, blends = 0;
            for (size_t i = 0; i < both.red.size(); ++i) {
                holes += both.red[i] + both.green[i] < 4;
                overlaps += both.red[i] + both.green[i] > 4;
                blends += both.red[i] > 0 && both.green[i] > 0;
            }
            MESSAGE(std::string(toString(api)), " d ", distance, " m: pixels blending both levels ", blends, " of ", kSize * kSize,
                    " (mirror ", mirrorBlends, "), short of 4 samples ", holes, ", over 4 ", overlaps);
            CHECK(holes == 0);    // every sample of every pixel drawn...
            CHECK(overlaps == 0); // ...by one level
            // A blend within pixels, not a screen door: per pixel, no pixel would mix the two.
            // Near a band's end (visibility v under 1/4) a pixel keeps 0 or 1 sample, so the
            // share of mixed pixels is 4v there and 1 in the band's middle.
            CHECK(blends > 0);
            CHECK(std::abs(blends - mirrorBlends) <= kSize * kSize / 200);

            // LOD1 alone keeps, in each pixel, the samples the CPU mirror picks.
            MultisampledSeam alone = renderMultisampledSeam(*context, distance, false);
            int disagree = 0;
            double kept = 0;
            for (size_t i = 0; i < mirror.size(); ++i) {
                disagree += alone.red[i] != mirror[i];
                kept += alone.red[i];
            }
            CHECK(disagree <= kSize * kSize / 500);
            CHECK(kept / (4.0 * kSize * kSize) == doctest::Approx(ditherVisibility(kLod1, distance)).epsilon(0.02).scale(1.0));
        }
        // The mask's shader: the ES source enables GL_OES_sample_variables, the desktop one its
        // twin, and glslangValidator agrees. glslang 12 declares that extension's built-ins only
        // from ES 3.10, so the ES text is checked under "#version 310 es", a superset of 3.00.
        MultisampledSeam seam = renderMultisampledSeam(*context, 80.5f);
        CHECK(test::has(seam.fragment, api == GlApi::Gl33Core ? "#extension GL_ARB_sample_shading : require"
                                                              : "#extension GL_OES_sample_variables : require"));
        CHECK(test::has(seam.fragment, "gl_SampleMask[0] = ditherMask;"));
        std::string validated = seam.fragment;
        if (api == GlApi::Gles30) validated.replace(0, validated.find('\n'), "#version 310 es");
        test::ValidatorResult v = test::validateGlsl(validated, "frag");
        if (v.available) {
            INFO(v.log);
            CHECK(v.ok);
        }
        test::requireNoGlErrors(*context);
    }
}

TEST_CASE("dither under 4x MSAA on a context without gl_SampleMask keeps the per-pixel split, and says so once") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        ContextDesc desc = test::testContextDesc(api, kSize, kSize);
        desc.allowSampleVariables = false;
        auto context = test::makeTestContext(desc);
        REQUIRE_FALSE(context->info().sampleVariables);
        std::vector<std::string> lines;
        MultisampledSeam seam;
        {
            ScopedLogSink sink([&](LogLevel, std::string_view message) { lines.emplace_back(message); });
            seam = renderMultisampledSeam(*context, 80.5f);
        }
        CHECK_FALSE(seam.sampleMask);
        CHECK_FALSE(test::has(seam.fragment, "gl_SampleMask"));
        int pure = 0, blends = 0;
        for (size_t i = 0; i < seam.red.size(); ++i) {
            pure += (seam.red[i] == 4 && seam.green[i] == 0) || (seam.red[i] == 0 && seam.green[i] == 4);
            blends += seam.red[i] > 0 && seam.green[i] > 0;
        }
        CHECK(pure == kSize * kSize); // whole pixels, each one level's, no hole
        CHECK(blends == 0);
        int said = 0;
        for (const std::string& l : lines) said += l.find("lets no fragment write gl_SampleMask") != std::string::npos;
        CHECK(said == 1);
        test::requireNoGlErrors(*context);
    }
}
