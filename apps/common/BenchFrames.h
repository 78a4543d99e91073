#pragma once
// The timed frame loop of the rendering benchmarks: each frame ends with glFinish, so its
// wall time includes the GPU's work (llvmpipe's threads, headless), not just the submission.
#include <utility>
#include <vector>

#include "common/BenchStats.h"
#include "gl/GlApi.h"

namespace th::bench {

struct FrameTimes {
    std::vector<double> wallMs;    ///< per measured frame, glFinish included
    std::vector<double> processMs; ///< process CPU per measured frame, every thread
};

/// Runs `warmup` frames, then `frames` measured ones; `frame(f)` draws frame f (warm-up
/// frames count from 0 too). After each measured frame `measured()` may record what the frame
/// left behind (renderer statistics).
template <typename Frame, typename Measured>
FrameTimes timeFrames(int warmup, int frames, Frame&& frame, Measured&& measured) {
    FrameTimes times;
    for (int f = 0; f < warmup + frames; ++f) {
        auto start = SteadyClock::now();
        double cpuStart = processCpuMs();
        frame(f);
        glFinish();
        double ms = msSince(start);
        if (f < warmup) continue;
        times.wallMs.push_back(ms);
        times.processMs.push_back(processCpuMs() - cpuStart);
        measured();
    }
    return times;
}

template <typename Frame>
FrameTimes timeFrames(int warmup, int frames, Frame&& frame) {
    return timeFrames(warmup, frames, std::forward<Frame>(frame), [] {});
}

} // namespace th::bench
