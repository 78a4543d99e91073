# Runs a command-line tool with ARGS ('|'-separated) and checks how it ends: EXPECT_EXIT is the
# exit status (a crash reports a signal name instead and fails), EXPECT_STDERR a regular
# expression its standard error must match (the message a user acts on), EXPECT_STDOUT one its
# standard output must match. CTest's PASS_REGULAR_EXPRESSION would ignore the exit status.
#   cmake -DEXE=tool -DARGS="a|b" -DEXPECT_EXIT=1 -DEXPECT_STDERR=regex -P ExpectExit.cmake
string(REPLACE "|" ";" args "${ARGS}")
get_filename_component(tool "${EXE}" NAME)
execute_process(COMMAND "${EXE}" ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 300)
if(NOT "${rc}" STREQUAL "${EXPECT_EXIT}")
  message(FATAL_ERROR "${tool} ${args}\nexited with '${rc}', expected ${EXPECT_EXIT}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(DEFINED EXPECT_STDERR AND NOT "${err}" MATCHES "${EXPECT_STDERR}")
  message(FATAL_ERROR "${tool} ${args}\nstderr does not match '${EXPECT_STDERR}':\n${err}")
endif()
if(DEFINED EXPECT_STDOUT AND NOT "${out}" MATCHES "${EXPECT_STDOUT}")
  message(FATAL_ERROR "${tool} ${args}\nstdout does not match '${EXPECT_STDOUT}':\n${out}")
endif()
message(STATUS "exit ${rc}; stderr: ${err}")
