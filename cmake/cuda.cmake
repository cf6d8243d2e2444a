# The CUDA backend: enabled when BATCHLAPACK_WITH_CUDA is ON, or AUTO and a toolkit is found.
# Defines BATCHLAPACK_CUDA (TRUE/FALSE) and BATCHLAPACK_CUDA_SOURCES; a build without CUDA compiles
# the stub backend instead, so the dispatcher needs no #ifdef.
set(BATCHLAPACK_CUDA FALSE)
if(NOT BATCHLAPACK_WITH_CUDA STREQUAL "OFF")
  # The toolkit is often installed without nvcc on PATH.
  if(NOT CMAKE_CUDA_COMPILER AND NOT DEFINED ENV{CUDACXX} AND EXISTS /usr/local/cuda/bin/nvcc)
    set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)
  endif()
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    # "90": sm_90 machine code (H100/H200) plus compute_90 PTX that newer GPUs compile at load.
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
      set(CMAKE_CUDA_ARCHITECTURES 90)
    endif()
    enable_language(CUDA)
    find_package(CUDAToolkit REQUIRED)
    set(BATCHLAPACK_CUDA TRUE)
  elseif(BATCHLAPACK_WITH_CUDA STREQUAL "ON")
    message(FATAL_ERROR "BATCHLAPACK_WITH_CUDA=ON but no CUDA compiler was found")
  endif()
endif()

if(BATCHLAPACK_CUDA)
  set(CMAKE_CUDA_STANDARD 17)
  set(CMAKE_CUDA_STANDARD_REQUIRED ON)
  # Build units. Every unit pays about 2 s for nvcc's passes over the headers, whatever its
  # kernels, so a source is one unit for all precisions unless its kernels cost much more than
  # that: the QR drivers and register kernels, and the LU kernels with a thread a row, the
  # longest units of the build, are compiled one unit per precision (cmake/units.cmake) so that
  # no unit is a whole family's. src_cuda/PERFORMANCE.md has each unit's compile time.
  set(_bl_cuda_per_precision "")
  foreach(src qr qr_registers lu_rows lu_rows_whole)
    list(APPEND _bl_cuda_per_precision ${PROJECT_SOURCE_DIR}/src_cuda/${src}.cu)
  endforeach()
  file(GLOB _bl_cuda_once CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src_cuda/*.cu)
  list(REMOVE_ITEM _bl_cuda_once ${_bl_cuda_per_precision})
  batchlapack_precision_units(_bl_cuda_units ${_bl_cuda_per_precision})
  set(BATCHLAPACK_CUDA_SOURCES ${_bl_cuda_once} ${_bl_cuda_units})
  message(STATUS "batchlapack: CUDA backend ON (architectures ${CMAKE_CUDA_ARCHITECTURES})")
else()
  set(BATCHLAPACK_CUDA_SOURCES ${PROJECT_SOURCE_DIR}/src_cuda/stub.cpp)
  message(STATUS "batchlapack: CUDA backend OFF")
endif()
