#!/usr/bin/env bash
# The main job: builds Trailhead and opens the demo on the hike scene. Without a display it
# renders the scene headless to a PNG and prints the path.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/packages.sh"
trailhead_install_packages "${TRAILHEAD_BUILD_PACKAGES[@]}"

build="$root/build/release"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DTRAILHEAD_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target th-demo

exec "$build/apps/demo/th-demo" --scene "$root/assets/scenes/hike.json" "$@"
