#!/bin/sh
# Foreground PSNR of Trailhead's captures against the shared visual references, per model.
#
#   scripts/fidelity.sh [BUILD_DIR] [MODEL...]      (defaults: build/rel, every model)
#
# For each model of ../shared/visual-reference/cameras.json it runs the exact th-capture
# command that folder's README gives (800x600, the model's camera, neutral_studio.hdr at
# intensity 1, no punctual lights, a (64, 64, 64) background, PBR Neutral), then measures the
# capture with the folder's compare.mjs against the Khronos Sample Viewer's and three.js's
# renders and prints both and the better one (three.js only for SimpleInstancing: the Sample
# Viewer draws no instances). Needs Node.js and npm (compare.mjs's one package is installed
# into a temporary folder); says what is missing otherwise. With FIDELITY_OUT=DIR the captures
# and their logs are kept in DIR (for looking at the differences).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/rel}
[ $# -gt 0 ] && shift
shared="$root/../shared"
refs="$shared/visual-reference"
capture="$build/apps/th-capture/th-capture"
[ -x "$capture" ] || { echo "fidelity: $capture is missing; build it (cmake --build $build --target th-capture)" >&2; exit 1; }
[ -f "$refs/cameras.json" ] || { echo "fidelity: $refs/cameras.json is missing (the shared visual references)" >&2; exit 1; }
for tool in node npm python3; do
    command -v "$tool" >/dev/null 2>&1 || { echo "fidelity: needs $tool (apt-get install nodejs npm python3)" >&2; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$refs/compare.mjs" "$refs/package.json" "$refs/package-lock.json" "$tmp/"
(cd "$tmp" && npm ci --silent >/dev/null 2>&1) || { echo "fidelity: npm ci failed in $tmp (is the npm registry reachable?)" >&2; exit 1; }

# One line per model: name, file, position, target, up, yfov, near, far.
python3 - "$refs/cameras.json" "$@" >"$tmp/models" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
wanted = set(sys.argv[2:])
for name, m in d["models"].items():
    if wanted and name not in wanted: continue
    c = m["camera"]
    v = lambda a: ",".join(repr(float(x)) for x in a)
    print(name, m["file"].replace("shared/", "", 1), v(c["position"]), v(c["target"]), v(c["up"]), c["yfov"], c["near"], c["far"])
PY
[ -s "$tmp/models" ] || { echo "fidelity: no such model in cameras.json: $*" >&2; exit 1; }

printf "%-30s %10s %10s %10s\n" model khronos three better
status=0
while read -r name file position target up yfov near far; do
    out="$tmp/$name.png"
    [ -n "${FIDELITY_OUT:-}" ] && { mkdir -p "$FIDELITY_OUT"; out="$FIDELITY_OUT/$name.png"; }
    if ! "$capture" --gltf "$shared/$file" --out "$out" --size 800x600 --camera-position "$position" \
        --camera-target "$target" --camera-up "$up" --yfov "$yfov" --near "$near" --far "$far" \
        --env "$shared/gltf/environment/neutral_studio.hdr" --env-intensity 1 --no-punctual \
        --background 64,64,64 --tonemap neutral --exposure 1 >"${out%.png}.log" 2>&1; then
        printf "%-30s capture failed: %s\n" "$name" "$(tail -1 "${out%.png}.log")"
        status=1
        continue
    fi
    psnr() { (cd "$tmp" && node compare.mjs "$out" "$1" --bg 64,64,64 --json) | python3 -c 'import json,sys; print("%.1f" % json.load(sys.stdin)["fgPsnr"])'; }
    k=$(psnr "$refs/ref/khronos-neutral/$name.png")
    t=$(psnr "$refs/ref/three-neutral/$name.png")
    best=$(python3 -c "import sys; k,t=float('$k'),float('$t'); print('%.1f' % (t if '$name'=='SimpleInstancing' else max(k,t)))")
    printf "%-30s %10s %10s %10s\n" "$name" "$k" "$t" "$best"
done <"$tmp/models"
exit $status
