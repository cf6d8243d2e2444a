// CUDA backend: LU in registers (getrf_registers, declared in lu.cuh) in groups of 8, 16
// and 32 lanes, fully unrolled: a build unit of its own.
#include "lu.cuh"
#include "precisions.hpp"

namespace bl {
namespace cuda {

// LU of matrices up to NB x NB (NB = 8, 16, 32) in registers: a group of NB lanes per matrix,
// 32 / NB matrices per warp, each lane holding one row. Rows are not moved while the matrix is
// factored: each lane tracks its row's position in LAPACK's sequence of interchanges (rows at
// positions < j are U's finished rows), the pivot row is found by a shuffle reduction over
// (|value|, position) and broadcast from wherever it lies, and every row is stored once, at its
// final position. Every lane runs every step (the shuffles need the whole warp); steps past a
// matrix's min(m, n) change nothing. Without pivots (getrf_np: g.ipiv empty) the pivot row is
// row j and no row moves; a zero pivot leaves its column unscaled and the update goes on with
// it, as LAPACK's getf2 steps do (with pivoting a zero pivot means a zero column: no update).
template <int NB, bool Pivot, class T> __global__ void __launch_bounds__(128) getrf_registers(GetrfRegisters<T> g) {
    using R = RealOf<T>;
    const int lane = threadIdx.x & (NB - 1), group = lane_id() & ~(NB - 1);
    const int64_t i = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) / NB;
    const bool live = i < g.count;
    const int M = live ? g.m[i] : 0, N = live ? g.n[i] : 0, k = min(M, N);
    T *a = live ? g.A.at(i) : nullptr;
    const int lda = live ? g.A.ldi(i) : 0;
    T row[NB];
#pragma unroll
    for (int c = 0; c < NB; ++c) row[c] = lane < M && c < N ? a[lane + int64_t(c) * lda] : T(0);
    constexpr bool pivoting = Pivot;  // a compile-time choice: as a run-time one it cost getrf registers
    int pos = lane, info = 0;
#pragma unroll
    for (int j = 0; j < NB; ++j) {
        const bool step = j < k, in_play = step && pos >= j && lane < M;
        // i?amax over the rows in play; NaN ranks below every number, above rows not in play
        R v = R(-1);
        if (in_play) {
            const R x = abs1(row[j]);
            v = x == x ? x : R(-0.5);
        }
        int p = pos;
        if constexpr (pivoting) lanes_argmax<NB, NB>(v, p);
        else p = j;
        const bool pivot_row = in_play && pos == p;
        const unsigned rows = ballot(pivot_row) >> group;
        const int src = first_set(NB == 32 ? rows : rows & ((1u << NB) - 1)) - 1;  // -1: no step here
        if (step && lane == 0 && pivoting) g.ipiv.at(i)[j] = p + 1;
        const T pivot = shfl(row[j], max(src, 0), NB);
        const bool zero = is_zero(pivot);
        if (step && zero && info == 0) info = j + 1;
        if (in_play) pos = pivot_row ? j : pos == j ? p : pos;  // rows j and p trade places
        const bool mine = in_play && !pivot_row && (!zero || !pivoting);
        const T l = !mine ? T(0) : zero ? row[j] : row[j] * (T(1) / pivot);
        if (mine) row[j] = l;
#pragma unroll
        for (int c = j + 1; c < NB; ++c) {
            const T u = shfl(row[c], max(src, 0), NB);
            if (mine) row[c] -= l * u;
        }
    }
    if (!live) return;
#pragma unroll
    for (int c = 0; c < NB; ++c)
        if (lane < M && c < N) a[pos + int64_t(c) * lda] = row[c];
    if (lane == 0) g.info[i] = info;
}

template <int NB, class T>
void launch_getrf_registers_variant(const GetrfRegisters<T> &g, unsigned blocks, cudaStream_t stream) {
    if (g.ipiv.empty()) getrf_registers<NB, false><<<blocks, 128, 0, stream>>>(g);
    else getrf_registers<NB, true><<<blocks, 128, 0, stream>>>(g);
    check_launch("getrf_registers");
}

#define BL_INSTANTIATE(p, T) \
    template void launch_getrf_registers_variant<8>(const GetrfRegisters<Dev<T>> &, unsigned, cudaStream_t); \
    template void launch_getrf_registers_variant<16>(const GetrfRegisters<Dev<T>> &, unsigned, cudaStream_t); \
    template void launch_getrf_registers_variant<32>(const GetrfRegisters<Dev<T>> &, unsigned, cudaStream_t);
BL_PRECISIONS(BL_INSTANTIATE)
#undef BL_INSTANTIATE

}  // namespace cuda
}  // namespace bl
