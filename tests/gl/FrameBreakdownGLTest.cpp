// The renderer's frame breakdown (render/FrameBreakdown.h), and its choice of frame format: a
// scene that needs no float frame (no bloom, no blended material, no MSAA) is tone-mapped in its
// materials' shaders, and looks as it does through the float frame and the tone-mapping pass.
#include "support/GlTestSupport.h"
#include "support/RenderHarness.h"

#include <cmath>
#include <memory>

using namespace th;

namespace {

std::shared_ptr<PbrMaterial> glowing(const char* name, glm::vec3 emissive, AlphaMode mode = AlphaMode::Opaque) {
    PbrParams p;
    p.baseColorFactor = glm::vec4(0.0f, 0.0f, 0.0f, mode == AlphaMode::Blend ? 0.5f : 1.0f);
    p.emissiveFactor = emissive;
    p.alphaMode = mode;
    return std::make_shared<PbrMaterial>(name, p);
}

void stage(test::RenderHarness& h) {
    h.scene.sunLight = false;
    h.scene.post.toneMapping = ToneMapping::PbrNeutral;
    h.scene.post.clearColor = glm::vec3(0.25f);
    h.camera.position = {0, 0, 3};
    h.camera.target = {0, 0, 0};
    // Emission over 1, where the tone curve bends: a wrong curve or a double one shows.
    h.add("left", test::quadMesh(0.4f, 0.4f), glowing("bright", {3.0f, 0.8f, 0.1f})).transform.translation = {-0.5f, 0,
                                                                                                              0};
    h.add("right", test::quadMesh(0.4f, 0.4f), glowing("dim", {0.1f, 0.3f, 0.6f})).transform.translation = {0.5f, 0, 0};
}

} // namespace

TEST_CASE("the frame breakdown times each pass, and each draw only when asked, in both APIs") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(toString(api));
        test::RenderHarness h(api, 64, 64);
        stage(h);
        h.render();
        const FrameBreakdown& off = h.renderer->stats().breakdown;
        for (double ms : off.passMs) CHECK(ms == 0.0);
        CHECK(off.draws.empty());

        h.renderer->options().breakdown = Breakdown::Passes;
        h.render();
        const FrameStats& passes = h.renderer->stats();
        CHECK(passes.breakdown.passMs[size_t(FramePass::Opaque)] > 0.0);
        CHECK(passes.breakdown.passMs[size_t(FramePass::Post)] >= 0.0);
        CHECK(passes.breakdown.draws.empty());

        h.renderer->options().breakdown = Breakdown::PassesAndDraws;
        h.render();
        const FrameStats& draws = h.renderer->stats();
        REQUIRE(draws.breakdown.draws.size() == draws.drawCalls);
        size_t opaque = 0;
        for (const DrawCost& d : draws.breakdown.draws) {
            CAPTURE(d.name);
            CHECK(d.ms >= 0.0);
            CHECK(d.triangles == 2);
            opaque += d.pass == FramePass::Opaque;
            CHECK((d.name == "left / bright" || d.name == "right / dim"));
        }
        CHECK(opaque == draws.mainDrawCalls);
        test::requireNoGlErrors(*h.context);
    }
}

TEST_CASE(
    "a frame without bloom, blended materials or MSAA is tone-mapped in the shaders and matches the float frame") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(toString(api));
        test::RenderHarness h(api, 64, 64);
        if (!h.context->info().floatRenderTargets) {
            MESSAGE("this context has no float render target: nothing to compare");
            continue;
        }
        stage(h);
        ImageRgba8 inShader = h.render();
        CHECK_FALSE(h.renderer->lastFrameFormat().floatColor);

        // A blended material anywhere in the scene, even hidden, asks for the float frame: it
        // must blend in linear light, before the tone curve.
        Node& veil = h.add("veil", test::quadMesh(0.1f, 0.1f), glowing("veil", glm::vec3(1.0f), AlphaMode::Blend));
        veil.visible = false;
        ImageRgba8 throughFloat = h.render();
        CHECK(h.renderer->lastFrameFormat().floatColor);

        int worst = 0;
        for (size_t i = 0; i < inShader.pixels.size(); ++i)
            worst = std::max(worst, std::abs(int(inShader.pixels[i]) - int(throughFloat.pixels[i])));
        CHECK(worst <= 2); // 8-bit rounding apart: the same curve, the same exposure, the same clear
        auto bright = inShader.rgba(16, 32), background = inShader.rgba(2, 2);
        CHECK(bright[0] > 200); // the bright quad is tone-mapped, not black or clipped to the clear
        CHECK(std::abs(int(background[0]) - 64) <= 1);

        // Bloom reads the HDR colour: the float frame again.
        veil.mesh.reset();
        h.render();
        CHECK_FALSE(h.renderer->lastFrameFormat().floatColor);
        h.scene.post.bloom.enabled = true;
        h.scene.post.bloom.strength = 0.04f;
        h.render();
        CHECK(h.renderer->lastFrameFormat().floatColor);
        // MSAA resolves in linear light: the float frame too.
        h.scene.post.bloom.enabled = false;
        h.renderer->options().msaaSamples = 4;
        h.render();
        CHECK(h.renderer->lastFrameFormat().floatColor);
        test::requireNoGlErrors(*h.context);
    }
}
