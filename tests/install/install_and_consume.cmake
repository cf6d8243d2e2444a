# Run by the `install` test (see CMakeLists.txt here) with BUILD_DIR, CONSUMER_DIR, WORK_DIR,
# GENERATOR, C_COMPILER and PKG_CONFIG defined.

# Runs a command; on failure stops the test with its output.
function(step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${ARGN}\n${out}")
  endif()
  message(STATUS "${what}: ok")
endfunction()

file(REMOVE_RECURSE "${WORK_DIR}")
set(prefix "${WORK_DIR}/prefix")
step("cmake --install" "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${prefix}")

# 1. A CMake project that finds the package in the prefix, and only there.
step("configure consumer (find_package)" "${CMAKE_COMMAND}" -S "${CONSUMER_DIR}" -B "${WORK_DIR}/cmake"
     -G "${GENERATOR}" "-DCMAKE_C_COMPILER=${C_COMPILER}" "-DCMAKE_PREFIX_PATH=${prefix}"
     -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_BUILD_TYPE=Release)
file(STRINGS "${WORK_DIR}/cmake/CMakeCache.txt" found REGEX "^batchlapack_DIR:")
if(NOT found MATCHES "${prefix}/")
  message(FATAL_ERROR "find_package(batchlapack) found the package outside the prefix: ${found}")
endif()
step("build consumer (find_package)" "${CMAKE_COMMAND}" --build "${WORK_DIR}/cmake")
step("run consumer (find_package)" "${WORK_DIR}/cmake/consumer")

# 2. The same program compiled with pkg-config's flags.
file(GLOB_RECURSE pc_file "${prefix}/*/batchlapack.pc")
if(NOT pc_file)
  message(FATAL_ERROR "batchlapack.pc is not installed under ${prefix}")
endif()
get_filename_component(pc_dir "${pc_file}" DIRECTORY)
set(ENV{PKG_CONFIG_PATH} "${pc_dir}")
execute_process(COMMAND "${PKG_CONFIG}" --cflags --libs batchlapack OUTPUT_VARIABLE flags
                RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE)
execute_process(COMMAND "${PKG_CONFIG}" --variable=libdir batchlapack OUTPUT_VARIABLE libdir
                OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0 OR NOT flags MATCHES "-lbatchlapack")
  message(FATAL_ERROR "pkg-config --cflags --libs batchlapack gave '${flags}' (${rc})")
endif()
separate_arguments(flags UNIX_COMMAND "${flags}")
step("build consumer (pkg-config)" "${C_COMPILER}" "${CONSUMER_DIR}/consumer.c" ${flags}
     "-Wl,-rpath,${libdir}" -o "${WORK_DIR}/consumer-pc")
step("run consumer (pkg-config)" "${WORK_DIR}/consumer-pc")
