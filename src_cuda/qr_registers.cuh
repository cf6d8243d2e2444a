// The register QR kernel (qr_registers) and its launch for one compiled variant, shared by the
// two build units that instantiate the variants: qr_registers.cu (up to 32 rows) and
// qr_registers_tall.cu (33 to 64 rows, two rows a lane). Split so that neither unit is the
// build's longest: together they took 92 s on the 2-core VM, apart 52 s and 54 s
// (src_cuda/PERFORMANCE.md).
#pragma once
#include "batchlapack.h"
#include "precisions.hpp"
#include "qr.cuh"

namespace bl {
namespace cuda {
namespace {

// QR in registers: a group of NB lanes per matrix (NB = 8, 16, 32), lane r holding rows r and, with
// RPL = 2, r + 32 (up to 64 rows, real types), of NC columns of A (8, 16, 24, 32: the chunk's
// largest n rounded up, NC <= NB) and EX columns of B (gels). Each step reduces the column's norm
// and the later columns' v^H a_c by shuffles within the group: no shared memory, no barriers; the
// later columns' sums all at once (lanes_sum_all: about 2 shuffles a column where a butterfly a
// column takes log2(NB); geqrf / gels to 32 columns up to 1.45x faster, src_cuda/PERFORMANCE.md).
// The loops run over the compile-time sizes (a matrix's own sizes only mask the updates):
// skipping the columns beyond the warp's largest n at run time kept the compiler from
// interleaving the columns' independent reductions, and was much slower.
// gels (`solve`; m >= n, one right-hand side: EX = 1): Q^H B comes with the
// factorization ('N'), then LAPACK's cases for A = 0 and a singular R, and the triangular solve by
// shuffles; for the adjoint R^H Y = B, B(n:m) = 0 and B := Q B from the reflectors still in the
// registers.
template <int NB, int RPL, int NC, int EX, class T>
__global__ void __launch_bounds__(128) qr_registers(QrRegisters<T> g) {
    using R = RealOf<T>;
    static_assert(NC <= NB, "a group's lane j holds the diagonal of column j");
    __shared__ T taus[128];  // gels: each group's tau at its NB slots, for Q B
    const int lane = threadIdx.x & (NB - 1);
    T *tau_g = taus + (threadIdx.x & ~(NB - 1));
    const int64_t i = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) / NB;
    const bool live = i < g.count;
    const int M = live ? g.m[i] : 0, N = live ? g.n[i] : 0, K = min(M, N), NR = live && g.solve ? g.nrhs[i] : 0;
    T *a = live ? g.A.at(i) : nullptr, *b = NR > 0 ? g.B.at(i) : nullptr;
    const int lda = live ? g.A.ldi(i) : 0, ldb = NR > 0 ? g.B.ldi(i) : 0;
    T x[RPL][NC + EX];
#pragma unroll
    for (int s = 0; s < RPL; ++s) {
        const int row = lane + NB * s;
#pragma unroll
        for (int c = 0; c < NC; ++c) x[s][c] = row < M && c < N ? a[row + int64_t(c) * lda] : T(0);
#pragma unroll
        for (int e = 0; e < EX; ++e) x[s][NC + e] = row < M && e < NR ? b[row + int64_t(e) * ldb] : T(0);
    }
    static_for<NC>([&](auto step_j) {  // j a constant: the step's later columns, an array of its own
        constexpr int j = decltype(step_j)::value;
        const bool step = j < K;
        R part = R(0);
#pragma unroll
        for (int s = 0; s < RPL; ++s)
            if (lane + NB * s > j) part += abs2(x[s][j]);  // rows past M hold zeros
        const R ssq = lanes_sum<NB>(part);
        const bool unsafe = j + 1 < M && ssq_unsafe(ssq);
        R norm = sqrt(ssq);
        if (__any_sync(~0u, unsafe)) {  // the whole warp shuffles, its matrices with nothing to redo too
            const R sc = unsafe ? norm_rescale(ssq) : R(1);
            part = R(0);
#pragma unroll
            for (int s = 0; s < RPL; ++s)
                if (lane + NB * s > j) part += abs2(x[s][j] * sc);
            const R again = sqrt(lanes_sum<NB>(part)) / sc;
            norm = unsafe ? again : norm;
        }
        const Reflector<T> h = larfg(shfl(x[0][j], j, NB), norm);
        T v[RPL];
#pragma unroll
        for (int s = 0; s < RPL; ++s) {
            const int row = lane + NB * s;
            if (step && !h.identity && row > j) x[s][j] *= h.scale;
            if (step && !h.identity && row == j) x[s][j] = T(h.beta);
            v[s] = row == j ? T(1) : row > j ? x[s][j] : T(0);
        }
        if (step && lane == 0) {
            if (g.solve) tau_g[j] = h.tau;
            else g.tau.at(i)[j] = h.tau;
        }
        const T st = step ? conj_(h.tau) : T(0);
        constexpr int later = NC + EX - 1 - j;  // columns j+1 .. NC+EX-1
        if constexpr (later > 0) {
            // For 'C' the B column's sum is taken too, unused: the column count stays a constant.
            T w[later];
#pragma unroll
            for (int k = 0; k < later; ++k) {
                w[k] = T(0);
#pragma unroll
                for (int s = 0; s < RPL; ++s) w[k] += conj_(v[s]) * x[s][j + 1 + k];
            }
            lanes_sum_all<NB>(w);
#pragma unroll
            for (int k = 0; k < later; ++k) {
                const int c = j + 1 + k;
                if (c >= NC && g.adjoint) continue;  // Q^H B comes with the factorization for 'N' only
                const T wc = st * w[k];
#pragma unroll
                for (int s = 0; s < RPL; ++s) x[s][c] -= v[s] * wc;
            }
        }
    });
    int info = 0;
    if constexpr (EX > 0) {
        // R = 0 (A = 0): B = 0 with info 0; a zero on R's diagonal: info, B left; else solve.
        int nonzero = 0, zero_at = NC;
#pragma unroll
        for (int s = 0; s < RPL; ++s)
#pragma unroll
            for (int c = 0; c < NC; ++c) {
                const int row = lane + NB * s;
                if (row < N && c >= row && c < N && !is_zero(x[s][c])) nonzero = 1;
                if (row < N && c == row && is_zero(x[s][c])) zero_at = min(zero_at, row);
            }
#pragma unroll
        for (int o = NB / 2; o > 0; o >>= 1) {
            nonzero |= shfl_xor(nonzero, o);
            zero_at = min(zero_at, shfl_xor(zero_at, o));
        }
        if (!nonzero)
#pragma unroll
            for (int s = 0; s < RPL; ++s)
#pragma unroll
                for (int e = 0; e < EX; ++e) x[s][NC + e] = T(0);
        if (nonzero && zero_at < NC) info = zero_at + 1;
        const bool go = nonzero && zero_at == NC;
        if (!g.adjoint) {  // R X = B backward: x_k in lane k, then the rows above it
#pragma unroll
            for (int k = NC - 1; k >= 0; --k)
#pragma unroll
                for (int e = 0; e < EX; ++e) {
                    const bool mine = go && k < N;
                    if (mine && lane == k) x[0][NC + e] = x[0][NC + e] / x[0][k];
                    const T xk = shfl(x[0][NC + e], k, NB);
                    if (mine && lane < k) x[0][NC + e] -= x[0][k] * xk;  // rows below k (s = 1) stay
                }
        } else {  // R^H Y = B forward: y_k = (b_k - sum_{r<k} conj(R(r, k)) y_r) / conj(R(k, k))
#pragma unroll
            for (int k = 0; k < NC; ++k)
#pragma unroll
                for (int e = 0; e < EX; ++e) {
                    const T part = lanes_sum<NB>(lane < k ? conj_(x[0][k]) * x[0][NC + e] : T(0));
                    if (go && k < N && lane == k) x[0][NC + e] = (x[0][NC + e] - part) / conj_(x[0][k]);
                }
#pragma unroll
            for (int s = 0; s < RPL; ++s)
#pragma unroll
                for (int e = 0; e < EX; ++e)
                    if (go && lane + NB * s >= N) x[s][NC + e] = T(0);
            warp_sync();  // tau_g, written by the group's lane 0
#pragma unroll
            for (int j = NC - 1; j >= 0; --j) {  // B := H(0) ... H(K-1) B
                const T tj = go && j < K ? tau_g[j] : T(0);
                T v[RPL];
#pragma unroll
                for (int s = 0; s < RPL; ++s) {
                    const int row = lane + NB * s;
                    v[s] = row == j ? T(1) : row > j ? x[s][j] : T(0);
                }
#pragma unroll
                for (int e = 0; e < EX; ++e) {
                    T w = T(0);
#pragma unroll
                    for (int s = 0; s < RPL; ++s) w += conj_(v[s]) * x[s][NC + e];
                    w = tj * lanes_sum<NB>(w);
#pragma unroll
                    for (int s = 0; s < RPL; ++s) x[s][NC + e] -= v[s] * w;
                }
            }
        }
    }
    if (!live) return;
#pragma unroll
    for (int s = 0; s < RPL; ++s) {
        const int row = lane + NB * s;
#pragma unroll
        for (int c = 0; c < NC; ++c)
            if (row < M && c < N) a[row + int64_t(c) * lda] = x[s][c];
#pragma unroll
        for (int e = 0; e < EX; ++e)
            if (row < M && e < NR) b[row + int64_t(e) * ldb] = x[s][NC + e];
    }
    if (g.solve && lane == 0) g.info[i] = info;
}

template <int V> using IntC = std::integral_constant<int, V>;
// Launches (in the including unit) the variant of NB lanes a matrix, RPL rows a lane and NC
// columns (and, for gels, one right-hand side) over the chunk. Its geqrf form is compiled only
// where geqrf can reach it: a variant takes the chunks whose largest order lies in (NB / 2, NB]
// (from 25 with 32 columns, from 1 with 8 lanes, from 33 with two rows a lane), and geqrf sends
// those that columns_take covers to qr_columns.
template <int NB, int RPL, int NC, class T> void launch_qr_variant(const QrRegisters<T> &g, cudaStream_t stream) {
    const unsigned blocks = unsigned((g.count * NB + 127) / 128);
    constexpr int least = RPL > 1 ? 33 : NC > 24 ? 25 : NB == 8 ? 1 : NB / 2 + 1;
    constexpr bool geqrf = !(least > columns_least<T>() && NB * RPL <= columns_most<T>());
    if (g.solve) qr_registers<NB, RPL, NC, 1><<<blocks, 128, 0, stream>>>(g);
    else if constexpr (geqrf) qr_registers<NB, RPL, NC, 0><<<blocks, 128, 0, stream>>>(g);
    else throw Failure(BL_ERROR_INTERNAL, "CUDA driver: a geqrf chunk for qr_columns reached qr_registers");
}

}  // namespace

}  // namespace cuda
}  // namespace bl
