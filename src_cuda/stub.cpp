// The CUDA backend of a build without the CUDA toolkit: never usable and offering nothing, so the
// core never runs it; its entry points exist only so that the core links without #ifdefs.
#include "backend.hpp"
#include "batchlapack.h"

namespace bl {
namespace cuda {

// BL_CUDA_STUB_OFFERS_ONLY: the offers of the precisions a CUDA build leaves out
// (BATCHLAPACK_CUDA_PRECISION, cmake/cuda.cmake), beside the real runtime.
#ifndef BL_CUDA_STUB_OFFERS_ONLY
bool usable() { return false; }
const char *unusable_reason() { return "the library was built without CUDA"; }
bool copy_device_pointers(const void *const *, int64_t, std::vector<const void *> &) { return false; }
bool host_accessible(const void *) { return true; }
void forget_pointers() {}
// Without CUDA every memory is host memory: the core never asks these.
void fill_device_ints(int *, int64_t, int, void *) {}
void copy_ints(int *, const int *, int64_t) {}
void wait_stream(void *) {}
#endif

#define BL_STUB_RUN(Op) \
    template <class T> Offer offer(const Op<T> &, const Placement &) { return Offer{}; } \
    template <class T> int run(const Op<T> &) { return BL_ERROR_NO_DEVICE; } \
    BL_INSTANTIATE_OFFER(Op) \
    BL_INSTANTIATE_RUN(Op)
BL_OPERATIONS(BL_STUB_RUN)

}  // namespace cuda
}  // namespace bl
