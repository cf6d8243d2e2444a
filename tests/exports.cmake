# Run by the tests cpu.exports and cpu.exports.magma (tests/CMakeLists.txt) with NM and LIBRARY
# defined, and PUBLIC (a regular expression of the public names) and MINIMUM (how many there are
# at least) for a library other than libbatchlapack: fails when the shared library defines a dynamic symbol outside its public API.
# libbatchlapack's (cmake/exports.map): a bl_* C name, or a procedure of the Fortran modules
# batchlapack, batchlapack_i8 and batchlapack_messages (gfortran's __<module>_MOD_*, Intel's
# <module>_mp_*).
if(NOT DEFINED PUBLIC)
  set(PUBLIC "^(bl_|__batchlapack(_i8|_messages)?_MOD_|batchlapack(_i8|_messages)?_mp_)")
  set(MINIMUM 100)
endif()
execute_process(COMMAND "${NM}" -D --defined-only "${LIBRARY}" RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${NM} -D --defined-only ${LIBRARY} failed (${rc}): ${err}")
endif()
string(REPLACE "\n" ";" lines "${out}")
set(public 0)
set(stray "")
foreach(line IN LISTS lines)
  # "<address> <type> <name>", the name possibly with a version suffix (@@VERS).
  if(NOT line MATCHES "^[0-9a-fA-F]+ [A-Za-z] ([^ @]+)")
    continue()
  endif()
  set(name "${CMAKE_MATCH_1}")
  if(name MATCHES "${PUBLIC}")
    math(EXPR public "${public} + 1")
  else()
    list(APPEND stray "${name}")
  endif()
endforeach()
list(LENGTH stray n_stray)
if(n_stray GREATER 0)
  list(JOIN stray "\n  " listing)
  message(FATAL_ERROR "${LIBRARY} exports ${n_stray} symbols outside the public API:\n  ${listing}")
endif()
# An empty or unreadable symbol table would pass the loop above; the API has hundreds of names.
if(public LESS MINIMUM)
  message(FATAL_ERROR "${LIBRARY} exports only ${public} public symbols:\n${out}")
endif()
message(STATUS "${LIBRARY}: ${public} public symbols, nothing else")
