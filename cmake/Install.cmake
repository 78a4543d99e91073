# Install rules and the package config, so another CMake project can use the engine with
# find_package(Trailhead) as well as with add_subdirectory.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(trailhead_install_targets)
foreach(layer core shader gl_cpu gl material_cpu material scene_cpu scene render_cpu render assets_cpu assets)
  if(TARGET th_${layer})
    list(APPEND trailhead_install_targets th_${layer})
  endif()
endforeach()
list(APPEND trailhead_install_targets ${TRAILHEAD_PLUGIN_TARGETS})
if(TARGET trailhead)
  list(APPEND trailhead_install_targets trailhead)
endif()

install(TARGETS ${trailhead_install_targets} EXPORT TrailheadTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/trailhead)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/engine/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/trailhead
  FILES_MATCHING PATTERN "*.h")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/plugins/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/trailhead/plugins
  FILES_MATCHING PATTERN "*.h")
install(EXPORT TrailheadTargets NAMESPACE Trailhead:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Trailhead)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/TrailheadConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/TrailheadConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Trailhead)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/TrailheadConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/TrailheadConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/TrailheadConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Trailhead)
