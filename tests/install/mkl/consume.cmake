# Run by the install.mkl test (tests/CMakeLists.txt) with BUILD_DIR, WORK_DIR, SOURCE_DIR (this
# folder), C_COMPILER, Fortran_COMPILER (empty without Fortran), LIBDIR and INCLUDEDIR (relative
# to the prefix) defined: installs the build into a scratch prefix and builds and runs a oneMKL
# program in C and in Fortran with the README's lines ("oneMKL names"), and a CMake project
# linking batchlapack::batchlapack_mkl.
include("${SOURCE_DIR}/../install_prefix.cmake")
set(lib "${prefix}/${LIBDIR}")
step("build C (README line)" "${C_COMPILER}" "${SOURCE_DIR}/consumer.c" "-I${prefix}/${INCLUDEDIR}/batchlapack/mkl"
     "-I${prefix}/${INCLUDEDIR}" "-L${lib}" -lbatchlapack_mkl -lbatchlapack "-Wl,-rpath,${lib}"
     -o "${WORK_DIR}/consumer-c")
step("run C" "${WORK_DIR}/consumer-c")
if(Fortran_COMPILER)
  step("build Fortran (README line)" "${Fortran_COMPILER}" "${SOURCE_DIR}/consumer.f90" "-L${lib}"
       -lbatchlapack_mkl -lbatchlapack "-Wl,-rpath,${lib}" -o "${WORK_DIR}/consumer-f")
  step("run Fortran" "${WORK_DIR}/consumer-f")
endif()
file(WRITE "${WORK_DIR}/project/CMakeLists.txt" "cmake_minimum_required(VERSION 3.20)
project(consumer C)
find_package(batchlapack REQUIRED)
add_executable(consumer \"${SOURCE_DIR}/consumer.c\")
target_link_libraries(consumer PRIVATE batchlapack::batchlapack_mkl)
")
consume_with_find_package("${WORK_DIR}/project" "-DCMAKE_C_COMPILER=${C_COMPILER}")
