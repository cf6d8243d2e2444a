# Precisions and build units.
#
# BATCHLAPACK_PRECISIONS: the precisions the library is built for. A release has all four; a
# developer working on one routine may build "d" alone, which compiles in a fraction of the time
# (the entry points, kernels and tests of the others are then left out).
set(BATCHLAPACK_PRECISIONS "s;d;c;z" CACHE STRING "Precisions to build, a list of s, d, c, z (all four for a release)")
set(_bl_types_s "float")
set(_bl_types_d "double")
set(_bl_types_c "std::complex<float>")
set(_bl_types_z "std::complex<double>")
set(_bl_list "")
set(_bl_with "")
set(_bl_types "")
foreach(p IN LISTS BATCHLAPACK_PRECISIONS)
  if(NOT p MATCHES "^[sdcz]$")
    message(FATAL_ERROR "BATCHLAPACK_PRECISIONS: '${p}' is not one of s, d, c, z")
  endif()
  string(APPEND _bl_list " X(${p}, ${_bl_types_${p}})")
  string(APPEND _bl_with " M(a, ${_bl_types_${p}})")
  list(APPEND _bl_types "${_bl_types_${p}}")
endforeach()
if(_bl_list STREQUAL "")
  message(FATAL_ERROR "BATCHLAPACK_PRECISIONS is empty")
endif()
string(REPLACE ";" ", " _bl_types "${_bl_types}")
# core/precisions.hpp includes it; the tests take their list of types from it. It is private:
# generated/core, not the installed generated/include.
set(BATCHLAPACK_GENERATED_INCLUDE ${PROJECT_BINARY_DIR}/generated/core)
file(CONFIGURE OUTPUT ${BATCHLAPACK_GENERATED_INCLUDE}/enabled_precisions.hpp CONTENT
"// Written by CMake (cmake/units.cmake) from BATCHLAPACK_PRECISIONS = ${BATCHLAPACK_PRECISIONS}.
#pragma once
#include <complex>
#define BL_ENABLED_PRECISIONS(X)${_bl_list}
#define BL_ENABLED_PRECISIONS_WITH(M, a)${_bl_with}
#define BL_ENABLED_TYPES ${_bl_types}
")

# batchlapack_precision_units(OUT source...): for each source, one build unit per precision of
# the build: a generated file that defines BL_UNIT_<p> and includes the source, which then
# instantiates its templates for that precision alone (core/precisions.hpp). The four precisions
# of a family then compile in parallel rather than one after the other in one unit.
function(batchlapack_precision_units out)
  _batchlapack_units(units "${BATCHLAPACK_PRECISIONS}" "" ${ARGN})
  set(${out} ${units} PARENT_SCOPE)
endfunction()

# The instruction sets the CPU kernels that are compiled once per instruction set are built for
# (src_cpu/isa.hpp): `base`, the target of the rest of the library, `v3`, x86-64-v3 (AVX2, FMA),
# and `v4`, x86-64-v4 (AVX-512), where the compiler targets x86-64 and takes their -march. The
# library chooses among them at run time. BATCHLAPACK_ISAS: those of the tiny-matrix group kernels
# (base and v3: src_cpu/small_dispatch.hpp); BATCHLAPACK_TILED_ISAS: those of the tiled kernels
# (src_cpu/tiled.hpp), which need fused multiply-adds and wide vectors: v3 and v4 on x86-64, base
# on aarch64 (NEON is in every aarch64 processor), none elsewhere.
set(BATCHLAPACK_ISAS base)
set(BATCHLAPACK_TILED_ISAS "")
set(_bl_isa_flags_base "")
set(_bl_isa_flags_v3 -march=x86-64-v3)
set(_bl_isa_flags_v4 -march=x86-64-v4)
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$" AND CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  include(CheckCXXCompilerFlag)
  check_cxx_compiler_flag(-march=x86-64-v3 BATCHLAPACK_HAVE_MARCH_X86_64_V3)
  check_cxx_compiler_flag(-march=x86-64-v4 BATCHLAPACK_HAVE_MARCH_X86_64_V4)
  if(BATCHLAPACK_HAVE_MARCH_X86_64_V3)
    list(APPEND BATCHLAPACK_ISAS v3)
    list(APPEND BATCHLAPACK_TILED_ISAS v3)
  endif()
  if(BATCHLAPACK_HAVE_MARCH_X86_64_V4)
    list(APPEND BATCHLAPACK_TILED_ISAS v4)
  endif()
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64)$" AND CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  list(APPEND BATCHLAPACK_TILED_ISAS base)
endif()
# BATCHLAPACK_X86_BASE_KERNELS=OFF leaves the group and trsv kernels' `base` units out where the
# build has their v3 ones: processors without AVX2 and FMA (and BATCHLAPACK_CPU_ISA=base) then run
# LAPACK at the orders those kernels take (small_dispatch.cpp). For builds that only run on
# x86-64-v3 or later: scripts/sanitize.sh's ASan build, whose runs never reach those units, saves
# their compile time (docs/decisions.md, "CI's time on two cores").
option(BATCHLAPACK_X86_BASE_KERNELS "Build the x86-64 baseline's units of the group and trsv kernels (off: LAPACK at their orders without AVX2)" ON)
if(NOT BATCHLAPACK_X86_BASE_KERNELS AND "v3" IN_LIST BATCHLAPACK_ISAS)
  list(REMOVE_ITEM BATCHLAPACK_ISAS base)
endif()

# batchlapack_isa_units(OUT source... [ISAS isa...] [PRECISIONS p...]): as
# batchlapack_precision_units, each unit once per instruction set of ISAS (BATCHLAPACK_ISAS when
# not given): a unit that also defines BL_ISA (base, v3, v4) and is compiled with that instruction
# set's flags; PRECISIONS, a part of BATCHLAPACK_PRECISIONS, for a unit only some types run.
function(batchlapack_isa_units out)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "ISAS;PRECISIONS")
  if(NOT DEFINED arg_ISAS AND NOT "ISAS" IN_LIST arg_KEYWORDS_MISSING_VALUES)
    set(arg_ISAS ${BATCHLAPACK_ISAS})
  endif()
  set(precisions ${BATCHLAPACK_PRECISIONS})
  if(DEFINED arg_PRECISIONS)
    set(precisions ${arg_PRECISIONS})
  endif()
  set(units "")
  if(arg_ISAS)
    _batchlapack_units(units "${precisions}" "${arg_ISAS}" ${arg_UNPARSED_ARGUMENTS})
  endif()
  set(${out} ${units} PARENT_SCOPE)
endfunction()

# The units of the sources for each precision of `precisions` and, where `isas` is not empty,
# each instruction set of it.
function(_batchlapack_units out precisions isas)
  set(units "")
  foreach(src IN LISTS ARGN)
    get_filename_component(abs ${src} ABSOLUTE)
    get_filename_component(name ${src} NAME_WE)
    get_filename_component(ext ${src} LAST_EXT)
    file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR} ${abs})
    get_filename_component(dir ${rel} DIRECTORY)
    foreach(p IN LISTS precisions)
      if(isas STREQUAL "")
        set(unit ${PROJECT_BINARY_DIR}/generated/units/${dir}/${name}_${p}${ext})
        file(CONFIGURE OUTPUT ${unit} CONTENT
"// ${rel} for precision ${p} alone (cmake/units.cmake).
#define BL_UNIT_${p} 1
#include \"${abs}\"
")
        list(APPEND units ${unit})
        continue()
      endif()
      foreach(isa IN LISTS isas)
        set(unit ${PROJECT_BINARY_DIR}/generated/units/${dir}/${name}_${p}_${isa}${ext})
        file(CONFIGURE OUTPUT ${unit} CONTENT
"// ${rel} for precision ${p} and instruction set ${isa} alone (cmake/units.cmake).
#define BL_UNIT_${p} 1
#define BL_ISA ${isa}
#include \"${abs}\"
")
        if(_bl_isa_flags_${isa})
          set_property(SOURCE ${unit} APPEND PROPERTY COMPILE_OPTIONS ${_bl_isa_flags_${isa}})
        endif()
        list(APPEND units ${unit})
      endforeach()
    endforeach()
  endforeach()
  set(${out} ${units} PARENT_SCOPE)
endfunction()
