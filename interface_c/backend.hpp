// The two backends, as the dispatcher sees them. Each backend defines `run` for every operation of
// ops.hpp in every precision; a backend that is not built (CUDA without a toolkit) is linked as a
// stub that reports itself unusable, so the dispatcher needs no #ifdef.
#pragma once

#include "ops.hpp"

namespace bl {

namespace cpu {
#define BL_DECLARE_RUN(Op) template <class T> int run(const Op<T> &op);
BL_OPERATIONS(BL_DECLARE_RUN)
}  // namespace cpu

namespace cuda {
// True when the library was built with CUDA and a device is usable (checked once per process).
bool usable();
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
