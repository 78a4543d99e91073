# libFuzzer targets for the apps' input parsers (included from tests/fuzz/CMakeLists.txt):
# scene files (apps/common/SceneFile.cpp) and th-capture's command line. They compile the
# parser sources themselves, instrumented, against th_core, so no GL library is linked.
set(app_fuzz_includes ${PROJECT_SOURCE_DIR}/apps ${PROJECT_SOURCE_DIR}/apps/th-capture ${PROJECT_SOURCE_DIR}/engine)
function(th_app_fuzzer name)
  add_executable(th_fuzz_${name} ${ARGN})
  target_link_libraries(th_fuzz_${name} PRIVATE th_core)
  target_include_directories(th_fuzz_${name} PRIVATE ${app_fuzz_includes})
  target_compile_options(th_fuzz_${name} PRIVATE -fsanitize=fuzzer,address,undefined -fno-omit-frame-pointer
    -fno-sanitize-recover=undefined)
  target_link_options(th_fuzz_${name} PRIVATE -fsanitize=fuzzer,address,undefined)
  add_test(NAME fuzz.${name} COMMAND th_fuzz_${name} -runs=0 ${CMAKE_CURRENT_SOURCE_DIR}/corpus/${name})
  set_tests_properties(fuzz.${name} PROPERTIES LABELS fuzz)
endfunction()
# SceneFile reads the hike's quality tiers (apps/hike/QualityTier) and a physical camera's
# exposure (engine/scene/Exposure), both GL-free files.
set(scene_file_sources ${PROJECT_SOURCE_DIR}/apps/common/SceneFile.cpp ${PROJECT_SOURCE_DIR}/apps/hike/QualityTier.cpp
  ${PROJECT_SOURCE_DIR}/engine/scene/Exposure.cpp)
th_app_fuzzer(scene_file SceneFileFuzzer.cpp ${scene_file_sources})
# th-capture's --debug-view names come from engine/render/DebugView (GL-free).
th_app_fuzzer(capture_options CaptureOptionsFuzzer.cpp ${PROJECT_SOURCE_DIR}/apps/th-capture/CaptureOptions.cpp
  ${PROJECT_SOURCE_DIR}/apps/common/CommandLine.cpp ${PROJECT_SOURCE_DIR}/engine/render/DebugView.cpp ${scene_file_sources})
