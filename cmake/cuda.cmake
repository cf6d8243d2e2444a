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
  file(GLOB BATCHLAPACK_CUDA_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src_cuda/*.cu)
  message(STATUS "batchlapack: CUDA backend ON (architectures ${CMAKE_CUDA_ARCHITECTURES})")
else()
  set(BATCHLAPACK_CUDA_SOURCES ${PROJECT_SOURCE_DIR}/src_cuda/stub.cpp)
  message(STATUS "batchlapack: CUDA backend OFF")
endif()

# The interim timing program (src_cuda/timing): it calls the backend's internal entry points, so
# it compiles the library's sources itself rather than linking the shared library.
option(BATCHLAPACK_CUDA_TIMING "Build cuda_timing, the CUDA backend beside cuBLAS/cuSOLVER" OFF)
if(BATCHLAPACK_CUDA AND BATCHLAPACK_CUDA_TIMING)
  add_executable(cuda_timing ${PROJECT_SOURCE_DIR}/src_cuda/timing/cuda_timing.cu ${BATCHLAPACK_INTERFACE_SOURCES}
                             ${BATCHLAPACK_CPU_SOURCES} ${BATCHLAPACK_CUDA_SOURCES})
  target_include_directories(cuda_timing PRIVATE ${PROJECT_SOURCE_DIR}/interface_c/include
                             ${PROJECT_SOURCE_DIR}/interface_c ${PROJECT_SOURCE_DIR}/src_cpu ${PROJECT_SOURCE_DIR}/src_cuda)
  target_link_libraries(cuda_timing PRIVATE CUDA::cudart CUDA::cublas CUDA::cusolver ${BATCHLAPACK_LAPACK_LIBRARIES})
  if(BATCHLAPACK_WITH_OPENMP)
    target_link_libraries(cuda_timing PRIVATE OpenMP::OpenMP_CXX)
    target_compile_options(cuda_timing PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-fopenmp>)
  endif()
endif()
