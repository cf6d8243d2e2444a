// CUDA backend: Cholesky in registers (potrf_registers, cholesky_registers.cuh) in groups of 8 and
// 16 lanes (orders up to 16), a build unit of its own.
#include "cholesky_registers.cuh"

namespace bl {
namespace cuda {

#define BL_INSTANTIATE(p, T) \
    template void launch_potrf_registers_variant<8>(const PotrfRegisters<Dev<T>> &, unsigned, cudaStream_t); \
    template void launch_potrf_registers_variant<16>(const PotrfRegisters<Dev<T>> &, unsigned, cudaStream_t);
BL_PRECISIONS(BL_INSTANTIATE)
#undef BL_INSTANTIATE

}  // namespace cuda
}  // namespace bl
