#!/usr/bin/env bash
# Cross-builds batchlapack and its CPU tests for aarch64 (cmake/toolchain-aarch64.cmake) and runs
# them under qemu-user: correctness of the aarch64 build (the NEON tiled kernels, the baseline
# group kernels) on an x86-64 Debian/Ubuntu machine. Emulation says nothing about speed.
#
#   scripts/cross-aarch64.sh
#
# Installs what is missing when root (the cross compilers, qemu-user, and the arm64 multiarch
# OpenBLAS/LAPACK and GoogleTest); builds in build-aarch64/ the precisions of CROSS_PRECISIONS
# (default "d;z": complex arithmetic has code paths of its own) with CROSS_JOBS jobs (default 2);
# then runs the test programs named in CROSS_TESTS (default: the LU, Cholesky and QR families and
# the kernels' test) under qemu-aarch64 against
# the CPU backend, the kernels' test limited to the GoogleTest filter CROSS_KERNELS (default: the
# tiled kernels, the NEON code; "*" for all of it, which takes long under emulation). Exit status
# 0 when every program passed.
set -euo pipefail
cd "$(dirname "$0")/.."
precisions="${CROSS_PRECISIONS:-d;z}"
jobs="${CROSS_JOBS:-2}"
tests="${CROSS_TESTS:-test_lu test_cholesky test_qr test_small_kernels}"
kernels="${CROSS_KERNELS:-*.Tiled*}"

installed() {
  [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}
missing=()
for p in g++-aarch64-linux-gnu gfortran-aarch64-linux-gnu qemu-user libopenblas-dev:arm64 libgtest-dev:arm64; do
  installed "$p" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "cross-aarch64: missing ${missing[*]}: install them (dpkg --add-architecture arm64; apt-get install ...)" >&2
    exit 1
  fi
  echo "cross-aarch64: installing ${missing[*]}" >&2
  dpkg --print-foreign-architectures | grep -qx arm64 || dpkg --add-architecture arm64
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The examples, the benchmark and oneMKL's names add nothing the tests do not already cover here.
cmake -S . -B build-aarch64 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-aarch64.cmake \
  -DBATCHLAPACK_WITH_CUDA=OFF -DBATCHLAPACK_PRECISIONS="$precisions" -DBATCHLAPACK_BUILD_TESTS=ON \
  -DBATCHLAPACK_BUILD_BENCH=OFF -DBATCHLAPACK_BUILD_EXAMPLES=OFF -DBATCHLAPACK_WITH_MKL_COMPAT=OFF \
  -DBATCHLAPACK_WITH_FORTRAN=OFF
# shellcheck disable=SC2086 # the list of programs splits on spaces
cmake --build build-aarch64 -j"$jobs" --target $tests
# One OpenMP thread: under Debian 12's qemu-aarch64 (7.2) a plain OpenMP loop on two threads
# (libgomp, no batchlapack in it) never finishes. One OpenBLAS thread, as inside the library.
# The usual stacks (BLTEST_NO_SMALL_STACK): on small ones a test program starts itself again, an
# exec that qemu-user hands to the host's kernel, which runs an aarch64 program only where
# binfmt_misc is set up for it; the native suite checks the small stacks.
export BATCHLAPACK_TEST_BACKEND=cpu OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 BLTEST_NO_SMALL_STACK=1
failed=()
for t in $tests; do
  echo "cross-aarch64: $t under qemu-aarch64" >&2
  filter="*"
  [ "$t" = test_small_kernels ] && filter="$kernels"
  qemu-aarch64 -L /usr/aarch64-linux-gnu "build-aarch64/tests/$t" --gtest_filter="$filter" || failed+=("$t")
done
if [ "${#failed[@]}" -gt 0 ]; then
  echo "cross-aarch64: FAILED: ${failed[*]}" >&2
  exit 1
fi
echo "cross-aarch64: every program passed: $tests" >&2
