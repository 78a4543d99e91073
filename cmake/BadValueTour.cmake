# Gives each option in OPTIONS ('|'-separated) every value below, one run each, after the fixed
# arguments ARGS ('|'-separated): a wrong type, NaN, infinities, a negative, a huge number, an
# empty string, trailing garbage, a list where one value goes, a padded number. Every run must
# end as a refusal (exit 1 or 2, not a crash, a hang or a success) whose standard error names
# the option. One test for the whole tour, so a new option is one word in its list.
#   cmake -DEXE=tool -DARGS="a|b" -DOPTIONS="--x|--y" -P BadValueTour.cmake
string(REPLACE "|" ";" fixed "${ARGS}")
string(REPLACE "|" ";" options "${OPTIONS}")
set(values "abc" "nan" "NaN" "inf" "-inf" "1e999" "-1e9" "1e30" "" "1x" "1,2" " 1" "1 " "0x10" "nan,0,0" "1,2,3x")
set(failures "")
set(runs 0)
foreach(option IN LISTS options)
  foreach(value IN LISTS values)
    execute_process(COMMAND "${EXE}" ${fixed} "${option}" "${value}" RESULT_VARIABLE rc OUTPUT_QUIET
                    ERROR_VARIABLE err TIMEOUT 120)
    math(EXPR runs "${runs} + 1")
    string(FIND "${err}" "${option}" named)
    if(NOT (rc STREQUAL "1" OR rc STREQUAL "2"))
      string(APPEND failures "${option} '${value}': exited with '${rc}', expected a refusal (1 or 2)\n${err}\n")
    elseif(named EQUAL -1)
      string(APPEND failures "${option} '${value}': the message does not name ${option}:\n${err}\n")
    endif()
  endforeach()
endforeach()
if(failures)
  message(FATAL_ERROR "${failures}")
endif()
message(STATUS "${runs} bad values, each refused naming its option")
