#!/bin/sh
# The preprocessor's speed, Trailhead beside Babylon.js 9.18, in one sitting.
#
#   scripts/bench-preprocessor.sh [BUILD_DIR] [REPEAT]      (defaults: build/rel 300)
#
# Trailhead's half always runs: `th-shader preprocess --repeat` on the synthetic PBR-size
# fragment that bench-shader writes (about 300 KB and 1,500 conditionals), plus bench-shader's
# live and skipped MB/s. Babylon's half needs Node.js and @babylonjs/core 9.18.0 installed in
# scripts/babylon-preprocess-bench (see the message below); it then times Babylon's evaluator
# on Babylon's own PBR fragment (its includes expanded by Babylon), then on the synthetic
# fragment, each beside th-shader on the same file and defines, and prints the ratios. Build Release for meaningful figures, and run it with
# nothing else busy: absolute times drift on a shared machine, ratios from one run do not.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/rel}
# Absolute: the Babylon half runs th-shader from its own folder.
build=$(cd "$build" 2>/dev/null && pwd || echo "$build")
repeat=${2:-300}
th="$build/apps/th-shader/th-shader"
bench="$build/apps/bench-shader/bench-shader"
for exe in "$th" "$bench"; do
    [ -x "$exe" ] || { echo "bench-preprocessor: $exe is missing; build it (cmake --build $build --target th-shader bench-shader)" >&2; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== Trailhead: synthetic PBR-size fragment"
"$bench" 50 --write-synthetic "$tmp" | grep -E "after includes|preprocessor|live text|skipped text|bytes live"
"$th" preprocess --defines-file "$tmp/synthetic.defines" --repeat "$repeat" "$tmp/synthetic.frag.glsl" >/dev/null 2>"$tmp/err"
ms=$(sed -n 's/^median_ms=//p' "$tmp/err")
first=$(sed -n 's/^first_ms=//p' "$tmp/err")
bytes=$(wc -c <"$tmp/synthetic.frag.glsl")
awk -v ms="$ms" -v first="$first" -v b="$bytes" -v r="$repeat" \
    'BEGIN { printf "th-shader preprocess --repeat %d: %.4f ms, %.0f MB/s on %d bytes (a text seen before)\n", r, ms, b / 1e6 / (ms / 1e3), b;
             printf "  on a text seen for the first time: %.4f ms, %.0f MB/s\n", first, b / 1e6 / (first / 1e3) }'

echo "== Babylon.js 9.18 beside Trailhead: Babylon's PBR fragment"
dir="$root/scripts/babylon-preprocess-bench"
if command -v node >/dev/null 2>&1 && [ -d "$dir/node_modules/@babylonjs/core" ]; then
    (cd "$dir" && node bench.mjs --out "$tmp/babylon" --repeat "$repeat" --th-shader "$th")
    echo "== Babylon.js 9.18 beside Trailhead: the synthetic fragment"
    (cd "$dir" && node bench.mjs --text "$tmp/synthetic.frag.glsl" --defines-file "$tmp/synthetic.defines" \
        --repeat "$repeat" --th-shader "$th")
else
    echo "skipped: Babylon's half needs Node.js (18 or later) and @babylonjs/core 9.18.0:"
    echo "    apt-get install nodejs npm        # if node is missing"
    echo "    (cd $dir && npm install)"
    echo "then run this script again."
fi
