# The MAGMA compatibility library (BATCHLAPACK_WITH_MAGMA_COMPAT, on by default with the CUDA
# backend): libmagma.so, MAGMA's names over batchlapack, for codes that replace MAGMA by pointing
# their MAGMA directory at <prefix>/magma (docs/decisions.md, "Other libraries' names"). Its
# routines are generated from the routine table (core/gen/magma_lib.py: magma/magma.cpp and the
# headers magma_v2.h, magma_types.h); its runtime is compat/magma/ (queues, memory, copies, the
# pointer kernels). It needs the CUDA runtime for its queues and memory.
#
# Installed apart from batchlapack, as a MAGMA installation is laid out:
#   <prefix>/magma/include/  magma_v2.h, magma.h, magma_types.h, magma_auxiliary.h
#   <prefix>/magma/lib/      libmagma.so (finding libbatchlapack in <prefix>/<libdir> by its run
#                            path), pkgconfig/magma.pc
# so that -I<prefix>/include of a batchlapack user never sees a magma_v2.h, and a MAGMA client's
# find_library(magma)/find_path(magma_v2.h) under its MAGMA_DIR, or pkg-config magma, finds this.
# In the build tree the library and magma.pc are in ${CMAKE_BINARY_DIR}/magma/lib.
set(_bl_magma_dir ${PROJECT_SOURCE_DIR}/compat/magma)
set(_bl_magma_source ${BATCHLAPACK_GENERATED_DIR}/magma/magma.cpp)
set_source_files_properties(${_bl_magma_source} PROPERTIES GENERATED ON)
add_library(magma SHARED ${_bl_magma_source} ${_bl_magma_dir}/runtime.cpp ${_bl_magma_dir}/pointers.cu)
add_dependencies(magma batchlapack_generated)
target_include_directories(magma
  PRIVATE ${_bl_magma_dir}
  PUBLIC $<BUILD_INTERFACE:${BATCHLAPACK_GENERATED_DIR}/magma/include>
         $<BUILD_INTERFACE:${_bl_magma_dir}/include>)
target_link_libraries(magma PRIVATE batchlapack CUDA::cudart CUDA::cublas)
target_compile_options(magma PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra>)

# From <prefix>/magma/lib to <prefix>/<libdir>, where libbatchlapack.so is.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(_bl_magma_rpath "${CMAKE_INSTALL_LIBDIR}")
else()
  file(RELATIVE_PATH _bl_up "/root/magma/lib" "/root/${CMAKE_INSTALL_LIBDIR}")
  set(_bl_magma_rpath "$ORIGIN/${_bl_up}")
endif()
set_target_properties(magma PROPERTIES
  CUDA_VISIBILITY_PRESET hidden
  LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/magma/lib
  INSTALL_RPATH "${_bl_magma_rpath}")
# MAGMA's names and nothing else are exported (hidden visibility leaves the standard library's
# template instantiations exported, as for libbatchlapack: cmake/exports.map).
if(BATCHLAPACK_HAVE_VERSION_SCRIPT)
  target_link_options(magma PRIVATE "-Wl,--version-script=${PROJECT_SOURCE_DIR}/cmake/magma_exports.map")
  set_property(TARGET magma APPEND PROPERTY LINK_DEPENDS ${PROJECT_SOURCE_DIR}/cmake/magma_exports.map)
endif()

install(TARGETS magma LIBRARY DESTINATION magma/lib)
install(FILES ${BATCHLAPACK_GENERATED_DIR}/magma/include/magma_v2.h
              ${BATCHLAPACK_GENERATED_DIR}/magma/include/magma_types.h
              ${_bl_magma_dir}/include/magma.h ${_bl_magma_dir}/include/magma_auxiliary.h
        DESTINATION magma/include)

# magma.pc, relocatable like batchlapack.pc: the headers include CUDA's (cuComplex.h,
# cublas_v2.h), and MAGMA's own magma.pc links the CUDA libraries for its clients, which call
# the CUDA runtime beside MAGMA.
set(BATCHLAPACK_MAGMA_VERSION 2.0.0)  # the MAGMA interface: MAGMA_VERSION_* of magma_types.h
set(BATCHLAPACK_MAGMA_PC_CFLAGS "")
foreach(dir IN LISTS CUDAToolkit_INCLUDE_DIRS)
  string(APPEND BATCHLAPACK_MAGMA_PC_CFLAGS " -I${dir}")
endforeach()
string(STRIP "${BATCHLAPACK_MAGMA_PC_CFLAGS}" BATCHLAPACK_MAGMA_PC_CFLAGS)
set(BATCHLAPACK_MAGMA_PC_LIBS "-L${CUDAToolkit_LIBRARY_DIR} -Wl,-rpath,${CUDAToolkit_LIBRARY_DIR} -lcublas -lcudart")
configure_file(${_bl_magma_dir}/magma.pc.in ${CMAKE_BINARY_DIR}/magma/lib/pkgconfig/magma.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/magma/lib/pkgconfig/magma.pc DESTINATION magma/lib/pkgconfig)
