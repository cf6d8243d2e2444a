# The code generated at build time from the routine table, core/routines.py, by
# core/gen/generate.py (which says what each file holds): the public family headers and their C++
# overloads, the operation structs' members (core/op_args.hpp) and the extern "C" entry points of
# the precisions in BATCHLAPACK_PRECISIONS (cmake/units.cmake). Nothing generated is committed.
# Defines
#   BATCHLAPACK_GENERATED_DIR      where the files are written: include/ (public headers, the MAGMA
#                                  compatibility header), core/ (for the core's include path),
#                                  interface_c/ (entry points), fortran/ (the Fortran module's
#                                  routines), magma/ (the MAGMA compatibility library's headers
#                                  and routines), tests/ (the argument-numbering tests)
#   BATCHLAPACK_GENERATED_SOURCES  the entry points, compiled into the core layer
#   batchlapack_generated          the target that writes them; every target that compiles with a
#                                  generated header depends on it
find_package(Python3 COMPONENTS Interpreter REQUIRED)

string(REPLACE ";" "" _bl_precisions "${BATCHLAPACK_PRECISIONS}")  # "s;d;c;z" -> --precisions sdcz

set(BATCHLAPACK_GENERATED_DIR ${CMAKE_BINARY_DIR}/generated)
set(_bl_table ${PROJECT_SOURCE_DIR}/core/routines.py)
file(GLOB _bl_generator CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/core/gen/*.py)
# -B: no __pycache__ written into the source tree.
set(_bl_generate ${Python3_EXECUTABLE} -B ${PROJECT_SOURCE_DIR}/core/gen/generate.py
    --out ${BATCHLAPACK_GENERATED_DIR} --precisions ${_bl_precisions})
# Beside the C API: the MAGMA compatibility header (include/batchlapack_magma.h) and library's
# sources (magma/: cmake/compat_magma.cmake, which compiles them only when the library is built;
# generating them costs nothing), oneMKL's names
# (include/batchlapack_mkl.h, include/batchlapack/mkl/, compat/mkl.c: cmake/compat_mkl.cmake),
# the Fortran module's routines (fortran/, included by interface_fortran/batchlapack.F90), and the
# argument-numbering tests and the argument fuzzer's entry points (tests/).
list(APPEND _bl_generate --compat --magma_lib)
if(BATCHLAPACK_WITH_MKL_COMPAT)
  list(APPEND _bl_generate --compat_mkl)
endif()
if(BATCHLAPACK_WITH_FORTRAN)
  list(APPEND _bl_generate --fortran)
endif()
if(BATCHLAPACK_TESTS)
  list(APPEND _bl_generate --argtests --fuzz)
endif()

# Which files a run writes follows from the table (its families) and the precisions: the
# generator says, and CMake configures again when the table or the generator changes.
execute_process(COMMAND ${_bl_generate} --list
                OUTPUT_VARIABLE _bl_generated ERROR_VARIABLE _bl_error RESULT_VARIABLE _bl_status)
if(NOT _bl_status EQUAL 0)
  message(FATAL_ERROR "core/gen/generate.py --list failed:\n${_bl_error}")
endif()
string(STRIP "${_bl_generated}" _bl_generated)
string(REPLACE "\n" ";" _bl_generated "${_bl_generated}")
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_bl_table} ${_bl_generator})

# The generator rewrites only the files whose text changes, and the stamp says when it last ran:
# an edit of one entry recompiles what that entry feeds, not the whole library (the files are
# byproducts, so their time stamps need not move). A generated file deleted by hand comes back
# with the stamp deleted too.
add_custom_command(
  OUTPUT ${BATCHLAPACK_GENERATED_DIR}/stamp
  BYPRODUCTS ${_bl_generated}
  COMMAND ${_bl_generate}
  COMMAND ${CMAKE_COMMAND} -E touch ${BATCHLAPACK_GENERATED_DIR}/stamp
  DEPENDS ${_bl_table} ${_bl_generator}
  COMMENT "Generating the C API from core/routines.py (precisions ${_bl_precisions})"
  VERBATIM)
add_custom_target(batchlapack_generated DEPENDS ${BATCHLAPACK_GENERATED_DIR}/stamp)

set(BATCHLAPACK_GENERATED_SOURCES ${_bl_generated})
list(FILTER BATCHLAPACK_GENERATED_SOURCES INCLUDE REGEX "/interface_c/[^/]*\\.cpp$")
