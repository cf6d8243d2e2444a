# Shared by the install tests (C and Fortran consumers), run with cmake -P and WORK_DIR and
# BUILD_DIR defined: installs the build tree into a scratch prefix ${prefix}, and defines step(),
# consume_with_find_package() and pkg_config_flags().
# Runs a command; on failure stops the test with its output.
function(step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${ARGN}\n${out}")
  endif()
  message(STATUS "${what}: ok")
endfunction()

# The programs built against the prefix must start by what their link lines put into them.
unset(ENV{LD_LIBRARY_PATH})

file(REMOVE_RECURSE "${WORK_DIR}")
set(prefix "${WORK_DIR}/prefix")
step("cmake --install" "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${prefix}")

# Configures, builds and runs the consumer CMake project in `source` (compiler chosen by
# `compiler_flag`, e.g. -DCMAKE_C_COMPILER=cc), after checking that find_package(batchlapack)
# found the package in the prefix and nowhere else. The project builds an executable `consumer`.
# Further arguments are passed to its configuration.
function(consume_with_find_package source compiler_flag)
  step("configure consumer (find_package)" "${CMAKE_COMMAND}" -S "${source}" -B "${WORK_DIR}/cmake"
       -G "${GENERATOR}" "${compiler_flag}" ${ARGN} "-DCMAKE_PREFIX_PATH=${prefix}"
       -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_BUILD_TYPE=Release)
  file(STRINGS "${WORK_DIR}/cmake/CMakeCache.txt" found REGEX "^batchlapack_DIR:")
  if(NOT found MATCHES "${prefix}/")
    message(FATAL_ERROR "find_package(batchlapack) found the package outside the prefix: ${found}")
  endif()
  step("build consumer (find_package)" "${CMAKE_COMMAND}" --build "${WORK_DIR}/cmake")
  step("run consumer (find_package)" "${WORK_DIR}/cmake/consumer")
endfunction()

# The flags `pkg-config --cflags --libs <package>` gives with <package>.pc found in pc_dir alone,
# as a list, into `out`; stops the test when pkg-config fails or gives no -l<library>.
function(pkg_config_flags out package pc_dir library)
  set(ENV{PKG_CONFIG_PATH} "${pc_dir}")
  execute_process(COMMAND "${PKG_CONFIG}" --cflags --libs ${package} OUTPUT_VARIABLE flags
                  RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT rc EQUAL 0 OR NOT flags MATCHES "-l${library}")
    message(FATAL_ERROR "pkg-config --cflags --libs ${package} gave '${flags}' (${rc})")
  endif()
  separate_arguments(flags UNIX_COMMAND "${flags}")
  set(${out} ${flags} PARENT_SCOPE)
endfunction()
