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

# BATCHLAPACK_CUDA_PRECISION: empty (the default), the CUDA backend has every precision of the
# build; one precision of the build, it has that one alone, and the others run on the CPU whatever
# the backend setting. The latter is a compile check of the CUDA code for a machine without a GPU
# (CI, whose .ci/run sets the environment variable of that name, which gives the default), in a
# fraction of the CUDA build's time. In such a build the `gpu` tests of the other precisions skip
# (tests/common.hpp), and the whole-program gpu tests (gpu.magma.client, gpu.fortran.module), which
# use several precisions, are not registered (BATCHLAPACK_GPU_TESTS): on a GPU they would pass for
# the other precisions without running the GPU.
set(BATCHLAPACK_CUDA_PRECISION "$ENV{BATCHLAPACK_CUDA_PRECISION}" CACHE STRING
    "The CUDA backend's precision: empty for all of the build's (a release), or one of them (a compile check)")
set(BATCHLAPACK_GPU_TESTS TRUE)

if(BATCHLAPACK_CUDA)
  set(CMAKE_CUDA_STANDARD 17)
  set(CMAKE_CUDA_STANDARD_REQUIRED ON)
  if(BATCHLAPACK_CUDA_PRECISION STREQUAL "")
    set(_bl_cuda_precisions "${BATCHLAPACK_PRECISIONS}")
  elseif(BATCHLAPACK_CUDA_PRECISION MATCHES "^[sdcz]$" AND BATCHLAPACK_CUDA_PRECISION IN_LIST BATCHLAPACK_PRECISIONS)
    set(_bl_cuda_precisions "${BATCHLAPACK_CUDA_PRECISION}")
    set(BATCHLAPACK_GPU_TESTS FALSE)
  else()
    message(FATAL_ERROR "BATCHLAPACK_CUDA_PRECISION: '${BATCHLAPACK_CUDA_PRECISION}' is neither empty nor one "
                        "precision of BATCHLAPACK_PRECISIONS (${BATCHLAPACK_PRECISIONS})")
  endif()
  # Build units. Every unit pays about 2 s for nvcc's passes over the headers, whatever its
  # kernels, so a source is one unit for all precisions unless its kernels cost much more than
  # that: the QR drivers and register kernels, and the LU kernels with a thread a row, the
  # longest units of the build, are compiled one unit per precision (cmake/units.cmake) so that
  # no unit is a whole family's. src_cuda/PERFORMANCE.md has each unit's compile time.
  file(GLOB _bl_cuda_once CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src_cuda/*.cu)
  if(BATCHLAPACK_CUDA_PRECISION STREQUAL "")
    set(_bl_cuda_per_precision "")
    foreach(src qr qr_registers qr_registers_tall lu_rows lu_rows_whole)
      list(APPEND _bl_cuda_per_precision ${PROJECT_SOURCE_DIR}/src_cuda/${src}.cu)
    endforeach()
    list(REMOVE_ITEM _bl_cuda_once ${_bl_cuda_per_precision})
    batchlapack_precision_units(_bl_cuda_units ${_bl_cuda_per_precision})
    set(BATCHLAPACK_CUDA_SOURCES ${_bl_cuda_once} ${_bl_cuda_units})
  else()
    # One precision: every source is that precision's unit alone (the runtime, which has no
    # precision, once), and the build's other precisions get the stub's offers, which offer
    # nothing: their calls run on the CPU whatever the backend setting.
    _batchlapack_units(_bl_cuda_units "${BATCHLAPACK_CUDA_PRECISION}" "" ${_bl_cuda_once})
    set(_bl_cuda_others ${BATCHLAPACK_PRECISIONS})
    list(REMOVE_ITEM _bl_cuda_others ${BATCHLAPACK_CUDA_PRECISION})
    _batchlapack_units(_bl_cuda_stubs "${_bl_cuda_others}" "" ${PROJECT_SOURCE_DIR}/src_cuda/stub.cpp)
    set_property(SOURCE ${_bl_cuda_stubs} APPEND PROPERTY COMPILE_DEFINITIONS BL_CUDA_STUB_OFFERS_ONLY)
    set(BATCHLAPACK_CUDA_SOURCES ${_bl_cuda_units} ${_bl_cuda_stubs})
  endif()
  message(STATUS "batchlapack: CUDA backend ON (architectures ${CMAKE_CUDA_ARCHITECTURES}, precisions ${_bl_cuda_precisions})")
else()
  set(BATCHLAPACK_CUDA_SOURCES ${PROJECT_SOURCE_DIR}/src_cuda/stub.cpp)
  message(STATUS "batchlapack: CUDA backend OFF")
endif()
