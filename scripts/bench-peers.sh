#!/bin/sh
# Trailhead beside three.js r187 and Babylon.js 9.18 on the same scenes, in one sitting.
#
#   scripts/bench-peers.sh [BUILD_DIR]        (default: build/rel; build it Release first)
#
# Trailhead's half always runs: bench-gltf --peer-view on DamagedHelmet (the peers' camera,
# flat background, image-based light only, PBR Neutral), bench-lights at 1, 16, 64, 256 and
# 1024 spot lights, and bench-hike's forest stress (20 000 trees, no shadows); 1280x720.
#
# The peers' half runs when their harnesses are ready in PEER_BENCH_DIR (default
# /tmp/peer-bench): writable copies of ../shared/peer-bench/three-perf and babylon-perf with
# their packages installed (npm ci), Chromium and Xvfb. The script says what is missing and how
# to get it, and still prints Trailhead's column. The peers run first, then Trailhead, one after
# the other: compare the ratios of one sitting, not absolute times across hours.
#
# Environment: PEER_BENCH_DIR, TRAILHEAD_SHARED (default ../shared beside the checkout),
# PEER_FRAMES / PEER_WARMUP (the peers' timed and warm-up frames, default 15 and 5).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/rel}
build=$(cd "$build" 2>/dev/null && pwd || echo "$build")
shared=${TRAILHEAD_SHARED:-$root/../shared}
peers=${PEER_BENCH_DIR:-/tmp/peer-bench}
frames=${PEER_FRAMES:-15}
warmup=${PEER_WARMUP:-5}

for exe in bench-gltf bench-lights bench-hike; do
    [ -x "$build/apps/$exe/$exe" ] || {
        echo "bench-peers: $build/apps/$exe/$exe is missing; build it: cmake --build $build --target bench-gltf bench-lights bench-hike" >&2
        exit 1
    }
done
helmet="$shared/gltf/DamagedHelmet/glTF/DamagedHelmet.gltf"
[ -f "$helmet" ] || { echo "bench-peers: $helmet is missing (the shared glTF samples)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# --- the peers ---------------------------------------------------------------------------
# What is missing, one line each with its remedy; empty when the peers can run.
missing=""
need() { missing="$missing
  $1"; }
command -v chromium >/dev/null 2>&1 || need "Chromium: apt-get install -y chromium"
command -v xvfb-run >/dev/null 2>&1 || need "Xvfb: apt-get install -y xvfb xauth"
command -v node >/dev/null 2>&1 || need "Node.js 18 or later: apt-get install -y nodejs npm"
for h in three-perf babylon-perf; do
    if [ ! -f "$peers/$h/bench.mjs" ]; then
        need "$h: cp -r $shared/peer-bench/$h $peers/$h && (cd $peers/$h && npm ci)"
    elif [ ! -d "$peers/$h/node_modules" ]; then
        need "$h's packages: (cd $peers/$h && npm ci)"
    fi
done

# peer HARNESS RUNS: runs the harness, leaving "id median" lines (or "id fails") in $tmp/HARNESS,
# read from the raw record each run writes (out/raw/ID.json). A run fails when it errs, when a
# program does not link (three.js past 145 spot lights) or when nothing is drawn (Babylon.js
# past 13): its frame time is then that of a blank frame, not a figure to compare.
peer() {
    rm -rf "$peers/$1/out/raw"
    (cd "$peers/$1" && PEER_SHARED="$shared" xvfb-run -a -s "-screen 0 1920x1080x24" \
        node bench.mjs --runs "$2" --frames "$frames" --warmup "$warmup") >"$tmp/$1.log" 2>&1 || true
    node -e '
        const fs = require("fs"), path = require("path");
        const [dir, runs] = process.argv.slice(1);
        for (const id of runs.split(",")) {
            const file = path.join(dir, id + ".json");
            if (!fs.existsSync(file)) continue;
            const r = JSON.parse(fs.readFileSync(file, "utf8"));
            const c = r.counts || {}, i = r.info || {};
            const broken = r.error || i.programsNotRunnable > 0 || (i.effectErrors && i.effectErrors.length > 0) ||
                (c.glErrorsInFrame && c.glErrorsInFrame.length > 0) || c.glDrawCalls === 0;
            console.log(id, broken || !r.frameMs ? "fails" : r.frameMs.median);
        }' "$peers/$1/out/raw" "$2" >"$tmp/$1" 2>>"$tmp/$1.log"
}
if [ -z "$missing" ]; then
    echo "== three.js r187 and Babylon.js 9.18 ($frames frames after $warmup warm-up, each closed by a 1-pixel read)"
    peer three-perf "A-helmet,B-spot-1,B-spot-16,B-spot-64,B-spot-256,B-spot-1024,C-forest"
    peer babylon-perf "A-helmet-noprefilter,B-spot-1,B-spot-16,Bc-clustered-64,Bc-clustered-256,Bc-clustered-1024,C-forest"
    for h in three-perf babylon-perf; do
        [ -s "$tmp/$h" ] || echo "bench-peers: $h printed no figures; its log: $(tail -3 "$tmp/$h.log")" >&2
    done
else
    echo "== the peers' half is skipped; to run it, install what is missing:$missing"
    echo "   then run this script again (PEER_BENCH_DIR=$peers)."
    : >"$tmp/three-perf"
    : >"$tmp/babylon-perf"
fi

# --- Trailhead -----------------------------------------------------------------------------
echo "== Trailhead"
"$build/apps/bench-gltf/bench-gltf" "$helmet" --peer-view --steady-only --frames 30 >"$tmp/gltf.log" 2>&1 ||
    { echo "bench-peers: bench-gltf failed:" >&2; tail -5 "$tmp/gltf.log" >&2; exit 1; }
"$build/apps/bench-lights/bench-lights" --counts 1,16,64,256,1024 --frames 15 --warmup 3 >"$tmp/lights.log" 2>&1 ||
    { echo "bench-peers: bench-lights failed:" >&2; tail -5 "$tmp/lights.log" >&2; exit 1; }
"$build/apps/bench-hike/bench-hike" --no-hike --frames 10 --warmup 2 >"$tmp/hike.log" 2>&1 ||
    { echo "bench-peers: bench-hike failed:" >&2; tail -5 "$tmp/hike.log" >&2; exit 1; }
{
    awk '/steady frame median/ { print "helmet", $4 }' "$tmp/gltf.log"
    awk '/^ *lights +median/ { table = 1; next } table && NF == 0 { table = 0 } table && $1 ~ /^[0-9]+$/ { print "lights-" $1, $2 }' \
        "$tmp/lights.log"
    awk '/no shadows:/ { for (i = 1; i < NF; ++i) if ($i == "median") { print "forest", $(i + 1); exit } }' "$tmp/hike.log"
} >"$tmp/trailhead"

# --- the table -----------------------------------------------------------------------------
awk -v threeFile="$tmp/three-perf" -v babylonFile="$tmp/babylon-perf" '
    function load(file, into,   line, f) {
        while ((getline line < file) > 0) { split(line, f, " "); into[f[1]] = f[2] }
    }
    function cell(v) { return v == "" ? "-" : v == "fails" ? "fails" : sprintf("%.0f ms", v) }
    function num(v) { return v != "" && v != "fails" }
    BEGIN {
        load(threeFile, three); load(babylonFile, babylon)
    }
    { ours[$1] = $2 }
    END {
        n = split("helmet lights-1 lights-16 lights-64 lights-256 lights-1024 forest", rows, " ")
        label["helmet"] = "DamagedHelmet, IBL only, peers'"'"' camera"
        label["lights-1"] = "light-stress, 1 light"; label["lights-16"] = "light-stress, 16 lights"
        label["lights-64"] = "light-stress, 64 lights"; label["lights-256"] = "light-stress, 256 lights"
        label["lights-1024"] = "light-stress, 1024 lights"; label["forest"] = "forest-stress, no shadows"
        tid["helmet"] = "A-helmet"; bid["helmet"] = "A-helmet-noprefilter"
        tid["lights-1"] = "B-spot-1"; bid["lights-1"] = "B-spot-1"
        tid["lights-16"] = "B-spot-16"; bid["lights-16"] = "B-spot-16"
        tid["lights-64"] = "B-spot-64"; bid["lights-64"] = "Bc-clustered-64"
        tid["lights-256"] = "B-spot-256"; bid["lights-256"] = "Bc-clustered-256"
        tid["lights-1024"] = "B-spot-1024"; bid["lights-1024"] = "Bc-clustered-1024"
        tid["forest"] = "C-forest"; bid["forest"] = "C-forest"
        # Goal: Trailhead at least `factor` times faster than the named peer(s).
        factor["helmet"] = 1.5; against["helmet"] = "three"
        factor["lights-1"] = 1.5; against["lights-1"] = "three"
        factor["lights-16"] = 1.5; against["lights-16"] = "three"
        factor["lights-64"] = 4; against["lights-64"] = "faster"
        factor["lights-256"] = 4; against["lights-256"] = "babylon"
        factor["lights-1024"] = 5; against["lights-1024"] = "babylon"
        factor["forest"] = 3; against["forest"] = "faster"
        printf "\n| %-40s | %-13s | %-15s | %-9s | %-28s |\n", "scene", "three.js r187", "Babylon.js 9.18", "Trailhead", "goal"
        printf "|%s|%s|%s|%s|%s|\n", "------------------------------------------", "---------------", "-----------------", "-----------", "------------------------------"
        for (i = 1; i <= n; ++i) {
            r = rows[i]; t = three[tid[r]]; b = babylon[bid[r]]; o = ours[r]
            ref = ""
            if (against[r] == "three" && num(t)) ref = t
            if (against[r] == "babylon" && num(b)) ref = b
            if (against[r] == "faster") {
                if (num(t)) ref = t
                if (num(b) && (ref == "" || b + 0 < ref + 0)) ref = b
            }
            name = against[r] == "faster" ? "the faster" : against[r] == "three" ? "three.js" : "Babylon.js"
            goal = sprintf(">= %gx %s", factor[r], name)
            if (ref != "" && num(o)) goal = goal sprintf(": %.2fx %s", ref / o, ref / o >= factor[r] ? "met" : "NOT met")
            printf "| %-40s | %-13s | %-15s | %-9s | %-28s |\n", label[r], cell(t), cell(b), cell(o), goal
        }
        print "\nMedian frame times at 1280x720 on this machine (peers: Chromium, ANGLE on llvmpipe; Trailhead: headless EGL)."
    }' "$tmp/trailhead"
