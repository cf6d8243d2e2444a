// CUDA backend: Cholesky in registers (potrf_registers, declared in cholesky.cuh) in groups of 8, 16
// and 32 lanes, fully unrolled: a build unit of its own.
#include "cholesky.cuh"
#include "precisions.hpp"

namespace bl {
namespace cuda {

// Cholesky of matrices up to NB x NB in registers: a group of NB lanes per matrix, lane r
// holding row r of L (for 'U', row r of U^H, read from column r). Each step's column reaches the
// group's lanes through shared memory: every lane stores its entry, and after a warp barrier
// reads the diagonal and the column back as broadcasts of 16 bytes; two buffers alternate by
// step, so one barrier a step orders both the stores before the loads and the loads before the
// next store to the same buffer. (By shuffles, as before, a double took two a column entry and a
// step, about 1,000 at 32, and each update entry a select: on an H200 potrf at 16 / 32 ran 1.2 /
// 1.9x slower in double, 1.3 / 1.7x in complex double.) After a non-positive pivot the matrix is
// left as it stands, as the shared-memory kernel leaves it.
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
    constexpr int E = kPieceEntries<T>;
    using Piece = cuda::Piece<T>;
    __shared__ Piece column[2][128 / E];
#pragma unroll
    for (int j = 0; j < NB; ++j) {
        // Every lane publishes its entry of column j as it stands (not yet scaled): the diagonal
        // and L(c, j) for c > j unscaled, so that the store waits on nothing of this step; the
        // scaling by 1 / sqrt(d) goes into the multiplier t instead.
        Piece *col = column[j & 1] + (threadIdx.x & ~(NB - 1)) / E;
        reinterpret_cast<T *>(col)[lane] = row[j];
        warp_sync();
        const R d = real_(col[j / E].v[j % E]);
        const bool step = j < N && info == 0;
        if (step && !(d > R(0))) info = j + 1;
        if (step && info == 0) {  // (alike in the group's lanes)
            // 1 / sqrt(d) by rsqrt, and the diagonal as d / sqrt(d): every lane forms both, and a
            // square root and a division (correctly rounded, each a sequence of double
            // instructions) cost about as many as a late step's update (dpotrf 32: 15 % fewer
            // instructions, 734 -> 621 us; sqrt on the diagonal lane alone gained nothing).
            const R rs = rsqrt(d);
            if (lane == j) row[j] = T(d * rs);
            if (lane > j) row[j] = row[j] * rs;
            const T t = row[j] * rs;
            // Every lane updates, its strictly upper entries too: those hold zeros or what earlier
            // steps left there, are never published for a later step's column (entries c > j of
            // lanes c > j only) and never stored, so no per-entry condition is needed (written
            // with one, the compiler computed every entry and selected, a 64-bit select each).
#pragma unroll
            for (int q = (j + 1) / E; q < NB / E; ++q) {
                const Piece u = col[q];
#pragma unroll
                for (int e = 0; e < E; ++e)
                    if (q * E + e > j) row[q * E + e] -= t * conj_(u.v[e]);
            }
        }
    }
    if (!live) return;
#pragma unroll
    for (int c = 0; c < NB; ++c)
        if (lane < N && c <= lane) at(c) = conj_if(g.upper, row[c]);
    if (lane == 0 && (!g.blocked || info != 0)) g.info[i] = info == 0 ? 0 : g.j0 + info;
    if (lane == 0 && info != 0 && g.failed) *g.failed = 1;
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
