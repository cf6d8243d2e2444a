# Run by the tests install.magma and gpu.magma.client (tests/CMakeLists.txt) with BUILD_DIR,
# WORK_DIR, SOURCE_DIR (this folder), GENERATOR, C_COMPILER, PKG_CONFIG and RUN (ON: also run
# the client) defined: installs the build into a scratch prefix, then builds the MAGMA client of
# this folder against <prefix>/magma the ways a MAGMA client does -- its CMake project
# (find_library(magma) and find_path(magma_v2.h) under MAGMA_DIR, or under CMAKE_PREFIX_PATH)
# and pkg-config's flags for `magma` -- and, with RUN, runs the first and the last. The client
# exits 77 where no device is usable: the test then prints GoogleTest's skip mark, which CTest
# reports as skipped.
include("${SOURCE_DIR}/../install/install_prefix.cmake")
set(magma "${prefix}/magma")

function(run_client exe)
  if(NOT RUN)
    return()
  endif()
  execute_process(COMMAND "${exe}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(rc EQUAL 77)
    message(STATUS "[  SKIPPED ] ${exe}: no usable CUDA device")
  elseif(NOT rc EQUAL 0)
    message(FATAL_ERROR "${exe} failed (${rc}):\n${out}")
  else()
    message(STATUS "${exe}: ${out}")
  endif()
endfunction()

# The client's configuration in `build` found the header and library in <prefix>/magma.
function(expect_found_in_prefix build)
  file(STRINGS "${build}/CMakeCache.txt" found REGEX "^MAGMA_(LIBRARY|INCLUDE_DIR):")
  foreach(line IN LISTS found)
    if(NOT line MATCHES "=${magma}/")
      message(FATAL_ERROR "the client found MAGMA outside ${magma}: ${line}")
    endif()
  endforeach()
endfunction()

# 1. The client's CMake project with MAGMA_DIR, which must find the library and header there.
step("configure client (find_library)" "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${WORK_DIR}/cmake"
     -G "${GENERATOR}" "-DCMAKE_C_COMPILER=${C_COMPILER}" "-DMAGMA_DIR=${magma}"
     -DCMAKE_BUILD_TYPE=Release)
expect_found_in_prefix("${WORK_DIR}/cmake")
step("build client (find_library)" "${CMAKE_COMMAND}" --build "${WORK_DIR}/cmake")
run_client("${WORK_DIR}/cmake/newton")

# 2. The same project finding MAGMA through CMAKE_PREFIX_PATH (its include/ and lib/), as the
#    README says; built, not run again.
step("configure client (CMAKE_PREFIX_PATH)" "${CMAKE_COMMAND}" -S "${SOURCE_DIR}"
     -B "${WORK_DIR}/prefix-path" -G "${GENERATOR}" "-DCMAKE_C_COMPILER=${C_COMPILER}"
     "-DCMAKE_PREFIX_PATH=${magma}")
expect_found_in_prefix("${WORK_DIR}/prefix-path")
step("build client (CMAKE_PREFIX_PATH)" "${CMAKE_COMMAND}" --build "${WORK_DIR}/prefix-path")

# 3. The same program compiled with pkg-config's flags, which carry the run paths.
pkg_config_flags(flags magma "${magma}/lib/pkgconfig" magma)
step("build client (pkg-config)" "${C_COMPILER}" "${SOURCE_DIR}/newton.c" ${flags} -lm
     -o "${WORK_DIR}/newton-pc")
run_client("${WORK_DIR}/newton-pc")
