// Anti-aliasing in the main pass, in both APIs on the real driver: a tilted edge drawn with
// 4× MSAA has the in-between values a single-sampled render lacks, and alpha to coverage
// turns an alpha-tested material's hard cutoff into a gradient. Samples above the context's
// offer are clamped with one line.
#include "support/GlTestSupport.h"
#include "support/LightingTestSupport.h"
#include "support/RendererTestSupport.h"

#include <cmath>
#include <string>
#include <vector>

#include "core/Log.h"
#include "material/PbrMaterial.h"

using namespace th;

namespace {

constexpr int kSize = 64;

/// Pixels whose green lies strictly between 15 % and 85 % of `full`: edge pixels a
/// single-sampled render has none of.
int intermediatePixels(const ImageRgba8& image, int full) {
    int n = 0;
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x) {
            int g = image.rgba(x, y)[1];
            if (g > full * 15 / 100 && g < full * 85 / 100) ++n;
        }
    return n;
}

std::shared_ptr<PbrMaterial> unlitWhite(const std::string& name) {
    PbrParams p;
    p.unlit = true;
    p.baseColorFactor = glm::vec4(1.0f);
    return std::make_shared<PbrMaterial>(name, p);
}

Camera frontCamera() {
    Camera camera;
    camera.position = {0, 0, 4};
    camera.target = {0, 0, 0};
    return camera;
}

/// A white unlit quad turned 20° about the view axis on black: its edges cross pixels at a
/// slant. `scale` renders the same view that many times larger (the reference). With float
/// targets the frame is float where MSAA resolves it (the scene has no bloom, nothing blended).
ImageRgba8 tiltedQuad(Context& context, int samples, bool fxaa = false, int scale = 1, bool floatTargets = true) {
    const bool expectFloat = floatTargets && samples > 1;
    RendererOptions options = test::testRendererOptions();
    options.msaaSamples = samples;
    options.fxaa = fxaa;
    Renderer renderer(context, options);
    auto scene = test::darkScene();
    Node& node = test::addMesh(*scene, "quad", test::quadMesh(0.8f, 0.8f), unlitWhite("white"));
    node.transform.rotation = glm::angleAxis(0.35f, glm::vec3(0, 0, 1));
    RenderTarget output(kSize * scale, kSize * scale, TextureFormat::RGBA8, "output");
    ImageRgba8 image = test::renderImage(renderer, *scene, frontCamera(), output);
    CHECK(renderer.stats().errorDraws == 0);
    CHECK(renderer.lastFrameFormat().samples == (samples > 1 ? samples : 0));
    CHECK(renderer.lastFrameFormat().floatColor == expectFloat);
    return image;
}

/// A quad filling the view whose alpha runs 0 → 1 from the bottom-left corner to the top-right
/// (vertex colours), cut at 0.5: the cut is a diagonal, so it crosses pixels at every offset.
ImageRgba8 alphaTestedRamp(Context& context, int samples) {
    RendererOptions options = test::testRendererOptions();
    options.msaaSamples = samples;
    Renderer renderer(context, options);
    auto scene = test::darkScene();
    MeshData quad = test::quadMesh(3.0f, 3.0f);
    quad.colors = {{1, 1, 1, 0}, {1, 1, 1, 0.5f}, {1, 1, 1, 1}, {1, 1, 1, 0.5f}};
    PbrParams p;
    p.unlit = true;
    p.vertexColors = true;
    p.alphaMode = AlphaMode::Mask;
    p.alphaCutoff = 0.5f;
    test::addMesh(*scene, "ramp", quad, std::make_shared<PbrMaterial>("ramp", p));
    RenderTarget output(kSize, kSize, TextureFormat::RGBA8, "output");
    ImageRgba8 image = test::renderImage(renderer, *scene, frontCamera(), output);
    CHECK(renderer.stats().errorDraws == 0);
    return image;
}

/// The mean distance, in linear light, of `image` from the true coverage of the tilted
/// quad's edges (a 4× larger render averaged over 4×4 blocks), over the pixels the edge
/// crosses: a staircase is far from it, an anti-aliased edge near.
double edgeError(const ImageRgba8& image, const ImageRgba8& reference) {
    double error = 0;
    int n = 0;
    for (int y = 0; y < kSize; ++y)
        for (int x = 0; x < kSize; ++x) {
            double coverage = 0;
            for (int j = 0; j < 4; ++j)
                for (int i = 0; i < 4; ++i) coverage += test::srgbToLinear(reference.rgba(x * 4 + i, y * 4 + j)[1] / 255.0f);
            coverage /= 16.0;
            if (coverage < 0.02 || coverage > 0.98) continue;
            error += std::abs(test::srgbToLinear(image.rgba(x, y)[1] / 255.0f) - coverage);
            ++n;
        }
    return n ? error / n : 1.0;
}

/// Values along one row, for the failure message.
std::string row(const ImageRgba8& image, int y) {
    std::string s;
    for (int x = 0; x < image.width; ++x) s += std::to_string(int(image.rgba(x, y)[1])) + " ";
    return s;
}

} // namespace

TEST_CASE("4x MSAA gives a tilted edge intermediate values a single-sampled render lacks, in both APIs") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(toString(api));
        auto context = test::makeTestContext(api, kSize, kSize);
        ImageRgba8 single = tiltedQuad(*context, 1);
        ImageRgba8 msaa = tiltedQuad(*context, 4);
        test::dumpImage(msaa, "msaa-edge");
        int full = single.rgba(kSize / 2, kSize / 2)[1];
        REQUIRE(full > 200);
        int before = intermediatePixels(single, full), after = intermediatePixels(msaa, full);
        MESSAGE(std::string(toString(api)), ": intermediate edge pixels 1x ", before, ", 4x ", after);
        CHECK(before == 0);
        CHECK(after > 40); // four edges of ~40 px each cross pixels at a slant
        // The inside and the outside stay what they were.
        CHECK(msaa.rgba(kSize / 2, kSize / 2)[1] == full);
        CHECK(msaa.rgba(1, 1)[1] == 0);
        test::requireNoGlErrors(*context);
    }
}

TEST_CASE("without float targets MSAA falls back to 8-bit samples tone-mapped in the shaders, and still smooths the edge") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(toString(api));
        auto context = test::makeTestContext(api, kSize, kSize, false);
        ImageRgba8 single = tiltedQuad(*context, 1, false, 1, false);
        ImageRgba8 msaa = tiltedQuad(*context, 4, false, 1, false);
        ImageRgba8 fxaa = tiltedQuad(*context, 1, true, 1, false);
        int full = single.rgba(kSize / 2, kSize / 2)[1];
        REQUIRE(full > 200);
        CHECK(intermediatePixels(single, full) == 0);
        CHECK(intermediatePixels(msaa, full) > 40);
        CHECK(intermediatePixels(fxaa, full) > 20);
        test::requireNoGlErrors(*context);
    }
}

TEST_CASE("FXAA and MSAA bring a staircase edge closer to its true coverage, in both APIs") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(toString(api));
        auto context = test::makeTestContext(api, kSize * 4, kSize * 4);
        ImageRgba8 reference = tiltedQuad(*context, 1, false, 4);
        ImageRgba8 single = tiltedQuad(*context, 1);
        ImageRgba8 fxaa = tiltedQuad(*context, 1, true);
        ImageRgba8 msaa = tiltedQuad(*context, 4);
        test::dumpImage(fxaa, "fxaa-edge");
        double e1 = edgeError(single, reference), eF = edgeError(fxaa, reference), eM = edgeError(msaa, reference);
        MESSAGE(std::string(toString(api)), ": mean edge error against 16x coverage: 1x ", e1, ", FXAA ", eF, ", 4x MSAA ", eM);
        CHECK(eF < e1 * 0.8);
        CHECK(eM < e1 * 0.5);
        // FXAA leaves flat areas alone.
        CHECK(fxaa.rgba(kSize / 2, kSize / 2)[1] == single.rgba(kSize / 2, kSize / 2)[1]);
        CHECK(fxaa.rgba(1, 1)[1] == 0);
        test::requireNoGlErrors(*context);
    }
}

TEST_CASE("alpha to coverage turns a hard alpha-test edge into a gradient under MSAA, in both APIs") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(toString(api));
        auto context = test::makeTestContext(api, kSize, kSize);
        ImageRgba8 hard = alphaTestedRamp(*context, 1);
        ImageRgba8 soft = alphaTestedRamp(*context, 4);
        test::dumpImage(soft, "a2c-ramp");
        int full = hard.rgba(kSize - 2, 1)[1]; // top right: opaque
        REQUIRE(full > 200);
        CHECK(hard.rgba(1, kSize - 2)[1] == 0); // bottom left: cut
        int before = intermediatePixels(hard, full), after = intermediatePixels(soft, full);
        MESSAGE(std::string(toString(api)), ": intermediate pixels at the cutoff 1x ", before, ", 4x with alpha to coverage ", after,
                "; row: ", row(soft, kSize / 2));
        CHECK(before == 0);
        CHECK(after >= kSize / 2); // at least half the rows carry an in-between pixel at the cut
        CHECK(soft.rgba(1, kSize - 2)[1] == 0);
        CHECK(soft.rgba(kSize - 2, 1)[1] == full);
        test::requireNoGlErrors(*context);
    }
}

TEST_CASE("asking for more MSAA samples than the context offers clamps them, with one line saying so") {
    auto context = test::makeTestContext(GlApi::Gles30, kSize, kSize);
    {
        std::vector<std::string> lines;
        ScopedLogSink sink([&](LogLevel, std::string_view message) { lines.emplace_back(message); });
        RendererOptions options = test::testRendererOptions();
        options.msaaSamples = 64;
        Renderer renderer(*context, options);
        auto scene = test::darkScene();
        test::addMesh(*scene, "quad", test::quadMesh(0.8f, 0.8f), unlitWhite("white"));
        RenderTarget output(kSize, kSize, TextureFormat::RGBA8, "output");
        test::renderImage(renderer, *scene, frontCamera(), output);
        renderer.render(*scene, frontCamera(), output, 0.1);
        int said = 0;
        for (const std::string& l : lines) said += l.find("MSAA: 64 samples asked for") != std::string::npos ? 1 : 0;
        CHECK(said == 1);
        // The WebGL2 profile's GL_MAX_SAMPLES is 4.
        CHECK(renderer.lastFrameFormat().samples == 4);
        test::requireNoGlErrors(*context);
    }
}
