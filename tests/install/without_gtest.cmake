# Run by the test `install.without_gtest` (see CMakeLists.txt here) with SOURCE_DIR, WORK_DIR and
# GENERATOR defined. The README's install command on a machine without GoogleTest (hidden from
# find_package here): the project configures, without its tests, and says so; asking for the tests
# with -DBATCHLAPACK_BUILD_TESTS=ON stops with what to install. Configuring is what GoogleTest
# changes, so the build is not repeated (the suite's own build is the one CI runs).
file(REMOVE_RECURSE "${WORK_DIR}")
set(common -S "${SOURCE_DIR}" -G "${GENERATOR}" -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON -DBATCHLAPACK_WITH_CUDA=OFF)

execute_process(COMMAND "${CMAKE_COMMAND}" ${common} -B "${WORK_DIR}/default"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring without GoogleTest failed (${rc}):\n${out}\n${err}")
endif()
if(NOT out MATCHES "GoogleTest[ \n]+not[ \n]+found,[ \n]+the[ \n]+tests[ \n]+are[ \n]+not[ \n]+built")
  message(FATAL_ERROR "configuring without GoogleTest did not say that the tests are left out:\n${out}")
endif()
if(EXISTS "${WORK_DIR}/default/tests")
  message(FATAL_ERROR "configuring without GoogleTest still configured the tests")
endif()

execute_process(COMMAND "${CMAKE_COMMAND}" ${common} -B "${WORK_DIR}/on" -DBATCHLAPACK_BUILD_TESTS=ON
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "GoogleTest[ \n]+was[ \n]+not[ \n]+found")
  message(FATAL_ERROR "-DBATCHLAPACK_BUILD_TESTS=ON without GoogleTest did not stop with a message (${rc}):\n${err}")
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
