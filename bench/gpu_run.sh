#!/bin/bash
# One call on the GPU machine, from the repository root: build (CUDA on), the test suite with the
# gpu label, compute-sanitizer memcheck and racecheck through batchlapack-bench on tiny batches
# (every kernel class of the LU, Cholesky, solve, QR and gebrd routines once: orders 8, 48, 200),
# then issue 4's and issue 5's tables (double precision, the issues' default batches). Logs go to
# $OUT (the device tool's folder; build/gpu_run without it), with the tables' CSV files when $OUT
# is set; the summary and the tables go to stdout. All of it takes longer than one device call
# (10 minutes): run it in parts there.
set -o pipefail
LOG=${OUT:-build/gpu_run}
mkdir -p "$LOG"
csv() { if [ -n "$OUT" ]; then echo --csv "$OUT/$1.csv"; fi; }

cmake -S . -B build -DBATCHLAPACK_WITH_CUDA=ON -DBATCHLAPACK_WITH_FORTRAN=OFF -DBATCHLAPACK_BUILD_EXAMPLES=OFF \
  > "$LOG/build.log" 2>&1 && cmake --build build -j16 >> "$LOG/build.log" 2>&1 || { tail -40 "$LOG/build.log"; exit 1; }
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
(cd build && ctest -L gpu -j4 --output-on-failure > "$LOG/ctest_gpu.log" 2>&1; tail -4 "$LOG/ctest_gpu.log"; \
  grep -E "Failed|\*\*\*|CMake Error" -A3 "$LOG/ctest_gpu.log" | head -30)

bench=build/bench/batchlapack-bench
for tool in memcheck racecheck; do
  for routine in getrf getrs potrf potrs trsv trsm geqrf ormqr orgqr gels gebrd; do
    timeout 300 compute-sanitizer --tool $tool --error-exitcode 9 $bench --backend cuda --routine $routine \
      --batch 20 --runs 1 --sizes 8,48,200 > "$LOG/sanitizer_${tool}_$routine.log" 2>&1
    echo "compute-sanitizer $tool, $routine: exit $?; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$LOG/sanitizer_${tool}_$routine.log" | tail -1)"
  done
done

for routine in getrf potrf trsv getrs potrs geqrf gels; do
  $bench --backend cuda --routine $routine --sizes 8,16,32,64,128,256,512 $(csv $routine) 2>&1 | tee "$LOG/$routine.log"
done
# gebrd: the cuSOLVER loop takes one call per matrix (40 s a run at 2000 x 512), so smaller
# batches beside it, and the issue's batch for ours alone through --vbatch's uniform column.
$bench --backend cuda --routine gebrd --sizes 8,16,32,64 --batch 2000 --runs 3 $(csv gebrd_small) 2>&1 | tee "$LOG/gebrd.log"
$bench --backend cuda --routine gebrd --sizes 128,256 --batch 400 --runs 2 $(csv gebrd_mid) 2>&1 | tee -a "$LOG/gebrd.log"
$bench --backend cuda --routine gebrd --sizes 512 --batch 132 --runs 2 $(csv gebrd_512) 2>&1 | tee -a "$LOG/gebrd.log"
$bench --backend cuda --routine gebrd --vbatch --sizes 256,512 --batch 2000 $(csv gebrd_vbatch) 2>&1 | tee "$LOG/gebrd_vbatch.log"
$bench --backend cuda --routine geqrf --vbatch --sizes 64,256 $(csv geqrf_vbatch) 2>&1 | tee "$LOG/geqrf_vbatch.log"
$bench --backend cuda --routine getrf --vbatch --sizes 64,256 $(csv getrf_vbatch) 2>&1 | tee "$LOG/getrf_vbatch.log"
$bench --backend cuda --routine getrf --host-data --sizes 32 --batch 20000 $(csv getrf_host_pageable) 2>&1 \
  | tee "$LOG/getrf_host_pageable.log"
$bench --backend cuda --routine getrf --host-data --pinned --sizes 32 --batch 20000 $(csv getrf_host_pinned) 2>&1 \
  | tee "$LOG/getrf_host_pinned.log"
