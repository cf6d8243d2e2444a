# oneMKL's batch names over batchlapack (BATCHLAPACK_WITH_MKL_COMPAT): the library
# libbatchlapack_mkl, built from compat/mkl.c, which core/gen/compat_mkl.py generates with the
# header batchlapack_mkl.h and the folder include/batchlapack/mkl/ of headers named as oneMKL's
# (mkl.h, mkl_lapack.h, mkl_cblas.h, mkl_types.h), installed with the other generated headers. A
# consumer links -lbatchlapack_mkl -lbatchlapack (CMake: batchlapack::batchlapack_mkl, whose
# include path serves #include "mkl.h").
set(_bl_mkl_source ${BATCHLAPACK_GENERATED_DIR}/compat/mkl.c)
set_source_files_properties(${_bl_mkl_source} PROPERTIES GENERATED ON)
add_library(batchlapack_mkl SHARED ${_bl_mkl_source})
add_library(batchlapack::batchlapack_mkl ALIAS batchlapack_mkl)
add_dependencies(batchlapack_mkl batchlapack_generated)
# It finds libbatchlapack beside itself ($ORIGIN): a program's own rpath (a DT_RUNPATH, what
# linkers write by default now) serves only the program's direct dependencies, and a program
# calling oneMKL's names alone has no direct use of libbatchlapack (--as-needed drops it).
set_target_properties(batchlapack_mkl PROPERTIES VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR}
                                                 C_STANDARD 99 C_STANDARD_REQUIRED ON
                                                 INSTALL_RPATH "$ORIGIN")
target_compile_options(batchlapack_mkl PRIVATE $<$<C_COMPILER_ID:GNU,Clang>:-Wall -Wextra>)
target_include_directories(batchlapack_mkl
  PUBLIC $<BUILD_INTERFACE:${BATCHLAPACK_GENERATED_DIR}/include/batchlapack/mkl>
         $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/batchlapack/mkl>)
target_link_libraries(batchlapack_mkl PUBLIC batchlapack)
install(TARGETS batchlapack_mkl EXPORT batchlapackTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
