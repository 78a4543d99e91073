# Warnings for the project's own targets (not for dependencies' headers, which are SYSTEM).
function(trailhead_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wno-missing-field-initializers)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(${target} PRIVATE -Wshadow=local)
    # GCC 12 reports -Wrestrict inside libstdc++'s std::string operator+ at -O2 and above
    # (GCC bug 105329): a false positive in the standard library, not in this code.
    if(CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
      target_compile_options(${target} PRIVATE -Wno-restrict)
    endif()
  else()
    target_compile_options(${target} PRIVATE -Wshadow-uncaptured-local)
  endif()
  if(TRAILHEAD_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
