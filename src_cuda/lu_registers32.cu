// CUDA backend: LU in registers (getrf_registers, lu_registers.cuh) in groups of 32 lanes (orders
// 17..32), a build unit of its own: the largest variant compiles as long as the two others.
#include "lu_registers.cuh"

namespace bl {
namespace cuda {

#define BL_INSTANTIATE(p, T) \
    template void launch_getrf_registers_variant<32>(const GetrfRegisters<Dev<T>> &, unsigned, cudaStream_t);
BL_PRECISIONS(BL_INSTANTIATE)
#undef BL_INSTANTIATE

}  // namespace cuda
}  // namespace bl
