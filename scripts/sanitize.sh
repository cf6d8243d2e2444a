#!/usr/bin/env bash
# The CPU test suite under the compilers' sanitizers, in build folders of their own (CUDA off):
#
#   scripts/sanitize.sh [asan]   AddressSanitizer + UndefinedBehaviorSanitizer + LeakSanitizer:
#                                the library, the CPU tests, the examples and the Fortran tests,
#                                built in build-asan/ and run under CTest (label cpu). CI runs it.
#   scripts/sanitize.sh tsan     ThreadSanitizer on the test of host threads calling at once
#                                (tests/test_threads.cpp) and on the library's worker threads
#                                (tests/test_team.cpp), in build-tsan/, with two threads a call
#                                (the library's workers, core/team.hpp, are plain threads that
#                                TSan follows; the test programs have no OpenMP regions of their
#                                own, so the library's runs go to its workers, not to libgomp,
#                                which is not instrumented).
#   scripts/sanitize.sh all      both.
#
# SANITIZE_PRECISIONS (default "dz", docs/decisions.md says why) chooses the precisions built;
# "sdcz" also builds and runs the tests that need all four (test_fortran, test_compat_magma).
# Any sanitizer report fails the run: the runtimes stop the process at the first one (halt_on_error,
# and -fno-sanitize-recover=all for UBSan), and the logs are searched for reports besides, so that
# a report in a test whose exit status is not looked at still counts.
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-asan}"
precisions="${SANITIZE_PRECISIONS:-dz}"
jobs="${SANITIZE_JOBS:-2}"

case "$mode" in
  asan | tsan | all) ;;
  *) echo "usage: $0 [asan|tsan|all]" >&2; exit 2 ;;
esac

# OpenBLAS picks its kernels from the CPU it finds; some virtual machines report a CPU model it
# does not know, and it falls back to its oldest kernels (Prescott), which hide the faults of the
# newer ones (the complex gemv that reads past its vector, docs/decisions.md). Where the CPU has
# AVX2, the run uses the Haswell kernels, as on the hardware the library is used on.
if [ -z "${OPENBLAS_CORETYPE:-}" ] && grep -qw avx2 /proc/cpuinfo 2>/dev/null; then
  export OPENBLAS_CORETYPE=Haswell
fi

# The x86-64 baseline's group and trsv kernels run only on processors without AVX2 and FMA or
# under BATCHLAPACK_CPU_ISA=base, which these runs leave out (cpu.base.*, below): on a processor
# with both, their units are not built here (BATCHLAPACK_X86_BASE_KERNELS, cmake/units.cmake;
# about 100 of the ASan build's 460 compile-seconds). On one without, they are what runs.
base_kernels=ON
if grep -qw avx2 /proc/cpuinfo 2>/dev/null && grep -qw fma /proc/cpuinfo 2>/dev/null; then base_kernels=OFF; fi

# configure DIR FLAGS [CMAKE-ARGS...]: a Release-like build at -O1 with line tables, for readable
# reports at a modest cost in build and run time. With Ninja where it is installed (and the folder
# is new): Make builds the targets named on one command line one after another, each of the test
# programs' single units on one core, Ninja all of them side by side.
configure() {
  local dir=$1 sanitizers=$2 flags="-O1 -g1 -fno-omit-frame-pointer $2" generator=()
  shift 2
  if [ ! -f "$dir/CMakeCache.txt" ] && command -v ninja >/dev/null 2>&1; then generator=(-G Ninja); fi
  cmake -S . -B "$dir" "${generator[@]}" --no-warn-unused-cli "$@" -DBATCHLAPACK_WITH_CUDA=OFF -DBATCHLAPACK_X86_BASE_KERNELS=$base_kernels -DBATCHLAPACK_PRECISIONS="$(echo "$precisions" | sed 's/./&;/g;s/;$//')" \
    -DBATCHLAPACK_BUILD_TESTS=ON -DBATCHLAPACK_BUILD_BENCH=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="$flags" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$flags" \
    -DCMAKE_Fortran_FLAGS_RELWITHDEBINFO="$flags" -DCMAKE_EXE_LINKER_FLAGS="$sanitizers" -DCMAKE_SHARED_LINKER_FLAGS="$sanitizers" >/dev/null
}

# reports LOG: how many sanitizer reports the log holds.
reports() {
  grep -cE '^(==[0-9]+==ERROR: (Address|Leak)Sanitizer|WARNING: ThreadSanitizer)|: runtime error: ' "$1" || true
}

# verdict NAME DIR STATUS T0: the run's time and report count; fails, showing the reports and
# failures, on a failed test or any sanitizer report.
verdict() {
  local n
  n=$(reports "$2/sanitize.log")
  echo "sanitize $1: ran in $(($(date +%s) - $4)) s, $n sanitizer reports (log: $2/sanitize.log)"
  if [ "$3" != 0 ] || [ "$n" != 0 ]; then
    grep -E 'ERROR: |WARNING: ThreadSanitizer|runtime error: |FAILED' -A12 "$2/sanitize.log" | head -80
    return 1
  fi
}

run_asan() {
  # Not here: the install tests, and the x86-64 baseline's kernels (cpu.base.*: 27 s of the run's
  # 104 under ASan on two cores, which CI's 15 minutes do not hold; they passed under ASan on
  # 2026-12-07, docs/decisions.md). The tests run on the usual stacks (BLTEST_NO_SMALL_STACK,
  # below): ASan's red zones grow every frame past what the 256 KiB budget is about; the plain
  # suite checks it (tests/small_stack_main.cpp).
  local dir=build-asan t0 status=0 exclude="install|fortran\.i8|cpu\.base\."
  t0=$(date +%s)
  configure $dir "-fsanitize=address,undefined -fno-sanitize-recover=all"
  # With fewer than four precisions, the two tests written for all four are left out.
  local targets=(batchlapack test_blas test_cholesky test_contract test_gebrd test_inverse test_lu test_qr test_small_kernels
                 test_threads test_team test_arguments fuzz_arguments backend_setting threads_kind_serial
                 threads_kind_openmp lu_solve)
  if [ -n "$(sed -n 's/^BATCHLAPACK_WITH_FORTRAN:BOOL=//p' $dir/CMakeCache.txt | grep ON)" ]; then
    targets+=(block_jacobi test_fortran_fixed test_fortran_arguments test_fortran_backend test_fortran_errors)
    [ "$precisions" = sdcz ] && targets+=(test_fortran)
  fi
  if [ "$precisions" = sdcz ]; then targets+=(test_compat_magma); else exclude="$exclude|CompatMagma|fortran\.module"; fi
  cmake --build $dir -j"$jobs" --target "${targets[@]}" > $dir/build.log 2>&1 || { tail -40 $dir/build.log; return 1; }
  echo "sanitize asan: built ($precisions) in $(($(date +%s) - t0)) s"
  # detect_leaks: LeakSanitizer at every exit. UBSan prints its stack, and stops the process (the
  # code is built without recovery).
  export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:check_initialization_order=1:strict_init_order=1"
  export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" BLTEST_NO_SMALL_STACK=1
  t0=$(date +%s)
  ctest --test-dir $dir -L cpu -E "$exclude" -j"$jobs" --output-on-failure > $dir/sanitize.log 2>&1 || status=1
  grep -E '^[0-9]+% tests passed|^Total Test time' $dir/sanitize.log | sed 's/^/sanitize asan: /'
  verdict asan $dir $status "$t0"
}

run_tsan() {
  local dir=build-tsan t0 status=0
  t0=$(date +%s)
  configure $dir "-fsanitize=thread" -DBATCHLAPACK_WITH_FORTRAN=OFF  # the threads test is C++
  cmake --build $dir -j"$jobs" --target test_threads test_team > $dir/build.log 2>&1 || { tail -40 $dir/build.log; return 1; }
  echo "sanitize tsan: built ($precisions) in $(($(date +%s) - t0)) s"
  t0=$(date +%s)
  : > $dir/sanitize.log
  # (test_team's runs on OpenMP's threads are left out: libgomp is not instrumented, so TSan would
  # report its workers' accesses as races; so is its fork test: TSan does not support threads
  # started after a multithreaded process forks.)
  for test in test_threads "test_team --gtest_filter=-*OpenMPThreads:*AfterFork"; do
    OMP_NUM_THREADS=2 TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1" BATCHLAPACK_TEST_BACKEND=cpu \
      $dir/tests/$test >> $dir/sanitize.log 2>&1 || status=1
  done
  grep -E '^\[  (PASSED|FAILED) ' $dir/sanitize.log | sed 's/^/sanitize tsan: /'
  verdict tsan $dir $status "$t0"
}

case "$mode" in
  asan) run_asan ;;
  tsan) run_tsan ;;
  all) run_asan && run_tsan ;;
esac
