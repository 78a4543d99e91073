#!/usr/bin/env bash
# The test command: builds Trailhead and runs the whole test suite through CTest, then builds
# once more with AddressSanitizer + UndefinedBehaviorSanitizer (clang, with the libFuzzer
# targets) and runs the tests that need no golden images plus a short fuzzing run.
# Warnings are errors. Exits non-zero on any failure.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/packages.sh"
trailhead_install_packages "${TRAILHEAD_BUILD_PACKAGES[@]}" "${TRAILHEAD_TEST_PACKAGES[@]}"
jobs="$(nproc)"
fuzz_seconds="${TRAILHEAD_FUZZ_SECONDS:-20}"

echo "== Release build and full test suite"
release="$root/build/test-release"
cmake -S "$root" -B "$release" -DCMAKE_BUILD_TYPE=Release -DTRAILHEAD_WERROR=ON >/dev/null
cmake --build "$release" -j"$jobs"
(cd "$release" && ctest -j"$jobs" --output-on-failure --timeout 600)

echo "== Sanitizer build (ASan + UBSan, clang) with fuzz targets"
sanitize="$root/build/test-sanitize"
CC=clang CXX=clang++ cmake -S "$root" -B "$sanitize" -DCMAKE_BUILD_TYPE=Debug -DTRAILHEAD_WERROR=ON \
    -DTRAILHEAD_SANITIZE=ON -DTRAILHEAD_FUZZ=ON >/dev/null
cmake --build "$sanitize" -j"$jobs"
export LSAN_OPTIONS="suppressions=$root/tests/sanitizer/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# The apps are built too: their command-line tests (th-shader, th-capture's bad input, the
# benchmarks' smoke runs, the demo without a display) run under the sanitizers as well; the
# golden comparisons (label visual) and the package tests stay in the Release pass.
# Unit tests and the fuzzers' seed replays run with leak detection. GL tests run without it:
# llvmpipe's worker threads are still alive at exit, and LeakSanitizer's stop-the-world scan can
# crash on them (a crash of the checker after the test passed); AddressSanitizer and UBSan
# still check every GL test.
(cd "$sanitize" && ASAN_OPTIONS="detect_leaks=1:abort_on_error=1" ctest -j"$jobs" --output-on-failure --timeout 900 -L "unit|fuzz")
(cd "$sanitize" && ASAN_OPTIONS="detect_leaks=0:abort_on_error=1" ctest -j"$jobs" --output-on-failure --timeout 900 -L gl)

echo "== Fuzzing, ${fuzz_seconds} s per target"
bash "$root/tests/fuzz/run-fuzzers.sh" "$sanitize" "$fuzz_seconds"
echo "== All tests passed"
