// Operations the CUDA backend has no kernels for yet: the dispatcher runs them on the CPU
// (and bl_last_backend() says so).
#include "backend.hpp"

namespace bl {
namespace cuda {

#define BL_ON_CPU(Op) \
    template <class T> int run(const Op<T> &) { return kRunOnCpu; } \
    BL_INSTANTIATE_RUN(Op)
BL_ON_CPU(Gebrd)
#undef BL_ON_CPU

}  // namespace cuda
}  // namespace bl
