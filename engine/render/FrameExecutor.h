#pragma once
// Runs a FramePlan: each pass in order, through the one entry point of its file
// (FramePasses.h), and with RendererOptions::breakdown the time of each booked to its row
// (FrameBreakdown.h) by finishing the GL work at its end. The passes time nothing themselves.
#include "core/SteadyClock.h"
#include "render/FramePlan.h"
#include "render/FrameStats.h"
#include "render/PassContext.h"

namespace th {

class FrameExecutor {
public:
    /// Starts the frame's clock; with a breakdown, what came before is finished first (it is
    /// not this frame's cost).
    void startFrame(Breakdown breakdown);
    /// With a breakdown: finishes the GL work and books the time since the last booking to `pass`.
    void book(FramePass pass, FrameStats& stats);
    /// Runs the passes of `plan` in order.
    void run(const FramePlan& plan, PassContext& frame);

private:
    Breakdown mBreakdown = Breakdown::Off;
    SteadyClock::time_point mLast;
};

} // namespace th
