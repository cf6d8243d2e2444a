# Run by the test `install.docs` (see CMakeLists.txt here) with BUILD_DIR, SOURCE_DIR (the
# repository), WORK_DIR, GENERATOR, LIBDIR (relative to the prefix) and WITH_FORTRAN (ON or OFF)
# defined. The build lines the documentation gives users, taken from the markdown itself so that
# the two cannot drift: every fenced block right after the line
#     <!-- tested: install.docs -->
# in README.md and docs/fortran.md. Each is run against a scratch install prefix (outside every
# folder the loader searches), written in the docs as /opt/batchlapack or <prefix>:
#   ```sh     each line a command in one shell, in a folder holding the programs the lines name
#             (myprog.c, myprog.cpp, prog.f90, prog_i8.f90, and the examples lu_solve.c,
#             block_jacobi.f90);
#             a program a line leaves in a.out is run (by the block's own ./a.out line, or
#             else by the test), and must succeed.
#   ```cmake  a whole CMakeLists.txt: configured with -DCMAKE_PREFIX_PATH=<prefix>, built, and
#             every add_executable of it run.
# Nothing runs with LD_LIBRARY_PATH: a program must start by what its link line put into it.
# What needs Fortran (a gfortran line and the run of its program, a CMake block of LANGUAGES
# Fortran) is left out of a build without the module, and says so.

cmake_minimum_required(VERSION 3.20)   # lists keep their empty elements (CMP0007)
include("${CMAKE_CURRENT_LIST_DIR}/install_prefix.cmake")
set(ENV{OMP_NUM_THREADS} 2)          # the examples' batched calls: the tests run two at a time
# The pkg-config lines find the package as the README's "Install and use" says to.
set(ENV{PKG_CONFIG_PATH} "${prefix}/${LIBDIR}/pkgconfig")

# The files the documented lines name, under those names.
set(user_files
  myprog.c         tests/install/consumer/consumer.c
  myprog.cpp       tests/install/consumer/consumer.cpp
  prog.f90         tests/fortran/install/consumer.f90
  prog_i8.f90      tests/fortran/install/consumer_i8.f90
  lu_solve.c       examples/c/lu_solve.c
  block_jacobi.f90 examples/fortran/block_jacobi.f90)
function(user_folder dir)
  file(MAKE_DIRECTORY "${dir}")
  set(list ${user_files})
  while(list)
    list(POP_FRONT list name source)
    configure_file("${SOURCE_DIR}/${source}" "${dir}/${name}" COPYONLY)
  endwhile()
endfunction()

set(blocks 0)
set(ran 0)
foreach(doc README.md docs/fortran.md)
  file(STRINGS "${SOURCE_DIR}/${doc}" lines)
  set(state none)                    # none, marked (the next line opens the block), inside
  set(in_doc 0)
  foreach(line IN LISTS lines)
    if(state STREQUAL "none")
      if(line MATCHES "^<!-- tested: install.docs -->$")
        set(state marked)
      endif()
    elseif(state STREQUAL "marked")
      if(NOT line MATCHES "^```(sh|cmake)$")
        message(FATAL_ERROR "${doc}: the line after '<!-- tested: install.docs -->' must open a "
                            "```sh or ```cmake block, not '${line}'")
      endif()
      set(kind "${CMAKE_MATCH_1}")
      set(body "")
      set(state inside)
    elseif(NOT line STREQUAL "```")
      string(REPLACE "<prefix>" "${prefix}" line "${line}")
      string(REPLACE "/opt/batchlapack" "${prefix}" line "${line}")
      string(APPEND body "${line}\n")
    else()
      set(state none)
      math(EXPR blocks "${blocks} + 1")
      math(EXPR in_doc "${in_doc} + 1")
      set(dir "${WORK_DIR}/block${blocks}")
      if(NOT WITH_FORTRAN AND body MATCHES "LANGUAGES Fortran")
        message(STATUS "${doc}, block ${in_doc}: needs the Fortran module, which this build lacks: "
                       "not run")
        continue()
      endif()
      user_folder("${dir}")
      if(kind STREQUAL "sh")
        # Each command, then its a.out if it left one.
        set(script "set -eux\n")
        string(REGEX REPLACE "\n$" "" body "${body}")
        string(REPLACE "\n" ";" commands "${body}")
        list(FILTER commands EXCLUDE REGEX "^[ ]*(#|$)")
        if(NOT WITH_FORTRAN AND commands MATCHES "gfortran")
          # The Fortran lines, and the run of what they build, need the module.
          set(kept)
          set(skip OFF)
          foreach(command IN LISTS commands)
            if(command MATCHES "gfortran" OR (skip AND command MATCHES "^[.]/a[.]out"))
              message(STATUS "${doc}, block ${in_doc}: needs the Fortran module, which this build "
                             "lacks: not run: ${command}")
              set(skip ON)
            else()
              list(APPEND kept "${command}")
              set(skip OFF)
            endif()
          endforeach()
          set(commands ${kept})
          if(NOT commands)
            continue()
          endif()
        endif()
        list(APPEND commands "")     # the lookahead of the last command
        list(LENGTH commands count)
        math(EXPR last "${count} - 2")
        foreach(i RANGE ${last})
          math(EXPR next "${i} + 1")
          list(GET commands ${i} command)
          list(GET commands ${next} following)
          string(APPEND script "${command}\n")
          # A block that runs its program (./a.out ...) runs it itself; else the test does.
          if(command MATCHES "^[.]/a[.]out")
            string(APPEND script "rm a.out; echo '(ran a.out)'\n")
          elseif(NOT following MATCHES "^[.]/a[.]out")
            string(APPEND script
                   "if [ -e a.out ]; then ./a.out; rm a.out; echo '(ran a.out)'; fi\n")
          endif()
        endforeach()
        file(WRITE "${dir}/commands.sh" "${script}")
        execute_process(COMMAND bash commands.sh WORKING_DIRECTORY "${dir}"
                        RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
        if(NOT rc EQUAL 0)
          message(FATAL_ERROR "${doc}, block ${in_doc} failed (${rc}):\n${out}")
        endif()
        string(REGEX MATCHALL "(^|\n)\\(ran a.out\\)" runs "${out}")
        list(LENGTH runs n)
        math(EXPR ran "${ran} + ${n}")
        message(STATUS "${doc}, block ${in_doc}: ok, ${n} programs built and run")
      else()
        file(WRITE "${dir}/CMakeLists.txt" "${body}")
        step("${doc}, block ${in_doc}: configure" "${CMAKE_COMMAND}" -S "${dir}" -B "${dir}/build"
             -G "${GENERATOR}" "-DCMAKE_PREFIX_PATH=${prefix}"
             -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
        step("${doc}, block ${in_doc}: build" "${CMAKE_COMMAND}" --build "${dir}/build")
        string(REGEX MATCHALL "add_executable\\([A-Za-z0-9_]+" programs "${body}")
        if(NOT programs)
          message(FATAL_ERROR "${doc}, block ${in_doc}: a CMake block builds no program:\n${body}")
        endif()
        foreach(program IN LISTS programs)
          string(REPLACE "add_executable(" "" program "${program}")
          step("${doc}, block ${in_doc}: run ${program}" "${dir}/build/${program}")
          math(EXPR ran "${ran} + 1")
        endforeach()
      endif()
    endif()
  endforeach()
  if(in_doc EQUAL 0)
    message(FATAL_ERROR "${doc} has no block marked '<!-- tested: install.docs -->'")
  endif()
endforeach()
if(ran EQUAL 0)
  message(FATAL_ERROR "no documented program was built and run")
endif()
message(STATUS "${blocks} documented blocks, ${ran} programs built and run")
