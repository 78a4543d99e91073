// The tone-mapping pass (shaders/common/tonemap.glsl) against the CPU reference curves
// (render/ToneMap.h, checked against hand-worked values in unit/ToneMapTest): known HDR values
// go through the real pass into an 8-bit sRGB target and are read back, in both APIs.
#include "support/GlTestSupport.h"
#include "support/RendererTestSupport.h"

#include <array>
#include <cmath>
#include <vector>

#include "gl/Readback.h"
#include "gl/VertexArray.h"
#include "render/PostProcess.h"
#include "render/ToneMap.h"
#include "scene/Exposure.h"
#include "shader/ShaderStore.h"

using namespace th;

namespace {

const std::vector<glm::vec3> kHdrValues = {{0.01f, 0.01f, 0.01f}, {0.05f, 0.05f, 0.05f}, {0.18f, 0.18f, 0.18f},
                                           {0.5f, 0.5f, 0.5f},    {1.0f, 1.0f, 1.0f},    {2.0f, 2.0f, 2.0f},
                                           {5.0f, 5.0f, 5.0f},    {20.0f, 20.0f, 20.0f}, {4.0f, 1.0f, 0.25f},
                                           {0.2f, 0.6f, 3.0f}};

/// Each value of kHdrValues, tone-mapped by the GPU pass with `post` and read back.
ImageRgba8 toneMapOnGpu(Context& context, const PostSettings& post) {
    int n = int(kHdrValues.size());
    std::vector<float> texels;
    for (glm::vec3 v : kHdrValues) texels.insert(texels.end(), {v.r, v.g, v.b, 1.0f});
    Texture hdr({.format = TextureFormat::RGBA16F, .width = n, .height = 1, .label = "known HDR values"});
    hdr.setFilter(false, false);
    hdr.upload(0, 0, texels.data());
    RenderTarget output(n, 1, TextureFormat::RGBA8, "tone-mapped", false);
    ShaderStore store;
    PostProcess pass;
    VertexArray empty("empty");
    context.state().viewport(0, 0, n, 1);
    pass.toneMap(store, context.info(), hdr, output, post, empty);
    return readPixels(output.framebufferId(), 0, 0, n, 1);
}

/// Fails for each channel more than `tolerance` (of 255) from the CPU curve.
void checkAgainstCurve(const ImageRgba8& image, const PostSettings& post) {
    for (size_t i = 0; i < kHdrValues.size(); ++i) {
        glm::vec3 expected = applyToneMapping(post.toneMapping, kHdrValues[i] * post.exposureScale());
        auto px = image.rgba(int(i), 0);
        for (int c = 0; c < 3; ++c) {
            float want = test::linearToSrgb(expected[c]) * 255.0f;
            CAPTURE(i);
            CAPTURE(c);
            CAPTURE(want);
            CHECK(std::abs(float(px[size_t(c)]) - want) <= 2.0f);
        }
    }
}

} // namespace

TEST_CASE("each tone mapper's pass matches its reference curve at sample points, in both APIs") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(toString(api));
        auto context = test::makeTestContext(api, 16, 16);
        for (ToneMapping mapping : {ToneMapping::None, ToneMapping::Aces, ToneMapping::PbrNeutral, ToneMapping::Agx,
                                    ToneMapping::AgxPunchy}) {
            CAPTURE(toString(mapping));
            PostSettings post;
            post.toneMapping = mapping;
            ImageRgba8 image = toneMapOnGpu(*context, post);
            checkAgainstCurve(image, post);
            if (mapping == ToneMapping::Agx) {
                // AgX's design point, apart from the mirror: middle grey at half the display.
                CHECK(std::abs(int(image.rgba(2, 0)[0]) - 128) <= 2);
            }
            if (mapping == ToneMapping::Aces) CHECK(int(image.rgba(7, 0)[0]) == 255); // 20 clips
        }
        test::requireNoGlErrors(*context);
    }
}

TEST_CASE("exposure from EV100 scales the HDR frame by 1/(1.2·2^EV100) on top of the multiplier") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(toString(api));
        auto context = test::makeTestContext(api, 16, 16);
        PostSettings post;
        post.toneMapping = ToneMapping::Aces;
        post.exposure = 1.5f;
        post.ev100 = -2.0f; // × 4 / 1.2
        ImageRgba8 exposed = toneMapOnGpu(*context, post);
        checkAgainstCurve(exposed, post);
        PostSettings plain;
        plain.toneMapping = ToneMapping::Aces;
        ImageRgba8 unexposed = toneMapOnGpu(*context, plain);
        CHECK(exposed.rgba(2, 0)[1] > unexposed.rgba(2, 0)[1] + 40); // grey 0.18 is 5× brighter
        test::requireNoGlErrors(*context);
    }
}
