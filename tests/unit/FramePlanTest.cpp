// The frame plan on the CPU: which passes representative frames run, in which order, and why;
// that every plan planFrame() makes reads only what an earlier pass wrote; and that a plan
// which reads a target nothing wrote, or asks for a pass the context cannot run, is named by
// checkPlan() (pass and target, or pass and capability) and cut by runnablePlan() without
// losing the output.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "render/FramePlan.h"

using namespace th;

namespace {

/// A plain frame: 8-bit, single-sampled, drawn straight into the output, shadows on.
FrameFacts plainFrame() {
    FrameFacts f;
    f.direct = true;
    f.shadows = true;
    return f;
}

/// A frame that needs the float frame (blending, MSAA, bloom, transmission, a debug view).
FrameFacts floatFrame() {
    FrameFacts f = plainFrame();
    f.direct = false;
    f.floatColor = true;
    return f;
}

bool writesOnly(const PlannedPass& pass, FrameTarget target) { return pass.writes.size() == 1 && pass.writes[0] == target; }

bool mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const PlannedPass& passOf(const FramePlan& plan, PassId id) {
    for (const PlannedPass& p : plan.passes)
        if (p.id == id) return p;
    FAIL("the plan has no pass '" << toString(id) << "': " << plan.describe());
    static PlannedPass none;
    return none;
}

} // namespace

TEST_CASE("a plain frame without AO draws shadows, lights, clear, opaque and blended straight into the output") {
    FramePlan plan = planFrame(plainFrame());
    CHECK(plan.describe() == "shadows, lights, clear, opaque, blended");
    CHECK(checkPlan(plan, {}).empty());
    CHECK(mentions(passOf(plan, PassId::Shadows).why, "shadows are on"));
    // Drawn into the output: no copy at the end.
    CHECK_FALSE(plan.has(PassId::Blit));
}

TEST_CASE("an 8-bit frame of its own (scaled or for another target) is copied to the output") {
    FrameFacts f = plainFrame();
    f.direct = false;
    CHECK(planFrame(f).describe() == "shadows, lights, clear, opaque, blended, blit");
}

TEST_CASE("ambient occlusion without MSAA reads the depth pre-pass, with MSAA it gets a depth of its own first") {
    FrameFacts f = plainFrame();
    f.ambientOcclusion = true;
    FramePlan single = planFrame(f);
    CHECK(single.describe() == "shadows, lights, clear, depth pre-pass, ambient occlusion, opaque, blended");
    CHECK(mentions(passOf(single, PassId::Depth).why, "ambient occlusion"));

    FrameFacts m = floatFrame();
    m.ambientOcclusion = true;
    m.samples = 4;
    FramePlan msaa = planFrame(m);
    CHECK(msaa.describe() == "shadows, lights, AO depth, ambient occlusion, clear, opaque, blended, resolve, tone map");
    CHECK_FALSE(msaa.has(PassId::Depth));
    CHECK(mentions(passOf(msaa, PassId::AoDepth).why, "MSAA"));
    CHECK(checkPlan(single, {}).empty());
    CHECK(checkPlan(msaa, {}).empty());

    // The option asks for the pre-pass too; with AO and MSAA both depths are drawn.
    m.depthPrepass = true;
    CHECK(planFrame(m).describe() ==
          "shadows, lights, AO depth, ambient occlusion, clear, depth pre-pass, opaque, blended, resolve, tone map");
}

TEST_CASE("a blended material's frame is float and tone-mapped after, bloom and FXAA follow in post") {
    FramePlan blended = planFrame(floatFrame());
    CHECK(blended.describe() == "shadows, lights, clear, opaque, blended, tone map");
    CHECK(writesOnly(passOf(blended, PassId::ToneMap), FrameTarget::Output));

    FrameFacts f = floatFrame();
    f.post.bloom.enabled = true;
    f.fxaa = true;
    FramePlan post = planFrame(f);
    CHECK(post.describe() == "shadows, lights, clear, opaque, blended, bloom, tone map, FXAA");
    CHECK(writesOnly(passOf(post, PassId::ToneMap), FrameTarget::ToneMapped));
    CHECK(checkPlan(post, {}).empty());

    // FXAA on an 8-bit frame reads it directly: the shaders tone-mapped it.
    FrameFacts ldr = plainFrame();
    ldr.direct = false;
    ldr.fxaa = true;
    CHECK(planFrame(ldr).describe() == "shadows, lights, clear, opaque, blended, FXAA");
}

TEST_CASE("a sheen under image-based light prefilters its environment first and the environment is drawn behind the opaque") {
    FrameFacts f = floatFrame();
    f.sheenEnvironment = true;
    f.background = true;
    FramePlan plan = planFrame(f);
    CHECK(plan.describe() == "sheen environment, shadows, lights, clear, opaque, background, blended, tone map");
    CHECK(mentions(passOf(plan, PassId::SheenEnvironment).why, "sheen"));
    CHECK(checkPlan(plan, {}).empty());
}

TEST_CASE("a material reading the opaque scene gets its copy between the opaque parts and the blended ones") {
    FrameFacts f = floatFrame();
    f.opaqueColorRead = true;
    f.background = true;
    FramePlan plan = planFrame(f);
    CHECK(plan.describe() == "shadows, lights, clear, opaque, background, opaque copy, frame readers, blended, tone map");
    CHECK(checkPlan(plan, {}).empty());
    // After the copy failed on this context the readers are still drawn (with the placeholder).
    f.capabilities.opaqueCopy = false;
    CHECK(planFrame(f).describe() == "shadows, lights, clear, opaque, background, frame readers, blended, tone map");
}

TEST_CASE("a debug view shows its values: no bloom, FXAA or background, still tone-mapped through the float path") {
    FrameFacts f = floatFrame();
    f.debugView = DebugView::Normal;
    f.post.bloom.enabled = true;
    f.fxaa = true;
    f.background = true;
    CHECK(planFrame(f).describe() == "shadows, lights, clear, opaque, blended, tone map");
    // The AO debug view runs AO whatever the scene says (FrameFacts::ambientOcclusion is set for it).
    f.debugView = DebugView::AmbientOcclusion;
    f.ambientOcclusion = true;
    FramePlan ao = planFrame(f);
    CHECK(ao.describe() == "shadows, lights, clear, depth pre-pass, ambient occlusion, opaque, blended, tone map");
    CHECK(mentions(passOf(ao, PassId::AmbientOcclusion).why, "debug view"));
}

TEST_CASE("once AO failed on a context it is not planned again, nor the pre-pass it alone asked for") {
    FrameFacts f = plainFrame();
    f.ambientOcclusion = true;
    f.capabilities.ambientOcclusion = false;
    CHECK(planFrame(f).describe() == "shadows, lights, clear, opaque, blended");
    f.depthPrepass = true;
    CHECK(planFrame(f).describe() == "shadows, lights, clear, depth pre-pass, opaque, blended");
}

TEST_CASE("every plan planFrame makes reads only what an earlier pass wrote and reaches the output") {
    int plans = 0;
    for (int bits = 0; bits < (1 << 10); ++bits) {
        FrameFacts f;
        f.floatColor = bits & 1;
        f.samples = (bits & 2) ? 4 : 0;
        f.direct = !f.floatColor && f.samples == 0 && (bits & 4);
        f.shadows = bits & 8;
        f.depthPrepass = bits & 16;
        f.fxaa = (bits & 32) && !f.direct;
        f.ambientOcclusion = bits & 64;
        f.post.bloom.enabled = f.floatColor && (bits & 128);
        f.background = bits & 256;
        f.opaqueColorRead = bits & 512;
        f.sheenEnvironment = f.opaqueColorRead;
        f.debugView = (bits % 7 == 0) ? DebugView::BaseColor : DebugView::None;
        PlanCapabilities can;
        can.floatColor = f.floatColor;
        FramePlan plan = planFrame(f);
        std::string messages;
        for (const PlanProblem& p : checkPlan(plan, can)) messages += p.message + "; ";
        INFO("plan: " << plan.describe());
        CHECK(messages == "");
        ++plans;
    }
    CHECK(plans == 1024);
}

TEST_CASE("a plan reading a target no earlier pass writes is named with the pass and the target") {
    FramePlan plan = planFrame(floatFrame());
    // Tone mapping moved before the main view: it reads the frame before anything drew it.
    PlannedPass toneMap = passOf(plan, PassId::ToneMap);
    plan.passes.pop_back();
    plan.passes.insert(plan.passes.begin(), toneMap);
    std::vector<PlanProblem> problems = checkPlan(plan, {});
    REQUIRE(problems.size() == 1);
    CHECK((problems[0].pass == PassId::ToneMap));
    CHECK(std::string(toString(problems[0].target)) == "frame colour");
    CHECK(mentions(problems[0].message, "'tone map'"));
    CHECK(mentions(problems[0].message, "frame colour"));
}

TEST_CASE("a pass asked for on a context that cannot run it is named with what it needs, and left out at run time") {
    // Bloom on a frame the context could not make float (EXT_color_buffer_float missing).
    FrameFacts f = plainFrame();
    f.post.bloom.enabled = true;
    FramePlan plan = planFrame(f);
    REQUIRE(plan.has(PassId::Bloom));
    PlanCapabilities noFloat;
    noFloat.floatColor = false;
    std::vector<PlanProblem> problems = checkPlan(plan, noFloat);
    REQUIRE(problems.size() == 1);
    CHECK((problems[0].pass == PassId::Bloom));
    CHECK(mentions(problems[0].message, "'bloom'"));
    CHECK(mentions(problems[0].message, "float frame"));

    std::vector<PlanProblem> dropped;
    FramePlan runnable = runnablePlan(plan, noFloat, dropped);
    CHECK(runnable.describe() == "shadows, lights, clear, opaque, blended");
    REQUIRE(dropped.size() == 1);
    CHECK(mentions(dropped[0].message, "drawn without bloom"));
    CHECK(checkPlan(runnable, noFloat).empty());
}

TEST_CASE("a pass that loses its input is left out too, and a frame whose way to the output was cut is still shown") {
    FrameFacts f = floatFrame();
    f.samples = 4;
    FramePlan plan = planFrame(f);
    PlanCapabilities can;
    can.multisample = false; // the resolve cannot run; nothing then writes the frame's colour
    can.floatColor = false;  // nor the tone map
    std::vector<PlanProblem> dropped;
    FramePlan runnable = runnablePlan(plan, can, dropped);
    CHECK_FALSE(runnable.has(PassId::Resolve));
    CHECK_FALSE(runnable.has(PassId::ToneMap));
    CHECK(dropped.size() >= 2);
    // No single-sampled frame is left to show: said, not drawn black in silence.
    CHECK(mentions(dropped.back().message, "not shown"));

    // Without MSAA, a frame whose tone map is cut is copied to the output as it is.
    FramePlan single = planFrame(floatFrame());
    PlanCapabilities noFloat;
    noFloat.floatColor = false;
    dropped.clear();
    FramePlan shown = runnablePlan(single, noFloat, dropped);
    CHECK(shown.describe() == "shadows, lights, clear, opaque, blended, blit");
    CHECK(checkPlan(shown, noFloat).empty());
    CHECK(mentions(dropped.back().message, "copied to the output"));
}

TEST_CASE("a plan in which nothing writes the output is a problem, never a black frame in silence") {
    FramePlan plan = planFrame(floatFrame());
    plan.passes.pop_back(); // the tone map
    std::vector<PlanProblem> problems = checkPlan(plan, {});
    REQUIRE(problems.size() == 1);
    CHECK(std::string(toString(problems[0].target)) == "output");
    CHECK(mentions(problems[0].message, "output"));
}
