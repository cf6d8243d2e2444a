#!/bin/bash
# The GPU machine's checks and tables, from the repository root, in parts that each fit one device
# call (10 minutes): `bash bench/gpu_run.sh PART...` with PART one of
#   build      cmake with CUDA on (no Fortran: the machine has no gfortran) into build/, -j16; prints
#              the library target's build time first (a clean build: the architecture issue's
#              figure), then builds the rest
#   test       ctest -L gpu (the test suite against the CUDA backend)
#   sanitize   compute-sanitizer memcheck, racecheck and initcheck through batchlapack-bench on tiny
#              batches (every kernel class of the LU, Cholesky, solve, QR, gebrd and inverse routines once:
#              orders 8, 48, 200; racecheck and initcheck on host data, the library alone),
#              memcheck of a variable getrf batch and of the QR tests' tall panels
#   sanitize_suite  every test program of `ctest -L gpu` under compute-sanitizer memcheck, all its
#              tests in SANITIZE_SHARDS processes (default 2; BATCHLAPACK_TEST_BACKEND=cuda), every
#              process side by side, each within SANITIZE_TIMEOUT seconds (default 500);
#              SANITIZE_TESTS names a subset of the programs (test_lu test_qr ...)
#   issue4     issue 4's tables: getrf, potrf, trsv, getrs, potrs; getrf vbatch; getrf from host
#   issue5     issue 5's tables: geqrf, gels; geqrf vbatch; gebrd
#   issue23    issue 23's roofline cells: getrf, potrf, geqrf in d at n = 8, 16, 32, 512 and trsv at
#              256, 512 with the roofs measured in the run; getrf and potrf in z and c to n = 64
#   issue23_grid  issue 23's first bar: getrf, getrs, potrf, potrs, geqrf, gels, trsv at n = 8 .. 512
#              against the vendor (--runs 2), in the precisions GRID_PRECISIONS names (default
#              "s c z"; one or two a call where the three do not fit its 10 minutes)
#   issue22    issue 22's tables: getrf + getri_oop, getrf_np, trtri, potri at n = 8 .. 512
#   profile    Nsight Compute on one launch of a kernel of ours: PROFILE="ROUTINE:PRECISION:N:KERNEL ..."
#              (KERNEL a regular expression of the kernel's name; default getrf:d:64:getrf_rows),
#              each under `ncu --set full` with the clocks left alone, through batchlapack-bench's
#              first run of that size; the report and its details, raw-metric and per-SASS-instruction
#              pages as CSV go to the log folder (prof_ROUTINE_PRECISION_N*), the headline metrics
#              to stdout. The device tool returns a few files a call: one or two specs at a time.
#   shares     each kernel's share of the library's time in the benchmark's run of one size, on
#              device data: SHARES="ROUTINE:PRECISION:N:KERNELS ..." (KERNELS a regular expression
#              of the library's kernel names; default potrf:d:512:update_kernel|chol_solve|potrf_registers)
#              under `ncu --metrics gpu__time_duration.sum` with the clocks left alone, summed by
#              bench/kernel_shares.py (its first 50 launches listed too). Not on host data: a call
#              stages host matrices in chunks and launches each step once a chunk.
#   issue21    issue 21's tables: getrf on a stream with info on the device (timed by events,
#              cuBLAS on the same stream); 100 getrf + getrs pairs (gesv's parts) enqueued back to
#              back, against their kernels' own time; the host's time inside an enqueued call,
#              a run's first call alone and 20 calls in sequence
# (default: build test sanitize issue4 issue5). Double precision unless a part says otherwise, the issues'
# default batches.
# Logs go to $OUT (the device tool's folder; build/gpu_run without it), with the tables' CSV files
# when $OUT is set; the summary and the tables go to stdout.
set -o pipefail
LOG=${OUT:-build/gpu_run}
mkdir -p "$LOG"
csv() { if [ -n "$OUT" ]; then echo --csv "$OUT/$1.csv"; fi; }
bench=build/bench/batchlapack-bench
table() {  # name, then the benchmark's arguments
  local name=$1; shift
  $bench --backend cuda "$@" $(csv "$name") 2>&1 | tee -a "$LOG/$name.log"
}

part_build() {
  local t0
  cmake -S . -B build -DBATCHLAPACK_WITH_CUDA=ON -DBATCHLAPACK_CUDA_PRECISION= -DBATCHLAPACK_WITH_FORTRAN=OFF -DBATCHLAPACK_BUILD_EXAMPLES=OFF \
    > "$LOG/build.log" 2>&1 || { tail -40 "$LOG/build.log"; exit 1; }
  t0=$(date +%s%N)
  cmake --build build --target batchlapack -j16 >> "$LOG/build.log" 2>&1 || { tail -40 "$LOG/build.log"; exit 1; }
  echo "library build (cmake --build build --target batchlapack -j16): $(( ($(date +%s%N) - t0) / 1000000 )) ms"
  cmake --build build -j16 >> "$LOG/build.log" 2>&1 || { tail -40 "$LOG/build.log"; exit 1; }
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
}
part_test() {
  (cd build && ctest -L gpu -j8 --output-on-failure > "$LOG/ctest_gpu.log" 2>&1; status=$?; tail -4 "$LOG/ctest_gpu.log"; \
    grep -E "Failed|\*\*\*Exception|CMake Error" -A3 "$LOG/ctest_gpu.log" | head -30; exit $status)
}
part_sanitize() {
  for tool in memcheck racecheck initcheck; do
    for routine in getrf getrs potrf potrs trsv trsm geqrf ormqr orgqr gels gebrd getri_oop getrf_np trtri potri; do
      # Under racecheck the vendor's geqrf and gels at n = 200 take minutes, so racecheck times
      # the library alone (--host-data has no peers; the same kernels run on the staged copy), on
      # two matrices (QR at 200: 20 s a routine). initcheck too runs the library alone: a read of
      # uninitialized device memory inside the vendor's routines is not ours to fix.
      opts="--batch 20"; [ $tool != memcheck ] && opts="--host-data --batch 2"
      timeout 300 compute-sanitizer --tool $tool --error-exitcode 9 $bench --backend cuda $opts --routine $routine \
        --runs 1 --sizes 8,48,200 > "$LOG/sanitizer_${tool}_$routine.log" 2>&1
      echo "compute-sanitizer $tool, $routine: exit $?; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$LOG/sanitizer_${tool}_$routine.log" | tail -1)"
    done
  done
  timeout 300 compute-sanitizer --tool memcheck --error-exitcode 9 $bench --backend cuda --routine getrf --vbatch \
    --batch 300 --runs 1 --sizes 64 > "$LOG/sanitizer_memcheck_getrf_vbatch.log" 2>&1
  echo "compute-sanitizer memcheck, getrf vbatch: exit $?; $(grep -E 'ERROR SUMMARY' "$LOG/sanitizer_memcheck_getrf_vbatch.log" | tail -1)"
  BATCHLAPACK_TEST_BACKEND=cuda timeout 300 compute-sanitizer --tool memcheck --error-exitcode 9 build/tests/test_qr \
    --gtest_filter='*TallPanels*' > "$LOG/sanitizer_memcheck_qr_tall.log" 2>&1
  echo "compute-sanitizer memcheck, QR tall panels: exit $?; $(grep -E 'ERROR SUMMARY' "$LOG/sanitizer_memcheck_qr_tall.log" | tail -1)"
}
# The GPU test suite under memcheck: ctest runs each test case in a process of its own, which
# under compute-sanitizer would pay its start (seconds) hundreds of times; instead each test
# program of `ctest -L gpu` runs its cases in a few processes (GoogleTest's shards), side by side
# (the suite takes ~80 s on its own; memcheck slows kernels several times over). A program that
# does not finish within its time counts as a failure.
part_sanitize_suite() {
  local programs status=0 p
  # The GoogleTest programs of the gpu label (ctest's listing names only its discovery scripts:
  # the tests are discovered when they run).
  programs=$(for p in build/tests/test_*; do
    [ -x "$p" ] && [ -f "$p" ] && "$p" --gtest_list_tests > /dev/null 2>&1 && echo "$p"
  done)
  [ -n "$programs" ] || { echo "sanitize_suite: no test programs in build/tests (run the build part first)"; return 1; }
  if [ -n "$SANITIZE_TESTS" ]; then
    programs=$(for p in $programs; do case " $SANITIZE_TESTS " in *" $(basename "$p") "*) echo "$p" ;; esac; done)
  fi
  local shards=${SANITIZE_SHARDS:-2} s
  for p in $programs; do
    for ((s = 0; s < shards; s++)); do  # GoogleTest's sharding: shard s runs every shards-th test
      GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$s BATCHLAPACK_TEST_BACKEND=cuda \
        timeout "${SANITIZE_TIMEOUT:-500}" compute-sanitizer --tool memcheck --error-exitcode 9 "$p" \
        > "$LOG/sanitizer_suite_$(basename "$p")_$s.log" 2>&1 &
    done
  done
  wait  # each run's outcome is read from its log below
  for p in $programs; do
    for ((s = 0; s < shards; s++)); do
      local log="$LOG/sanitizer_suite_$(basename "$p")_$s.log" summary tests
      summary=$(grep -E 'ERROR SUMMARY' "$log" | tail -1)
      # GoogleTest's closing counts (the lines that end in "tests." / "tests, listed below:").
      tests=$(grep -E '^\[  (PASSED|FAILED|SKIPPED)  ?\] [0-9]+ tests?[.,]' "$log" | tr '\n' ' ')
      # A program whose every test skips on the cuda backend (the CPU kernels' tests) starts no
      # CUDA context, and compute-sanitizer then writes no summary.
      if [ -z "$summary" ] && grep -q '^\[  PASSED  \] 0 tests' "$log" && ! grep -q '^\[  FAILED  \]' "$log"; then
        echo "compute-sanitizer memcheck, $(basename "$p") shard $s: no device work (every test skipped); $tests"
        continue
      fi
      echo "compute-sanitizer memcheck, $(basename "$p") shard $s: ${summary:-no summary (timed out or crashed)}; $tests"
      if ! grep -q 'ERROR SUMMARY: 0 errors' "$log" || grep -q '^\[  FAILED  \]' "$log"; then status=1; fi
    done
  done
  return $status
}
part_issue4() {
  for routine in getrf potrf trsv getrs potrs; do table $routine --routine $routine --sizes 8,16,32,64,128,256,512; done
  table getrf_vbatch --routine getrf --vbatch --sizes 64,256
  table getrf_host_pageable --routine getrf --host-data --sizes 32 --batch 20000
  table getrf_host_pinned --routine getrf --host-data --pinned --sizes 32 --batch 20000
}
part_issue5() {
  for routine in geqrf gels; do table $routine --routine $routine --sizes 8,16,32,64,128,256,512; done
  table geqrf_vbatch --routine geqrf --vbatch --sizes 64,256
  # gebrd: the cuSOLVER loop takes one call per matrix (40 s a run at 2000 x 512), so smaller
  # batches beside it, and the issue's batch for ours alone through --vbatch's uniform column.
  table gebrd_small --routine gebrd --sizes 8,16,32,64 --batch 2000 --runs 3
  table gebrd_mid --routine gebrd --sizes 128,256 --batch 400 --runs 2
  table gebrd_512 --routine gebrd --sizes 512 --batch 132 --runs 2
  table gebrd_vbatch --routine gebrd --vbatch --sizes 256,512 --batch 2000
}
part_issue23() {
  for routine in getrf potrf geqrf; do table ${routine}_roof --routine $routine --sizes 8,16,32,512 --runs 3; done
  table trsv_roof --routine trsv --sizes 256,512 --runs 3
  for p in z c; do for routine in getrf potrf; do
    table ${routine}_$p --routine $routine --precision $p --sizes 8,16,32,64 --runs 3
  done; done
}
part_issue23_grid() {
  local p routine
  for p in ${GRID_PRECISIONS:-s c z}; do for routine in getrf getrs potrf potrs geqrf gels trsv; do
    table ${routine}_${p}_grid --routine $routine --precision $p --sizes 8,16,32,64,128,256,512 --runs 2
  done; done
}
part_issue22() {
  for routine in getri_oop getrf_np trtri potri; do
    table ${routine} --routine $routine --sizes 8,16,32,64,128,256,512 --runs 3
  done
}
part_profile() {
  local spec routine precision n kernel tag rep
  for spec in ${PROFILE:-getrf:d:64:getrf_rows}; do
    IFS=: read -r routine precision n kernel <<< "$spec"
    [ -n "$kernel" ] || { echo "profile: '$spec' is not ROUTINE:PRECISION:N:KERNEL"; return 1; }
    tag=prof_${routine}_${precision}_$n; rep="$LOG/$tag"
    # --clock-control none: the clocks the tables run at (ncu otherwise locks them at base).
    ncu --clock-control none -k "regex:$kernel" --launch-count 1 --set full -f -o "$rep" \
      $bench --backend cuda --routine "$routine" --precision "$precision" --sizes "$n" --runs 1 \
      > "$rep.log" 2>&1 || { tail -20 "$rep.log"; return 1; }
    [ -f "$rep.ncu-rep" ] || { echo "profile: no launch of a kernel matching '$kernel' in $routine"; tail -5 "$rep.log"; return 1; }
    ncu -i "$rep.ncu-rep" --page details --csv > "${rep}_details.csv"
    ncu -i "$rep.ncu-rep" --page raw --csv > "${rep}_raw.csv"
    ncu -i "$rep.ncu-rep" --page source --csv --print-source sass > "${rep}_sass.csv"
    echo "$spec: $(grep -m1 -o '"[^"]*'"$kernel"'[^"]*"' "${rep}_details.csv")"
    # metric name, unit and value are the details page's last three columns (the line ends in a comma)
    grep -E '"(Duration|SM Frequency|Registers Per Thread|Theoretical Occupancy|Achieved Occupancy|Issued Ipc Active|No Eligible|Warp Cycles Per Issued Instruction|Executed Instructions)"' \
      "${rep}_details.csv" | sed 's/,$//' | awk -F'","' '{ v = $NF; sub(/"$/, "", v); printf "  %s %s %s\n", $(NF - 2), v, $(NF - 1) }'
  done
}
part_shares() {
  local spec routine precision n kernels tag
  for spec in ${SHARES:-potrf:d:512:update_kernel|chol_solve|potrf_registers}; do
    IFS=: read -r routine precision n kernels <<< "$spec"
    [ -n "$kernels" ] || { echo "shares: '$spec' is not ROUTINE:PRECISION:N:KERNELS"; return 1; }
    tag=shares_${routine}_${precision}_$n
    ncu --clock-control none --metrics gpu__time_duration.sum -k "regex:$kernels" --csv \
      $bench --backend cuda --routine "$routine" --precision "$precision" --sizes "$n" --runs 1 \
      > "$LOG/$tag.csv" 2> "$LOG/$tag.log" || { tail -20 "$LOG/$tag.log"; return 1; }
    echo "$spec:"
    python3 -B bench/kernel_shares.py "$LOG/$tag.csv" --launches 50 || return 1
  done
}
part_issue21() {
  table getrf_stream --routine getrf --stream --sizes 8,16,32 --runs 10
  # the enqueue time of calls in sequence (a time-stepping loop), cuBLAS's beside it
  table getrf_stream_enqueue --routine getrf --stream --repeat 20 --sizes 8,16,32 --runs 5
  table gesv_stream_sequence --routine gesv --stream --repeat 100 --sizes 32 --batch 10000 --runs 5
}

parts=("$@")
[ ${#parts[@]} -eq 0 ] && parts=(build test sanitize issue4 issue5)
for p in "${parts[@]}"; do "part_$p" || exit 1; done
