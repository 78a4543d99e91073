# The glTF importer's libFuzzer target (included from tests/fuzz/CMakeLists.txt, so it
# builds only with TRAILHEAD_FUZZ=ON and clang):
#   cmake --build build-fuzz --target th_fuzz_gltf_import
#   build-fuzz/tests/fuzz/th_fuzz_gltf_import -max_total_time=120 -max_len=65536 \
#       -rss_limit_mb=2048 -timeout=10 SCRATCH_CORPUS tests/data/gltf ../shared/gltf/*/glTF
# th_assets_cpu (the importer: GL-free) is instrumented like the other engine libraries. tinygltf is compiled into the
# fuzzer from Debian's header (address sanitizer and coverage, no UBSan: its own undefined
# behaviour is not ours to fix), so coverage guides the search through its parser too; the
# executable's definitions take precedence over libtinygltf.so's.
if(NOT DEFINED trailhead_fuzz_flags)
  set(trailhead_fuzz_flags -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer
      -fno-sanitize-recover=undefined)
endif()
if(TARGET th_assets_cpu)
  target_compile_options(th_assets_cpu PRIVATE ${trailhead_fuzz_flags})
  if(TARGET th_core)
    target_compile_options(th_core PRIVATE ${trailhead_fuzz_flags})
  endif()

  set(tinygltf_impl ${CMAKE_CURRENT_BINARY_DIR}/TinyGltfInstrumented.cpp)
  file(GENERATE OUTPUT ${tinygltf_impl} CONTENT "#define TINYGLTF_IMPLEMENTATION\n#include <tiny_gltf.h>\n")
  add_library(th_fuzz_tinygltf OBJECT ${tinygltf_impl})
  target_compile_options(th_fuzz_tinygltf PRIVATE -fsanitize=fuzzer-no-link,address -fno-omit-frame-pointer -w)
  target_link_libraries(th_fuzz_tinygltf PRIVATE PkgConfig::STB)
  target_include_directories(th_fuzz_tinygltf SYSTEM PRIVATE /usr/include/nlohmann)

  add_executable(th_fuzz_gltf_import GltfImportFuzz.cpp $<TARGET_OBJECTS:th_fuzz_tinygltf>)
  target_link_libraries(th_fuzz_gltf_import PRIVATE th_assets_cpu)
  target_compile_definitions(th_fuzz_gltf_import PRIVATE TRAILHEAD_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  target_compile_options(th_fuzz_gltf_import PRIVATE -fsanitize=fuzzer,address,undefined -fno-omit-frame-pointer)
  target_link_options(th_fuzz_gltf_import PRIVATE -fsanitize=fuzzer,address,undefined)
  # A short regression run over the seed files (label fuzz).
  add_test(NAME fuzz.gltf_import COMMAND th_fuzz_gltf_import -runs=0 -rss_limit_mb=2048
           ${PROJECT_SOURCE_DIR}/tests/data/gltf)
  set_tests_properties(fuzz.gltf_import PROPERTIES LABELS fuzz)
endif()
