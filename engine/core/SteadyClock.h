#pragma once
// The clock the engine and the programs time their own work with, for the statistics they
// show (effect builds, frame CPU, IBL bakes, streaming, benchmarks): steady, so a wall-clock
// adjustment never yields a negative or huge duration.
#include <chrono>

namespace th {

using SteadyClock = std::chrono::steady_clock;

/// Milliseconds elapsed since `start`.
inline double msSince(SteadyClock::time_point start) {
    return std::chrono::duration<double, std::milli>(SteadyClock::now() - start).count();
}

} // namespace th
