# Run by the fortran.install test (CMakeLists.txt here) with BUILD_DIR, SOURCE_DIR (tests/fortran),
# WORK_DIR, GENERATOR, Fortran_COMPILER, PKG_CONFIG, LIBDIR and INCLUDEDIR (relative to the
# prefix) defined. Installs the build into a scratch prefix and builds Fortran programs against it
# three ways: the compiler alone (-I -L -lbatchlapack), pkg-config's flags, and a CMake project
# using find_package(batchlapack); plus the fixed-form legacy file. Each program is run.

include("${CMAKE_CURRENT_LIST_DIR}/../install/install_prefix.cmake")
set(rpath "-Wl,-rpath,${prefix}/${LIBDIR}")

# 1. The compiler alone, as a Makefile of a legacy code would do it; free and fixed form.
foreach(source install/consumer.f90 legacy_fixed.f)
  get_filename_component(name "${source}" NAME_WE)
  step("build ${name} (-I -L -lbatchlapack)" "${Fortran_COMPILER}" "${SOURCE_DIR}/${source}"
       "-I${prefix}/${INCLUDEDIR}" "-L${prefix}/${LIBDIR}" -lbatchlapack ${rpath}
       -J "${WORK_DIR}" -o "${WORK_DIR}/${name}-plain")
  step("run ${name} (-I -L -lbatchlapack)" "${WORK_DIR}/${name}-plain")
endforeach()

# 2. pkg-config's flags (its Cflags -I is the directory of the module file too).
set(ENV{PKG_CONFIG_PATH} "${prefix}/${LIBDIR}/pkgconfig")
# --define-prefix: the prefix is where the .pc file lies, not the configured one (a scratch prefix).
execute_process(COMMAND "${PKG_CONFIG}" --define-prefix --cflags --libs batchlapack OUTPUT_VARIABLE flags
                RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0 OR NOT flags MATCHES "-lbatchlapack")
  message(FATAL_ERROR "pkg-config --cflags --libs batchlapack gave '${flags}' (${rc})")
endif()
separate_arguments(flags UNIX_COMMAND "${flags}")
# No run path of the test's own: pkg-config's Libs carry it.
step("build consumer (pkg-config)" "${Fortran_COMPILER}" "${SOURCE_DIR}/install/consumer.f90" ${flags}
     -J "${WORK_DIR}" -o "${WORK_DIR}/consumer-pc")
step("run consumer (pkg-config)" "${WORK_DIR}/consumer-pc")

# 3. A CMake project that finds the package in the prefix, and only there.
consume_with_find_package("${SOURCE_DIR}/install" "-DCMAKE_Fortran_COMPILER=${Fortran_COMPILER}")
