# Starts th-demo under a virtual X server, waits for frames, presses F12 (the demo's own
# screenshot shortcut) with a real key event, presses Escape, and checks that a screenshot was
# written and the demo exited cleanly.
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT})
set(script ${OUT}/run.sh)
file(WRITE ${script} "set -e
\"${DEMO}\" --scene \"${SCENE}\" --screenshot-dir \"${OUT}\" --no-hot-reload > \"${OUT}/demo.log\" 2>&1 &
pid=$!
for i in $(seq 1 240); do
  sleep 0.5
  if xdotool search --name Trailhead >/dev/null 2>&1; then break; fi
done
sleep 3
window=$(xdotool search --name Trailhead | head -n 1)
xdotool windowactivate --sync $window 2>/dev/null || true
xdotool key --window $window F12
for i in $(seq 1 120); do
  sleep 0.5
  if ls \"${OUT}\"/trailhead-*.png >/dev/null 2>&1; then break; fi
done
xdotool key --window $window Escape
wait $pid
")
execute_process(COMMAND xvfb-run -a -s "-screen 0 1280x800x24" bash ${script} RESULT_VARIABLE result)
file(READ ${OUT}/demo.log log)
message("${log}")
if(NOT result EQUAL 0)
  message(FATAL_ERROR "th-demo under Xvfb failed (${result})")
endif()
file(GLOB shots ${OUT}/trailhead-*.png)
if(NOT shots)
  message(FATAL_ERROR "th-demo wrote no screenshot after F12")
endif()
message("screenshot: ${shots}")
