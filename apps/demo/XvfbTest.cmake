# Starts th-demo under a virtual X server on a scene that needs no shared assets, waits for
# frames, presses F12 (the demo's own screenshot shortcut) with a real key event, then breaks
# the scene file, presses F5 (reload the scene file) and F12 again, presses Escape, and checks
# what a person would: the demo exited with status 0, it drew several frames, printed its
# materials' texture units, said why the broken file could not load (file and line) and
# logged no other error, and both screenshots show a picture (th-capture --check-not-blank,
# on the part of the window no panel covers): the last good scene stays.
# Inputs: DEMO, CAPTURE (executables), SCENE, OUT (a scratch directory).
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT})
configure_file(${SCENE} ${OUT}/scene.json COPYONLY)
set(script ${OUT}/run.sh)
file(WRITE ${script} "set -e
\"${DEMO}\" --scene \"${OUT}/scene.json\" --screenshot-dir \"${OUT}\" --no-hot-reload > \"${OUT}/demo.log\" 2>&1 &
pid=$!
for i in $(seq 1 240); do
  sleep 0.5
  if xdotool search --name Trailhead >/dev/null 2>&1; then break; fi
  kill -0 $pid 2>/dev/null || break
done
if kill -0 $pid 2>/dev/null; then
  sleep 3
  window=$(xdotool search --name Trailhead | head -n 1)
  xdotool windowactivate --sync $window 2>/dev/null || true
  xdotool key --window $window F12
  for i in $(seq 1 120); do
    sleep 0.5
    if ls \"${OUT}\"/trailhead-*.png >/dev/null 2>&1; then break; fi
  done
  printf '{\\n  \"kind\": \"plugins\",\\n  \"time\": ,\\n}\\n' > \"${OUT}/scene.json\"
  xdotool key --window $window F5
  sleep 2
  xdotool key --window $window F12
  for i in $(seq 1 120); do
    sleep 0.5
    if [ $(ls \"${OUT}\"/trailhead-*.png | wc -l) -ge 2 ]; then break; fi
  done
  sleep 1
  xdotool key --window $window Escape
fi
status=0
wait $pid || status=$?
echo $status > \"${OUT}/exit-status\"
")
execute_process(COMMAND xvfb-run -a -s "-screen 0 1280x800x24" bash ${script} RESULT_VARIABLE result)
file(READ ${OUT}/demo.log log)
message("${log}")
if(NOT result EQUAL 0)
  message(FATAL_ERROR "the Xvfb script failed (${result})")
endif()
file(READ ${OUT}/exit-status status)
string(STRIP "${status}" status)
if(NOT status STREQUAL "0")
  message(FATAL_ERROR "th-demo exited with status ${status} after Escape")
endif()
# Fails the test with `why` unless the demo's log matches `regex`.
function(require_in_log regex why)
  if(NOT log MATCHES "${regex}")
    message(FATAL_ERROR "th-demo ${why}")
  endif()
endfunction()
if(NOT log MATCHES "th-demo: ([0-9]+) frames rendered")
  message(FATAL_ERROR "th-demo did not log its frame count at exit")
endif()
set(frames ${CMAKE_MATCH_1})
if(frames LESS 3)
  message(FATAL_ERROR "th-demo rendered ${frames} frames; expected at least 3")
endif()
require_in_log("texture units, material '[^']+' \\(pbr\\), main pass: [0-9]+ of [0-9]+ fragment texture units"
               "printed no texture unit report for the scene's materials")
require_in_log("\\[error\\] cannot load [^\n]*scene.json: [^\n]*scene.json:3:[0-9]+: "
               "did not say why the broken scene file could not load (file and line)")
string(REGEX REPLACE "\\[error\\] cannot load [^\n]*scene.json[^\n]*" "" otherLog "${log}")
if(otherLog MATCHES "\\[error\\]")
  message(FATAL_ERROR "th-demo logged an error (above)")
endif()
file(GLOB shots ${OUT}/trailhead-*.png)
list(LENGTH shots shotCount)
if(shotCount LESS 2)
  message(FATAL_ERROR "th-demo wrote ${shotCount} screenshots; expected one before and one after the broken reload")
endif()
foreach(shot IN LISTS shots)
  message("screenshot: ${shot}")
  # Right of the panels (x >= 420) and below the collapsed shader window's title (y >= 40).
  execute_process(COMMAND ${CAPTURE} --check-not-blank ${shot} --region 420,40,0,0 RESULT_VARIABLE blank)
  if(NOT blank EQUAL 0)
    message(FATAL_ERROR "the screenshot ${shot} is blank where the scene should be")
  endif()
endforeach()
