# Run by the `install` test (see CMakeLists.txt here) with BUILD_DIR, CONSUMER_DIR, WORK_DIR,
# GENERATOR, C_COMPILER, PKG_CONFIG, EXPECT_CUDA and EXPECT_FORTRAN (what the build had, ON or OFF)
# defined.

include("${CMAKE_CURRENT_LIST_DIR}/install_prefix.cmake")

# 1. A CMake project that finds the package in the prefix, and only there, and checks that the
#    package's components and batchlapack_WITH_* say what the build had.
consume_with_find_package("${CONSUMER_DIR}" "-DCMAKE_C_COMPILER=${C_COMPILER}"
                          "-DEXPECT_CUDA=${EXPECT_CUDA}" "-DEXPECT_FORTRAN=${EXPECT_FORTRAN}")

# 2. The same program compiled with pkg-config's flags.
file(GLOB_RECURSE pc_file "${prefix}/*/batchlapack.pc")
if(NOT pc_file)
  message(FATAL_ERROR "batchlapack.pc is not installed under ${prefix}")
endif()
get_filename_component(pc_dir "${pc_file}" DIRECTORY)
pkg_config_flags(flags batchlapack "${pc_dir}" batchlapack)
# No run path of the test's own: pkg-config's Libs carry it.
step("build consumer (pkg-config)" "${C_COMPILER}" "${CONSUMER_DIR}/consumer.c" ${flags}
     -o "${WORK_DIR}/consumer-pc")
step("run consumer (pkg-config)" "${WORK_DIR}/consumer-pc")
