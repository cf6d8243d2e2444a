// CUDA backend: Cholesky in registers (potrf_registers, cholesky_registers.cuh) in groups of 32
// lanes (orders 17..32, and the blocked algorithm's diagonal blocks), a build unit of its own: the
// largest variant compiles as long as the two others.
#include "cholesky_registers.cuh"

namespace bl {
namespace cuda {

#define BL_INSTANTIATE(p, T) \
    template void launch_potrf_registers_variant<32>(const PotrfRegisters<Dev<T>> &, unsigned, cudaStream_t);
BL_PRECISIONS(BL_INSTANTIATE)
#undef BL_INSTANTIATE

}  // namespace cuda
}  // namespace bl
