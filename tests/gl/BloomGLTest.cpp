// Bloom (render/Bloom.h) moves energy, never makes it: a bright square on a dark frame goes
// through the real chain and tone-mapping pass into a float target, and the image's sum is the
// same with and without bloom within 1 %, while light reaches pixels far from the square.
#include "support/GlTestSupport.h"
#include "support/LightingTestSupport.h"
#include "support/RendererTestSupport.h"

#include <cmath>
#include <string>
#include <vector>

#include "core/Log.h"
#include "gl/GlApi.h"
#include "gl/VertexArray.h"
#include "render/Bloom.h"
#include "render/PostProcess.h"
#include "shader/ShaderStore.h"

using namespace th;

namespace {

constexpr int kSize = 128;

struct LinearImage {
    std::vector<float> rgb; ///< linear, row 0 at the bottom
    double sum = 0;
    float at(int x, int y) const { return rgb[size_t(y * kSize + x) * 3 + 1]; }
};

/// A dark frame (0.02) with a bright 8×8 square (0.9) in the middle, tone-mapped with no
/// curve (values stay below 1) into a float target, decoded back to linear.
LinearImage render(Context& context, const BloomSettings& bloomSettings) {
    std::vector<float> texels;
    for (int y = 0; y < kSize; ++y)
        for (int x = 0; x < kSize; ++x) {
            bool square = std::abs(x - kSize / 2) < 4 && std::abs(y - kSize / 2) < 4;
            float v = square ? 0.9f : 0.02f;
            texels.insert(texels.end(), {v, v, v, 1.0f});
        }
    Texture hdr({.format = TextureFormat::RGBA16F, .width = kSize, .height = kSize, .label = "bright square"});
    hdr.setFilter(true, false);
    hdr.upload(0, 0, texels.data());
    RenderTarget output(kSize, kSize, TextureFormat::RGBA16F, "bloomed", false);
    ShaderStore store;
    PostProcess post;
    Bloom bloom;
    VertexArray empty("empty");
    PostSettings settings;
    settings.toneMapping = ToneMapping::None;
    settings.bloom = bloomSettings;
    const Texture* chain = nullptr;
    if (bloomSettings.enabled) chain = &bloom.apply(store, context.info(), hdr, kSize, kSize, bloomSettings, empty);
    post.toneMap(store, context.info(), hdr, output, settings, empty, chain);
    std::vector<float> pixels(size_t(kSize * kSize) * 4);
    context.state().bindFramebuffer(GL_READ_FRAMEBUFFER, output.framebufferId());
    glReadPixels(0, 0, kSize, kSize, GL_RGBA, GL_FLOAT, pixels.data());
    LinearImage image;
    for (size_t i = 0; i < pixels.size(); i += 4)
        for (size_t c = 0; c < 3; ++c) {
            float linear = test::srgbToLinear(pixels[i + c]);
            image.rgb.push_back(linear);
            image.sum += linear;
        }
    return image;
}

} // namespace

TEST_CASE("bloom conserves the image's energy within 1 % and spreads light from a bright square, in both APIs") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(toString(api));
        auto context = test::makeTestContext(api, kSize, kSize);
        LinearImage plain = render(*context, {});
        for (float radius : {0.3f, 0.75f, 1.0f}) {
            CAPTURE(radius);
            LinearImage bloomed = render(*context, {.enabled = true, .strength = 0.3f, .radius = radius});
            double ratio = bloomed.sum / plain.sum;
            MESSAGE(std::string(toString(api)), " radius ", radius, ": sum ", plain.sum, " -> ", bloomed.sum, " (ratio ", ratio, ")");
            CHECK(ratio == doctest::Approx(1.0).epsilon(0.01));
            // The square gives light away; a pixel 8 px off, dark before, receives some.
            CHECK(bloomed.at(kSize / 2, kSize / 2) < plain.at(kSize / 2, kSize / 2) - 0.05f);
            CHECK(bloomed.at(kSize / 2 + 8, kSize / 2) > plain.at(kSize / 2 + 8, kSize / 2) + 0.001f);
        }
        // A wider radius carries more light further out.
        LinearImage narrow = render(*context, {.enabled = true, .strength = 0.3f, .radius = 0.3f});
        LinearImage wide = render(*context, {.enabled = true, .strength = 0.3f, .radius = 1.0f});
        CHECK(wide.at(kSize / 2 + 30, kSize / 2) > narrow.at(kSize / 2 + 30, kSize / 2));
        test::requireNoGlErrors(*context);
    }
}

TEST_CASE("bloom on a context without float targets: one warning naming the fallback, never a black frame") {
    auto context = test::makeTestContext(GlApi::Gles30, 64, 64, false);
    {
        std::vector<std::string> warnings;
        ScopedLogSink sink([&](LogLevel level, std::string_view message) {
            if (level == LogLevel::Warning) warnings.emplace_back(message);
        });
        Renderer renderer(*context, test::testRendererOptions());
        auto scene = test::darkScene();
        scene->sunLight = true;
        test::addMesh(*scene, "floor", test::floorMesh(20.0f), test::greyMaterial("floor"));
        scene->post.bloom.enabled = true;
        Camera camera = test::topCamera({0, 0, 0}, 10.0f);
        RenderTarget output(64, 64, TextureFormat::RGBA8, "output");
        ImageRgba8 image = test::renderImage(renderer, *scene, camera, output);
        renderer.render(*scene, camera, output, 0.1);
        int said = 0;
        for (const std::string& w : warnings) said += w.find("without bloom") != std::string::npos ? 1 : 0;
        CHECK(said == 1);
        CHECK(image.rgba(32, 32)[1] > 20);
        test::requireNoGlErrors(*context);
    }
}
