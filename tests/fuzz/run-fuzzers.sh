#!/usr/bin/env bash
# Runs each fuzzer for a while: tests/fuzz/run-fuzzers.sh <build-dir> <seconds-per-target>
# The shader-pipeline, scene-file and command-line targets start from their checked-in seeds; the glTF importer starts from
# its seeds (corpus/gltf_import: animations, skins, morphs, material extensions, variants), the
# bad-input models in tests/data/gltf (invalid/ included: its 3,000-level node chain is the
# deep-hierarchy seed) and, when ../shared/gltf is there, the Khronos samples, with gltf.dict.
# The decoder targets (gltf_compressed: meshopt and Draco streams; image_decode) start from
# real encoder output (MakeFuzzSeeds.cpp).
# New inputs go to a scratch corpus (the seeds stay as they are); a crash leaves its reproducer
# in <build-dir>/fuzz-artifacts and makes the script fail.
set -euo pipefail
build=${1:?usage: run-fuzzers.sh <build-dir> <seconds-per-target>}
seconds=${2:?usage: run-fuzzers.sh <build-dir> <seconds-per-target>}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
artifacts="$build/fuzz-artifacts"
mkdir -p "$artifacts"
status=0

# run_target NAME MAX_LEN SEED_DIR...
run_target() {
  local name=$1 max_len=$2
  shift 2
  local binary="$build/tests/fuzz/th_fuzz_$name"
  if [ ! -x "$binary" ]; then
    echo "run-fuzzers: $binary is missing (configure with CC=clang CXX=clang++ -DTRAILHEAD_FUZZ=ON and build it)" >&2
    exit 2
  fi
  local scratch
  scratch=$(mktemp -d)
  echo "== $name: ${seconds}s"
  if ! "$binary" "$scratch" "$@" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
       -max_len="$max_len" -print_final_stats=1 -artifact_prefix="$artifacts/$name-" 2>"$build/fuzz-$name.log"; then
    status=1
    echo "run-fuzzers: $name FAILED; see $build/fuzz-$name.log and $artifacts" >&2
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb|^#[0-9]+.*DONE" "$build/fuzz-$name.log" || true
  rm -rf "$scratch"
}

for name in include_expander preprocessor injector; do
  run_target "$name" 16384 "$here/corpus/$name"
done
run_target scene_file 16384 -dict="$here/scene_file.dict" "$here/corpus/scene_file"
run_target capture_options 4096 "$here/corpus/capture_options"

gltf_seeds=("$here/corpus/gltf_import" "$root/tests/data/gltf")
shopt -s nullglob
for sample in "$root"/../shared/gltf/*/glTF; do gltf_seeds+=("$sample"); done
shopt -u nullglob
run_target gltf_import 65536 -dict="$here/gltf.dict" "${gltf_seeds[@]}"
run_target gltf_compressed 16384 "$here/corpus/gltf_compressed"
run_target image_decode 16384 "$here/corpus/image_decode"
exit $status
