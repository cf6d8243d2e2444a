// The two backends, as the dispatcher sees them. Each backend defines `run` for every operation of
// ops.hpp in every precision; a backend that is not built (CUDA without a toolkit) is linked as a
// stub that reports itself unusable, so the dispatcher needs no #ifdef.
#pragma once

#include "ops.hpp"

#include <vector>

namespace bl {

namespace cpu {
#define BL_DECLARE_RUN(Op) template <class T> int run(const Op<T> &op);
BL_OPERATIONS(BL_DECLARE_RUN)
}  // namespace cpu

namespace cuda {
// True when the library was built with CUDA and a device is usable (checked once per process).
bool usable();
// Bytes per second of the host <-> device round trip through pinned staging (measured once; 0
// when no device is usable). The cost model of `auto` (runtime.cpp) uses it.
double transfer_bandwidth();
// The argument checks read the pointer layouts' arrays of pointers, which may lie in device
// memory (batchlapack.h): for such an array, copies its `count` pointers into `out` and returns
// true (null entries if the copy fails, so that the call is rejected rather than crashing);
// returns false, copying nothing, when the host can read the array where it is.
bool copy_device_pointers(const void *const *ptrs, int64_t count, std::vector<const void *> &out);
// Whether the host can read the memory at p (host, pinned or managed memory; not device memory).
// Always true without a usable device.
bool host_accessible(const void *p);
// What cuda::run returns when the call is better run on the CPU (no GPU kernel for it, or host
// data the cost model says the CPU finishes first); the dispatcher then runs cpu::run.
constexpr int kRunOnCpu = 1;
BL_OPERATIONS(BL_DECLARE_RUN)
#undef BL_DECLARE_RUN
}  // namespace cuda

// Explicit instantiation of a backend's `run` for one operation in the four precisions; a backend
// source file that implements Op ends with BL_INSTANTIATE_RUN(Op).
#define BL_INSTANTIATE_RUN(Op) \
    template int run<float>(const Op<float> &); \
    template int run<double>(const Op<double> &); \
    template int run<std::complex<float>>(const Op<std::complex<float>> &); \
    template int run<std::complex<double>>(const Op<std::complex<double>> &);

}  // namespace bl
