#!/usr/bin/env bash
# Checks that a fuzz target's seeds reach the code it is meant to fuzz:
#   tests/fuzz/check-coverage.sh BINARY SEED... -- FUNCTION...
# replays the seeds with libFuzzer's -print_coverage=1 and fails, naming each one, when a
# FUNCTION (as the report spells it, e.g. th::decodeGltfDracoPrimitives) is not covered.
set -euo pipefail
binary=${1:?usage: check-coverage.sh BINARY SEED... -- FUNCTION...}
shift
seeds=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do seeds+=("$1"); shift; done
[ $# -gt 1 ] || { echo "check-coverage: no functions after --" >&2; exit 2; }
shift
report=$("$binary" -runs=0 -print_coverage=1 -rss_limit_mb=2048 "${seeds[@]}" 2>&1) || {
  tail -20 <<<"$report" >&2
  echo "check-coverage: $binary failed on its seeds" >&2
  exit 1
}
covered=$(grep '^COVERED_FUNC:' <<<"$report" || true)
missing=0
for function in "$@"; do
  # The name is followed by its parameter list, an ABI tag or template arguments.
  # (A here-string, not a pipe: grep -q stops reading early, which pipefail counts as failure.)
  if grep -qF -e " $function(" -e " $function[" -e " $function<" <<<"$covered"; then
    echo "covered: $function"
  else
    echo "check-coverage: no seed of $(basename "$binary") reaches $function" >&2
    missing=1
  fi
done
exit $missing
