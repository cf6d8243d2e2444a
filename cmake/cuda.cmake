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
  # kernels. The runtime and the offers (no kernels), and the sources whose kernels take about a
  # second per precision, are one unit for all precisions; every other source (a family's drivers,
  # or a group of its kernels: the fully unrolled register kernels have sources of their own) is
  # one unit per precision (cmake/units.cmake), so that the slowest unit is a fraction of a family.
  # src_cuda/PERFORMANCE.md ("Build") has each unit's compile time.
  set(_bl_cuda_once "")
  foreach(src runtime offer blocked cholesky_blocked lu_blocked cholesky_registers lu_registers solve_registers gemm)
    list(APPEND _bl_cuda_once ${PROJECT_SOURCE_DIR}/src_cuda/${src}.cu)
  endforeach()
  file(GLOB _bl_cuda_per_precision CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src_cuda/*.cu)
  list(REMOVE_ITEM _bl_cuda_per_precision ${_bl_cuda_once})
  batchlapack_precision_units(_bl_cuda_units ${_bl_cuda_per_precision})
  set(BATCHLAPACK_CUDA_SOURCES ${_bl_cuda_once} ${_bl_cuda_units})
  message(STATUS "batchlapack: CUDA backend ON (architectures ${CMAKE_CUDA_ARCHITECTURES})")
else()
  set(BATCHLAPACK_CUDA_SOURCES ${PROJECT_SOURCE_DIR}/src_cuda/stub.cpp)
  message(STATUS "batchlapack: CUDA backend OFF")
endif()
