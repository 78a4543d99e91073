#pragma once
// The benchmarks' --breakdown table: the renderer's per-pass and per-draw costs
// (render/FrameBreakdown.h) over a few frames, as medians, with the draws that cost most.
#include <cstdio>
#include <string>
#include <vector>

#include "render/FrameBreakdown.h"
#include "render/Renderer.h"

namespace th::bench {

class BreakdownReport {
public:
    /// Renders `frames` frames timed per pass, then `frames` timed per pass and draw, through
    /// `frame(f)` (f counts on across both), keeping their breakdowns; the renderer's option is
    /// restored after.
    template <typename Frame> void measure(Renderer& renderer, int frames, Frame&& frame) {
        const Breakdown was = renderer.options().breakdown;
        for (int f = 0; f < 2 * frames; ++f) {
            renderer.options().breakdown = f < frames ? Breakdown::Passes : Breakdown::PassesAndDraws;
            frame(f);
            (f < frames ? mPasses : mDraws).push_back(renderer.stats().breakdown);
        }
        renderer.options().breakdown = was;
    }
    /// "breakdown: TITLE" then one row per pass (median ms, share of their sum) and the
    /// `topDraws` costliest draws (median ms, share of their pass's draws, triangles, pass,
    /// mesh / material).
    void print(std::FILE* out, const std::string& title, size_t topDraws = 8) const;

private:
    std::vector<FrameBreakdown> mPasses, mDraws;
};

} // namespace th::bench
