// CUDA backend: the block-column solve of the blocked Cholesky (chol_solve, blocked.cuh), a build
// unit of its own.
#include "blocked.cuh"
#include "precisions.hpp"

namespace bl {
namespace cuda {
namespace {

template <class T> __global__ void __launch_bounds__(128) chol_solve(CholSolve<T> g) {
    constexpr int NB = 32;
    // L column by column, the reciprocal diagonal in column NB; columns past jb hold zeros. The
    // tile Y (dynamic: NB x (blockDim.x + 1), sized for the block's lines so that a block of one
    // warp does not hold the shared memory of four) is stored Y[k * ldy + line]: a thread's
    // column is then a bank-friendly row.
    __shared__ T L[NB * (NB + 1)];
    extern __shared__ __align__(16) unsigned char dynamic[];
    T *Y = reinterpret_cast<T *>(dynamic);
    const int64_t i = blockIdx.x;
    if (g.stop[i] != 0) return;
    const Step::Local l = g.s.at(i);
    const int lt = blockDim.x, ldy = lt + 1, j = g.s.j, jb = l.jb, lines = l.n - j - jb, first = int(blockIdx.y) * lt;
    if (jb <= 0 || first >= lines) return;
    T *a = g.A.at(i);
    const int lda = g.A.ldi(i);
    const Block<T> L11{a, lda, j, j, g.upper};
    const Block<T> B{a, lda, j, j + jb + first, !g.upper};  // A21^H in logical coordinates
    for (int e = threadIdx.x; e < NB * NB; e += lt) {
        const int r = g.upper ? e / NB : e % NB, q = g.upper ? e % NB : e / NB;
        L[r + q * NB] = r < jb && q < jb && q < r ? L11.get(r, q) : T(0);
        if (r == q) L[r + NB * NB] = r < jb ? T(1) / L11.get(r, r) : T(0);
    }
    for (int e = threadIdx.x; e < jb * lt; e += lt) {
        const int k = B.ct ? e / lt : e % jb, c = B.ct ? e % lt : e / jb;
        if (first + c < lines) Y[k * ldy + c] = B.get(k, c);
    }
    __syncthreads();
    const int c = threadIdx.x;
    T y[NB];
#pragma unroll
    for (int k = 0; k < NB; ++k) y[k] = k < jb ? Y[k * ldy + c] : T(0);
#pragma unroll
    for (int q = 0; q < NB; ++q) {
        y[q] *= L[q + NB * NB];
#pragma unroll
        for (int k = q + 1; k < NB; ++k) y[k] -= L[k + q * NB] * y[q];
    }
#pragma unroll
    for (int k = 0; k < NB; ++k)
        if (k < jb) Y[k * ldy + c] = y[k];
    __syncthreads();
    for (int e = threadIdx.x; e < jb * lt; e += lt) {
        const int k = B.ct ? e / lt : e % jb, c2 = B.ct ? e % lt : e / jb;
        if (first + c2 < lines) B.put(k, c2, Y[k * ldy + c2]);
    }
}

}  // namespace

template <class T> void launch_chol_solve(const CholSolve<T> &g, int64_t count, int max_n, cudaStream_t stream) {
    const int lines = max_n - g.s.j - g.s.nb;  // a matrix with lines below has jb = nb
    if (lines <= 0) return;
    // no more threads than lines (a whole number of warps)
    const int lt = std::min(chol_lines<T>(), (lines + 31) / 32 * 32);
    chol_solve<<<dim3(unsigned(count), unsigned((lines + lt - 1) / lt)), lt, size_t(kPanel) * (lt + 1) * sizeof(T),
                 stream>>>(g);
    check_launch("chol_solve");
}
#define BL_INSTANTIATE(p, T) \
    template void launch_chol_solve(const CholSolve<Dev<T>> &, int64_t, int, cudaStream_t);
BL_PRECISIONS(BL_INSTANTIATE)
#undef BL_INSTANTIATE

}  // namespace cuda
}  // namespace bl
