// CUDA backend: the inverses (getri, getri_oop, trtri, potri) have no kernels yet. offer.cu
// declines them, so the core runs them on the CPU and never reaches these; the `run` each
// operation must have (backend.hpp) answers that reaching it is a bug.
#include "backend.hpp"
#include "batchlapack.h"

namespace bl {
namespace cuda {

#define BL_NO_KERNELS(Op)                                                      \
    template <class T> int run(const Op<T> &) { return BL_ERROR_INTERNAL; }    \
    BL_INSTANTIATE_RUN(Op)
BL_NO_KERNELS(Getri)
BL_NO_KERNELS(GetriOop)
BL_NO_KERNELS(Trtri)
BL_NO_KERNELS(Potri)
#undef BL_NO_KERNELS

}  // namespace cuda
}  // namespace bl
