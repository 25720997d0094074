# ctest fuzz_replay_removes_its_scratch: runs REPLAY on CORPUS with its scratch folder under BASE, then
# fails if anything is left there.
file(REMOVE_RECURSE "${BASE}")
file(MAKE_DIRECTORY "${BASE}")
execute_process(COMMAND ${CMAKE_COMMAND} -E env OPSCOPE_FUZZ_SCRATCH_BASE=${BASE} ${REPLAY} ${CORPUS}
                RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "the replay failed: ${result}")
endif()
file(GLOB left "${BASE}/*")
if(left)
  message(FATAL_ERROR "the replay left its scratch folder behind: ${left}")
endif()
file(REMOVE_RECURSE "${BASE}")
