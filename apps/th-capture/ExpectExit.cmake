# Runs th-capture with ARGS ('|'-separated) and checks how it ends: EXPECT_EXIT is the exit
# status (a crash reports a signal name instead and fails), EXPECT_STDERR a regular expression
# its standard error must match (the message a user acts on).
#   cmake -DEXE=th-capture -DARGS="a|b" -DEXPECT_EXIT=1 -DEXPECT_STDERR=regex -P ExpectExit.cmake
string(REPLACE "|" ";" args "${ARGS}")
execute_process(COMMAND "${EXE}" ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 300)
if(NOT "${rc}" STREQUAL "${EXPECT_EXIT}")
  message(FATAL_ERROR "th-capture ${args}\nexited with '${rc}', expected ${EXPECT_EXIT}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(NOT "${err}" MATCHES "${EXPECT_STDERR}")
  message(FATAL_ERROR "th-capture ${args}\nstderr does not match '${EXPECT_STDERR}':\n${err}")
endif()
message(STATUS "exit ${rc}; stderr: ${err}")
