// CUDA backend: QR (and gels with one right-hand side) of small matrices in registers up to 32
// rows, a build unit of its own (qr_registers.cuh; 33 to 64 rows: qr_registers_tall.cu).
#include "qr_registers.cuh"

namespace bl {
namespace cuda {

// NC is the chunk's largest n rounded up to 8, 16, 24 or 32, NB its largest m rounded up to 8, 16 or
// 32 (two rows a lane beyond 32, with NC = 24 or 32: qr_registers_tall.cu), at least NC and, so that
// fewer variants are compiled, at most 2 NC. The 24-column variants (not for complex double,
// registers_take) keep orders 17-24 from paying for 32 columns (H200: dgeqrf 17 / 20 / 24 0.37 /
// 0.52 / 0.82 -> 0.61 / 0.85 / 1.31x cuBLAS, dgels 0.48 / 0.76 / 1.14 -> 0.76 / 1.19 / 1.77x; the
// same register count as NC = 32 or fewer: src_cuda/PERFORMANCE.md).
template <class T> void launch_qr_registers(const QrRegisters<T> &g, int maxm, int maxn, cudaStream_t stream) {
    if (maxm > 32) {
        launch_qr_registers_tall(g, maxn, stream);
        return;
    }
    if (maxm > 16 || maxn > 16) {
        if (maxn <= 16) launch_qr_variant<32, 1, 16>(g, stream);
        else if constexpr (sizeof(T) < 16) {  // (registers_take)
            if (maxn <= 24) launch_qr_variant<32, 1, 24>(g, stream);
            else launch_qr_variant<32, 1, 32>(g, stream);
        }
    } else if (maxm > 8 || maxn > 8) {
        if (maxn > 8) launch_qr_variant<16, 1, 16>(g, stream);
        else launch_qr_variant<16, 1, 8>(g, stream);
    } else {
        launch_qr_variant<8, 1, 8>(g, stream);
    }
    check_launch("qr_registers");
}
#define BL_INSTANTIATE(p, T) template void launch_qr_registers(const QrRegisters<Dev<T>> &, int, int, cudaStream_t);
BL_PRECISIONS(BL_INSTANTIATE)
#undef BL_INSTANTIATE

}  // namespace cuda
}  // namespace bl
