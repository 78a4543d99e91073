# Every dependency comes from a Debian 12 package (see README.md for the package list).
find_package(PkgConfig REQUIRED)
find_package(Threads REQUIRED)
find_package(glm REQUIRED)                                  # libglm-dev
find_package(glfw3 3.3 REQUIRED)                            # libglfw3-dev
find_package(TinyGLTF REQUIRED)                             # libtinygltf-dev
pkg_check_modules(EPOXY REQUIRED IMPORTED_TARGET epoxy)     # libepoxy-dev: GL and EGL loader
pkg_check_modules(EGL REQUIRED IMPORTED_TARGET egl)         # libegl-dev
pkg_check_modules(STB REQUIRED IMPORTED_TARGET stb)         # libstb-dev
# The compressed glTF extensions and WebP textures, each through its Debian library; meshopt
# also orders imported and procedural meshes for the vertex cache at load.
find_package(meshoptimizer REQUIRED)                        # libmeshoptimizer-dev
# libdraco-dev: KHR_draco_mesh_compression. Debian's libdraco (shared and static alike) also
# holds a tinygltf and an stb_image of its own build; linked as it is, those can stand in for
# libtinygltf's and libstb's (depending on link and load order) and corrupt the importer's heap
# on the first import. The build therefore links a copy of libdraco.a without the members that
# define them (its glTF and file I/O, which the importer does not use): a codec-only archive.
find_package(draco CONFIG REQUIRED)
include(GNUInstallDirs)
set(TRAILHEAD_DRACO_CODEC ${CMAKE_BINARY_DIR}/draco-codec/libth_draco_codec.a)
add_custom_command(OUTPUT ${TRAILHEAD_DRACO_CODEC}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/draco-codec
  COMMAND ${CMAKE_COMMAND} -E copy $<TARGET_FILE:draco::draco_static> ${TRAILHEAD_DRACO_CODEC}
  COMMAND ${CMAKE_AR} d ${TRAILHEAD_DRACO_CODEC} tiny_gltf_utils.cc.o gltf_decoder.cc.o mesh_io.cc.o scene_io.cc.o
  DEPENDS $<TARGET_FILE:draco::draco_static>
  COMMENT "Draco's codec without its bundled tinygltf and stb_image")
add_custom_target(th_draco_codec_archive DEPENDS ${TRAILHEAD_DRACO_CODEC})
install(FILES ${TRAILHEAD_DRACO_CODEC} DESTINATION ${CMAKE_INSTALL_LIBDIR})
pkg_check_modules(WEBP REQUIRED IMPORTED_TARGET libwebp)    # libwebp-dev: EXT_texture_webp
# PCRE2 with its JIT for regex injection keys: fast on 100 KB shaders, bounded by match and
# depth limits, no recursion on the C++ stack (std::regex is slow and overflows on long inputs).
pkg_check_modules(PCRE2 REQUIRED IMPORTED_TARGET libpcre2-8) # libpcre2-dev
if(TRAILHEAD_BUILD_APPS)
  pkg_check_modules(IMGUI REQUIRED IMPORTED_TARGET imgui)   # libimgui-dev (with GLFW/OpenGL3 backends)
endif()
# glslang-tools: the tests validate every shader permutation with it, so a test build requires
# it rather than letting those checks pass with a message.
if(TRAILHEAD_BUILD_TESTS)
  find_program(GLSLANG_VALIDATOR glslangValidator REQUIRED)
else()
  find_program(GLSLANG_VALIDATOR glslangValidator)
endif()
