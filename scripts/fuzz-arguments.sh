#!/usr/bin/env bash
# A long slice of the argument fuzzer (tests/fuzz_arguments.cpp; CI runs 20,000 lists of seed 1 as
# cpu.arguments.fuzz): N argument lists (default 1,000,000) of SEED (default 1), split into parts
# that run side by side, each on a range of list numbers of its own, so that the lists checked are
# lists 0..N-1 of SEED whatever the number of parts. A failing list is printed with the command
# that replays it alone.
#
#   scripts/fuzz-arguments.sh [N] [SEED]
#
# Environment:
#   SANITIZE=1  build with AddressSanitizer and UndefinedBehaviorSanitizer. The fuzzer takes
#               what is written on fds 1 and 2 during a call for a print of the library, so a
#               UBSan report is a violation naming its list; an ASan report ends the part, and
#               stays in the part's capture file, which is shown
#   BUILD       the build directory (default build-fuzz, or build-fuzz-asan with SANITIZE=1),
#               configured here for the CPU backend and every precision if it is not one yet
#   JOBS        parts run at once (default: the number of processors)
set -euo pipefail

count=${1:-1000000}
seed=${2:-1}
sanitize=${SANITIZE:-0}
jobs=${JOBS:-$(nproc)}
root=$(cd "$(dirname "$0")/.." && pwd)
if [ "$sanitize" = 1 ]; then
    build=${BUILD:-$root/build-fuzz-asan}
else
    build=${BUILD:-$root/build-fuzz}
fi

if [ ! -f "$build/CMakeCache.txt" ]; then
    flags=()
    if [ "$sanitize" = 1 ]; then
        san="-fsanitize=address,undefined -fno-omit-frame-pointer"
        flags=(-DCMAKE_C_FLAGS="$san" -DCMAKE_CXX_FLAGS="$san" -DCMAKE_EXE_LINKER_FLAGS="$san"
               -DCMAKE_SHARED_LINKER_FLAGS="$san")
    fi
    cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBATCHLAPACK_WITH_CUDA=OFF \
          "${flags[@]}" > "$build.configure.log" 2>&1 || { cat "$build.configure.log"; exit 1; }
fi
cmake --build "$build" --target fuzz_arguments -j "$jobs" > "$build/fuzz-build.log" 2>&1 \
    || { tail -50 "$build/fuzz-build.log"; exit 1; }

logs=$build/fuzz-logs
rm -rf "$logs"
mkdir -p "$logs"
# The run's environment: the CPU backend; Fortran output unbuffered, so that a print from LAPACK's
# xerbla reaches the fuzzer's capture before it checks; UBSan going on after a report (the fuzzer
# names the list); one OpenMP thread a part, the parts filling the processors (the CI slice runs
# with the default team).
export BATCHLAPACK_BACKEND=cpu GFORTRAN_UNBUFFERED_ALL=y OMP_NUM_THREADS=1
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=0"

start=$(date +%s)
pids=()
for ((p = 0; p < jobs; ++p)); do
    first=$((count * p / jobs))
    n=$((count * (p + 1) / jobs - first))
    "$build/tests/fuzz_arguments" --seed "$seed" --first "$first" --count "$n" --max-failures 20 \
        --capture "$logs/part$p.capture" > "$logs/part$p.txt" 2>&1 &
    pids+=($!)
done
status=0
for pid in "${pids[@]}"; do
    wait "$pid" || status=1
done
seconds=$(($(date +%s) - start))

cat "$logs"/part*.txt
# A part that ended without its summary (a crash, an exit, an ASan report), or left output after
# its last call (LeakSanitizer at exit): its capture file says what happened.
abnormal=0
for ((p = 0; p < jobs; ++p)); do
    if ! grep -q '^fuzz_arguments:' "$logs/part$p.txt" || [ -s "$logs/part$p.capture" ]; then
        abnormal=$((abnormal + 1))
        status=1
        echo "part $p ended abnormally or printed at exit; $logs/part$p.capture:"
        head -60 "$logs/part$p.capture"
    fi
done
lists=$(awk '/^fuzz_arguments:/ { sub(/ lists over.*/, ""); n += $NF } END { print n + 0 }' "$logs"/part*.txt)
violations=$(awk '/^fuzz_arguments:/ { n += $(NF - 1) } END { print n + 0 }' "$logs"/part*.txt)
echo "fuzz-arguments.sh: seed $seed, $lists lists in $jobs parts, ${seconds} s; $violations violations;" \
     "$abnormal part(s) ended abnormally;" \
     "$([ "$sanitize" = 1 ] && echo 'under ASan + UBSan' || echo 'no sanitizers (SANITIZE=1 adds them)')"
exit $status
