# trailhead_embed_files(<out.cpp> <function> <base-dir> <files...>)
# Generates a C++ source that defines
#   std::span<const th::EmbeddedFile> <function>();
# holding the given text files (names relative to <base-dir>), regenerated when any changes.
# The text goes in as raw string literals split into chunks (compilers limit literal length).
function(trailhead_embed_files out function base)
  set(files ${ARGN})
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DOUT=${out} -DFUNCTION=${function} -DBASE=${base}
            "-DFILES=${files}" -P ${PROJECT_SOURCE_DIR}/cmake/EmbedFilesScript.cmake
    DEPENDS ${files} ${PROJECT_SOURCE_DIR}/cmake/EmbedFilesScript.cmake
    COMMENT "Embedding ${function} (${out})"
    VERBATIM)
endfunction()
