// Wrapped shader time: frequencies snapped to the 2π/300 grid keep their phase continuous
// across the wrap, so an animation never snaps after hours of uptime.
#include <doctest/doctest.h>

#include <cmath>
#include <initializer_list>

#include "core/ShaderTime.h"

using namespace th;

TEST_CASE("snapped frequencies are continuous across the 300 s wrap") {
    for (double hz : {3.0, 2.5, 12.0, 18.0 / 300.0, 600.0 / 300.0, 0.7}) {
        double omega = snapHertz(hz);
        CAPTURE(hz);
        CHECK(std::abs(omega / kShaderAngularStep - std::round(omega / kShaderAngularStep)) < 1e-9);
        for (double hours : {0.0, 1.0, 24.0, 24.0 * 30}) {
            double before = hours * 3600.0 + kShaderTimePeriod * 7 - 1e-3; // just before a wrap
            double after = before + 2e-3;                                // just after it
            float tb = wrappedShaderTime(before), ta = wrappedShaderTime(after);
            CHECK(ta < tb); // the wrap happened between the two samples
            double sb = std::sin(omega * tb), sa = std::sin(omega * ta);
            double expected = std::sin(omega * (before + 2e-3));
            CHECK(sa == doctest::Approx(expected).epsilon(1e-3));
            CHECK(std::abs(sa - sb) < omega * 3e-3); // one step of 2 ms, no jump
        }
    }
}

TEST_CASE("wrapped time stays small and precise after a month") {
    double month = 30.0 * 24 * 3600 + 0.123;
    float t = wrappedShaderTime(month);
    CHECK(t >= 0.0f);
    CHECK(t < 300.0f);
    // Float precision near 300 s is about 30 µs: frame-to-frame steps stay even.
    float next = wrappedShaderTime(month + 1.0 / 60.0);
    CHECK(double(next - t) == doctest::Approx(1.0 / 60.0).epsilon(1e-3));
}

TEST_CASE("the angular step is 2π/300 and snapping rounds to the nearest multiple") {
    CHECK(kShaderAngularStep == doctest::Approx(2 * 3.14159265358979 / 300));
    CHECK(angularFrequencyMultiple(snapAngularFrequency(18 * kShaderAngularStep + 0.001)) == 18);
    CHECK(angularFrequencyMultiple(snapHertz(3.0)) == 900);
    CHECK(snapAngularFrequency(1e-6) == doctest::Approx(kShaderAngularStep)); // never zero for a positive input
}
