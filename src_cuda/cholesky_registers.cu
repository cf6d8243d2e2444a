// CUDA backend: Cholesky in registers (potrf_registers, declared in cholesky.cuh) in groups of 8, 16
// and 32 lanes, fully unrolled: a build unit of its own.
#include "cholesky.cuh"
#include "precisions.hpp"

namespace bl {
namespace cuda {

// Cholesky of matrices up to NB x NB in registers: a group of NB lanes per matrix, lane r
// holding row r of L (for 'U', row r of U^H, read from column r). Each step broadcasts the
// diagonal and the column by shuffles; no shared memory, no barriers. After a non-positive
// pivot the matrix is left as it stands, as the shared-memory kernel leaves it.
// In the blocked algorithm (`blocked`) it factors the diagonal block at (j0, j0) of the matrices
// that have not failed yet, and adds j0 to a failure's info.
template <int NB, class T> __global__ void __launch_bounds__(128) potrf_registers(PotrfRegisters<T> g) {
    using R = RealOf<T>;
    const int lane = threadIdx.x & (NB - 1);
    const int64_t i = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) / NB;
    const bool live = i < g.count && !(g.blocked && g.info[i] != 0);
    const int N = live ? max(0, min(g.blocked ? NB : g.n[i], g.n[i] - g.j0)) : 0;
    const int lda = live ? g.A.ldi(i) : 0;
    T *a = live ? g.A.at(i) + g.j0 + int64_t(g.j0) * lda : nullptr;
    auto at = [&](int c) -> T & { return g.upper ? a[c + int64_t(lane) * lda] : a[lane + int64_t(c) * lda]; };
    T row[NB];
#pragma unroll
    for (int c = 0; c < NB; ++c) row[c] = lane < N && c <= lane ? conj_if(g.upper, at(c)) : T(0);
    int info = 0;
#pragma unroll
    for (int j = 0; j < NB; ++j) {
        const R d = real_(shfl(row[j], j, NB));
        const bool step = j < N && info == 0;
        if (step && !(d > R(0))) info = j + 1;
        const bool go = step && info == 0;
        const R s = go ? sqrt(d) : R(1);
        if (go && lane == j) row[j] = T(s);
        if (go && lane > j) row[j] = row[j] / s;
#pragma unroll
        for (int c = j + 1; c < NB; ++c) {
            const T lc = shfl(row[j], c, NB);  // L(c, j)
            if (go && lane >= c && lane < N) row[c] -= row[j] * conj_(lc);
        }
    }
    if (!live) return;
#pragma unroll
    for (int c = 0; c < NB; ++c)
        if (lane < N && c <= lane) at(c) = conj_if(g.upper, row[c]);
    if (lane == 0 && (!g.blocked || info != 0)) g.info[i] = info == 0 ? 0 : g.j0 + info;
}

template <int NB, class T>
void launch_potrf_registers_variant(const PotrfRegisters<T> &g, unsigned blocks, cudaStream_t stream) {
    potrf_registers<NB><<<blocks, 128, 0, stream>>>(g);
    check_launch("potrf_registers");
}

#define BL_INSTANTIATE(p, T) \
    template void launch_potrf_registers_variant<8>(const PotrfRegisters<Dev<T>> &, unsigned, cudaStream_t); \
    template void launch_potrf_registers_variant<16>(const PotrfRegisters<Dev<T>> &, unsigned, cudaStream_t); \
    template void launch_potrf_registers_variant<32>(const PotrfRegisters<Dev<T>> &, unsigned, cudaStream_t);
BL_PRECISIONS(BL_INSTANTIATE)
#undef BL_INSTANTIATE

}  // namespace cuda
}  // namespace bl
