#pragma once
// What the benchmarks measure with and print: process CPU time (wall time is core's
// msSince), medians and percentiles of samples, and a timed repeat. It needs only th_core, so
// benchmarks that link one low layer (bench-shader, bench-terrain) share it with the
// rendering ones.
#include <algorithm>
#include <cmath>
#include <ctime>
#include <vector>

#include "core/SteadyClock.h"

namespace th::bench {

/// CPU time of the whole process (every thread, llvmpipe's included), in ms: on a shared
/// machine it moves less with the load than the wall clock does.
inline double processCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) * 1e-6;
}

/// Nearest-rank percentile, p in (0, 1]: the smallest sample with at least p of the samples
/// at or below it (a sample that was measured, never an interpolation). 0 when empty.
inline double percentile(std::vector<double> samples, double p) {
    if (samples.empty()) return 0.0;
    std::sort(samples.begin(), samples.end());
    size_t rank = size_t(std::max(std::ceil(p * double(samples.size())), 1.0));
    return samples[std::min(rank, samples.size()) - 1];
}

inline double median(std::vector<double> samples) { return percentile(std::move(samples), 0.5); }

/// Medians over repeats of one piece of work.
struct Timing {
    double wallMs = 0;
    double cpuMs = 0; ///< process CPU: tells what a busy machine hides from the wall clock
};

/// Runs `work` `warmup` times untimed (caches, allocator, driver), then `repeats` times timed.
template <typename Work>
Timing medianTiming(int repeats, Work&& work, int warmup = 0) {
    for (int i = 0; i < warmup; ++i) work();
    std::vector<double> wall, cpu;
    wall.reserve(size_t(std::max(repeats, 0)));
    cpu.reserve(size_t(std::max(repeats, 0)));
    for (int i = 0; i < repeats; ++i) {
        double c = processCpuMs();
        auto t = SteadyClock::now();
        work();
        wall.push_back(msSince(t));
        cpu.push_back(processCpuMs() - c);
    }
    return {median(std::move(wall)), median(std::move(cpu))};
}

} // namespace th::bench
