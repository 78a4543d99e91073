#include "render/FrameExecutor.h"

#include <array>
#include <chrono>

#include "gl/GlApi.h"
#include "render/FramePasses.h"

namespace th {

namespace {

using PassFunction = void (*)(PassContext&);

/// Each pass's entry point, in PassId order.
constexpr std::array<PassFunction, size_t(PassId::Count)> kPasses = {
#define TRAILHEAD_PASS_FUNCTION(id, name) run##id##Pass,
    TRAILHEAD_FRAME_PASSES(TRAILHEAD_PASS_FUNCTION)
#undef TRAILHEAD_PASS_FUNCTION
};

} // namespace

void FrameExecutor::startFrame(Breakdown breakdown) {
    mBreakdown = breakdown;
    if (mBreakdown == Breakdown::Off) return;
    glFinish();
    mLast = SteadyClock::now();
}

void FrameExecutor::book(FramePass pass, FrameStats& stats) {
    if (mBreakdown == Breakdown::Off) return;
    glFinish();
    auto now = SteadyClock::now();
    stats.breakdown.passMs[size_t(pass)] += std::chrono::duration<double, std::milli>(now - mLast).count();
    mLast = now;
}

void FrameExecutor::run(const FramePlan& plan, PassContext& frame) {
    for (const PlannedPass& pass : plan.passes) {
        kPasses[size_t(pass.id)](frame);
        book(pass.timedAs, frame.stats);
    }
}

} // namespace th
