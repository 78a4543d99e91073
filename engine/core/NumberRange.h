#pragma once
// The interval a setting's number must lie in, shared by scene files and command lines so
// both reject the same values with the same words. Every range is finite: a value that
// overflows a float (1e39 as an exposure) or is NaN never passes.
#include <cmath>
#include <string>

#include "core/Str.h"

namespace th {

struct NumberRange {
    double lo = -3.0e38, hi = 3.0e38; ///< inside float range, so the float a setting holds is finite
    bool loOpen = false, hiOpen = false;

    static NumberRange closed(double lo, double hi) { return {lo, hi, false, false}; }
    /// (lo, hi]: for values that must be positive (exposure, near plane).
    static NumberRange above(double lo, double hi) { return {lo, hi, true, false}; }
    /// (lo, hi)
    static NumberRange open(double lo, double hi) { return {lo, hi, true, true}; }

    bool contains(double v) const {
        if (!std::isfinite(v)) return false;
        if (loOpen ? v <= lo : v < lo) return false;
        if (hiOpen ? v >= hi : v > hi) return false;
        return true;
    }
    /// "(0, 10000]", "[0, 24]"
    std::string toString() const { return str(loOpen ? "(" : "[", lo, ", ", hi, hiOpen ? ")" : "]"); }
};

} // namespace th
