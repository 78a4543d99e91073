# The glTF importer's libFuzzer targets (included from tests/fuzz/CMakeLists.txt, so it
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

  # stb_image likewise (Debian's libstb.so holds the definitions the engine links otherwise),
  # with UBSan's bounds checks (they found its Huffman-table overflow, JpegTableCheck.h) but
  # not its nonnull check: stb_image passes memcpy a null pointer with a length of zero for an
  # empty PNG chunk, which copies nothing.
  set(stb_impl ${CMAKE_CURRENT_BINARY_DIR}/StbImageInstrumented.cpp)
  file(GENERATE OUTPUT ${stb_impl} CONTENT "#define STB_IMAGE_IMPLEMENTATION\n#include <stb_image.h>\n")
  add_library(th_fuzz_stb_image OBJECT ${stb_impl})
  target_compile_options(th_fuzz_stb_image PRIVATE -fsanitize=fuzzer-no-link,address,undefined
                         -fno-sanitize=nonnull-attribute -fno-omit-frame-pointer -w)
  target_link_libraries(th_fuzz_stb_image PRIVATE PkgConfig::STB)

  add_executable(th_fuzz_gltf_import GltfImportFuzz.cpp $<TARGET_OBJECTS:th_fuzz_tinygltf>
                 $<TARGET_OBJECTS:th_fuzz_stb_image>)
  target_link_libraries(th_fuzz_gltf_import PRIVATE th_assets_cpu)
  target_compile_definitions(th_fuzz_gltf_import PRIVATE TRAILHEAD_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  target_compile_options(th_fuzz_gltf_import PRIVATE -fsanitize=fuzzer,address,undefined -fno-omit-frame-pointer)
  target_link_options(th_fuzz_gltf_import PRIVATE -fsanitize=fuzzer,address,undefined)
  # A short regression run over the seed files (label fuzz).
  add_test(NAME fuzz.gltf_import COMMAND th_fuzz_gltf_import -runs=0 -rss_limit_mb=2048
           -dict=${CMAKE_CURRENT_SOURCE_DIR}/gltf.dict ${PROJECT_SOURCE_DIR}/tests/data/gltf
           ${CMAKE_CURRENT_SOURCE_DIR}/corpus/gltf_import)
  set_tests_properties(fuzz.gltf_import PROPERTIES LABELS fuzz)

  # The compressed-geometry decoders (meshopt, Draco) fed their streams directly, and the image
  # decoders (stb_image, libwebp, Radiance); seeds from th_fuzz_make_seeds (MakeFuzzSeeds.cpp).
  # libdraco, meshoptimizer and libwebp are Debian's uninstrumented builds: coverage guides the
  # search through the importer's code around them, and AddressSanitizer sees their memory
  # errors where they reach its interceptors or crash. stb_image is compiled in, instrumented.
  add_executable(th_fuzz_gltf_compressed GltfCompressedFuzz.cpp $<TARGET_OBJECTS:th_fuzz_tinygltf>)
  add_executable(th_fuzz_image_decode ImageDecodeFuzzer.cpp $<TARGET_OBJECTS:th_fuzz_stb_image>)
  foreach(target th_fuzz_gltf_compressed th_fuzz_image_decode)
    target_link_libraries(${target} PRIVATE th_assets_cpu)
    target_compile_options(${target} PRIVATE -fsanitize=fuzzer,address,undefined -fno-omit-frame-pointer)
    target_link_options(${target} PRIVATE -fsanitize=fuzzer,address,undefined)
  endforeach()
  add_test(NAME fuzz.gltf_compressed COMMAND th_fuzz_gltf_compressed -runs=0 -rss_limit_mb=2048
           ${CMAKE_CURRENT_SOURCE_DIR}/corpus/gltf_compressed)
  add_test(NAME fuzz.image_decode COMMAND th_fuzz_image_decode -runs=0 -rss_limit_mb=2048
           ${CMAKE_CURRENT_SOURCE_DIR}/corpus/image_decode)
  set_tests_properties(fuzz.gltf_compressed fuzz.image_decode PROPERTIES LABELS fuzz)

  # The seeds reach the code each target is for (libFuzzer's -print_coverage; it lists no
  # function of a file under /usr, so stb_image's and the libraries' own are not named).
  set(check_coverage bash ${CMAKE_CURRENT_SOURCE_DIR}/check-coverage.sh)
  add_test(NAME fuzz.coverage.gltf_compressed COMMAND ${check_coverage} $<TARGET_FILE:th_fuzz_gltf_compressed>
           ${CMAKE_CURRENT_SOURCE_DIR}/corpus/gltf_compressed -- th::decodeGltfMeshoptBufferViews
           "th::(anonymous namespace)::checkRatio" th::decodeGltfDracoPrimitives th::readDracoMeshClaim
           "th::(anonymous namespace)::skipMetadata" "th::(anonymous namespace)::writeAttribute<float>")
  add_test(NAME fuzz.coverage.image_decode COMMAND ${check_coverage} $<TARGET_FILE:th_fuzz_image_decode>
           ${CMAKE_CURRENT_SOURCE_DIR}/corpus/image_decode -- th::decodeImage th::decodeHdr th::probeImageSize
           "th::(anonymous namespace)::decodeWebp")
  add_test(NAME fuzz.coverage.gltf_import COMMAND ${check_coverage} $<TARGET_FILE:th_fuzz_gltf_import>
           ${CMAKE_CURRENT_SOURCE_DIR}/corpus/gltf_import -- th::readGltfAnimations th::readGltfSkins
           th::readGltfMorphTargets th::readGltfMaterialExtensions th::gltfVariantMappings th::readGltfVariantNames
           th::readGltfTextureTransform)
  set_tests_properties(fuzz.coverage.gltf_compressed fuzz.coverage.image_decode fuzz.coverage.gltf_import
                       PROPERTIES LABELS fuzz)

  add_executable(th_fuzz_make_seeds MakeFuzzSeeds.cpp)
  target_link_libraries(th_fuzz_make_seeds PRIVATE th_assets_cpu meshoptimizer::meshoptimizer PkgConfig::WEBP PkgConfig::STB)
  target_include_directories(th_fuzz_make_seeds PRIVATE ${PROJECT_SOURCE_DIR}/tests) # support/DracoEncode.h
  target_compile_options(th_fuzz_make_seeds PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer)
  target_link_options(th_fuzz_make_seeds PRIVATE -fsanitize=address,undefined)
endif()
