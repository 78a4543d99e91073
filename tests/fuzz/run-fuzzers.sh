#!/usr/bin/env bash
# Runs each shader-pipeline fuzzer for a while: tests/fuzz/run-fuzzers.sh <build-dir> <seconds-per-target>
# New inputs go to a scratch corpus (the checked-in seeds stay as they are); a crash leaves
# its reproducer in <build-dir>/fuzz-artifacts and makes the script fail.
set -euo pipefail
build=${1:?usage: run-fuzzers.sh <build-dir> <seconds-per-target>}
seconds=${2:?usage: run-fuzzers.sh <build-dir> <seconds-per-target>}
here=$(cd "$(dirname "$0")" && pwd)
artifacts="$build/fuzz-artifacts"
mkdir -p "$artifacts"
status=0
for name in include_expander preprocessor injector; do
  binary="$build/tests/fuzz/th_fuzz_$name"
  if [ ! -x "$binary" ]; then
    echo "run-fuzzers: $binary is missing (configure with CC=clang CXX=clang++ -DTRAILHEAD_FUZZ=ON and build it)" >&2
    exit 2
  fi
  scratch=$(mktemp -d)
  echo "== $name: ${seconds}s"
  if ! "$binary" "$scratch" "$here/corpus/$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
       -max_len=16384 -print_final_stats=1 -artifact_prefix="$artifacts/$name-" 2>"$build/fuzz-$name.log"; then
    status=1
    echo "run-fuzzers: $name FAILED; see $build/fuzz-$name.log and $artifacts" >&2
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb|^#[0-9]+.*DONE" "$build/fuzz-$name.log" || true
  rm -rf "$scratch"
done
exit $status
