// CUDA backend: the register QR kernel's variants of 33 to 64 rows (real types, two rows a
// lane), a build unit of its own (qr_registers.cuh).
#include "qr_registers.cuh"

namespace bl {
namespace cuda {

template <class T> void launch_qr_registers_tall(const QrRegisters<T> &g, int maxn, cudaStream_t stream) {
    if constexpr (!kComplex<T>) {  // (registers_take)
        if (maxn <= 24) launch_qr_variant<32, 2, 24>(g, stream);
        else launch_qr_variant<32, 2, 32>(g, stream);
    }
    check_launch("qr_registers");
}
#define BL_INSTANTIATE(p, T) template void launch_qr_registers_tall(const QrRegisters<Dev<T>> &, int, cudaStream_t);
BL_PRECISIONS(BL_INSTANTIATE)
#undef BL_INSTANTIATE

}  // namespace cuda
}  // namespace bl
