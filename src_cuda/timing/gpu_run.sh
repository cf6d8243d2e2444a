#!/bin/bash
# One call on the GPU machine: build (CUDA on, timing program on), the test suite with the gpu
# label, compute-sanitizer memcheck and racecheck on every kernel class, then the timing table.
# Logs go to $OUT (the device tool's folder), the summary to stdout.
set -o pipefail
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
cmake -S . -B build -DBATCHLAPACK_BUILD_BENCH=OFF -DBATCHLAPACK_BUILD_EXAMPLES=OFF -DBATCHLAPACK_CUDA_TIMING=ON \
  > "$OUT/build.log" 2>&1 && cmake --build build -j16 >> "$OUT/build.log" 2>&1 || { tail -40 "$OUT/build.log"; exit 1; }
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
(cd build && ctest -L gpu -j4 --output-on-failure > "$OUT/ctest_gpu.log" 2>&1; tail -4 "$OUT/ctest_gpu.log"; \
  grep -E "Failed|\*\*\*|CMake Error" -A3 "$OUT/ctest_gpu.log" | head -30)
# The same test bodies straight from the executables (independent of CTest's discovery).
for t in build/tests/test_*; do
  [ -x "$t" ] || continue
  BATCHLAPACK_TEST_BACKEND=cuda "$t" > /tmp/test.log 2>&1
  echo "$(basename $t) (cuda): exit $?; $(grep -E '^\[  (PASSED|FAILED|SKIPPED) ' /tmp/test.log | tr '\n' ' ')"
  cat /tmp/test.log >> "$OUT/tests_cuda.log"
done
(cd build && ctest -L cpu -j8 > "$OUT/ctest_cpu.log" 2>&1; tail -2 "$OUT/ctest_cpu.log")
for tool in memcheck racecheck; do
  timeout 240 compute-sanitizer --tool $tool --error-exitcode 9 build/cuda_timing --small > "$OUT/sanitizer_$tool.log" 2>&1
  echo "compute-sanitizer $tool, cuda_timing --small: exit $?; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/sanitizer_$tool.log" | tail -1)"
done
BATCHLAPACK_TEST_BACKEND=cuda timeout 240 compute-sanitizer --tool memcheck --error-exitcode 9 \
  build/tests/test_cuda_device_data --gtest_filter='CudaDataT/1.*' > "$OUT/sanitizer_device_data.log" 2>&1
echo "compute-sanitizer memcheck, test_cuda_device_data (double): exit $?; $(grep 'ERROR SUMMARY' "$OUT/sanitizer_device_data.log" | tail -1)"
timeout 300 build/cuda_timing 2>&1 | tee "$OUT/timing.log" | tail -45
