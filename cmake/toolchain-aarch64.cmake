# Cross-compiling batchlapack for aarch64 Linux on a Debian/Ubuntu x86-64 machine with the
# distribution's cross compilers (g++-aarch64-linux-gnu, gfortran-aarch64-linux-gnu) and its arm64
# multiarch libraries (libopenblas-dev:arm64 or liblapack-dev:arm64, libgtest-dev:arm64), which
# live in /usr/lib/aarch64-linux-gnu. scripts/cross-aarch64.sh sets it all up and runs tests under
# qemu-user; with the emulator below, CTest runs them under it too (test discovery included).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_Fortran_COMPILER aarch64-linux-gnu-gfortran)
# find_library and find_package look in <prefix>/lib/aarch64-linux-gnu, never in the host's
# x86_64 directories.
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L /usr/aarch64-linux-gnu)
