# Warnings for the project's own targets (not for dependencies' headers, which are SYSTEM).
function(trailhead_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wshadow=local -Wno-missing-field-initializers)
  if(TRAILHEAD_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
