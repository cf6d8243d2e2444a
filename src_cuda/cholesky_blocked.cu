// CUDA backend: the block-column solve of the blocked Cholesky (chol_solve, blocked.cuh), a build
// unit of its own.
#include "blocked.cuh"
#include "precisions.hpp"

namespace bl {
namespace cuda {
namespace {

template <class T> __global__ void __launch_bounds__(128) chol_solve(CholSolve<T> g) {
    constexpr int NB = 32;
    // L11's strict lower triangle packed by columns, then the reciprocals of its diagonal; rows
    // past jb hold zeros. (Complex double's square of NB x (NB + 1) and Y took 34 KB a block of one
    // warp, six blocks an SM where its 255 registers allow eight.) The tile Y (dynamic: NB x
    // (blockDim.x + 1), sized for the block's lines so that a block of one warp does not hold the
    // shared memory of four) is stored Y[k * ldy + line]: a thread's column is then a bank-friendly
    // row.
    constexpr int kDiagonal = NB * (NB - 1) / 2;
    auto lower = [](int r, int q) { return q * (NB - 1) - q * (q - 1) / 2 + r - q - 1; };
    __shared__ T L[kDiagonal + NB];
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
    // A thread issues its loads kInFlight at a time before their stores: a loop of one load and
    // one store waited one memory round trip per element, jb of them a thread for Y (all 32 at
    // once spilled 344 bytes of registers in complex double; eight at a time 40, against 24 with
    // the loop). Element (f, s) of a tile's storage order (f along memory) in lane f of warp
    // s % warps.
    constexpr int kInFlight = 8;
    const int lane = lane_id(), warp = warp_id(), warps = lt / 32;
    auto staged = [&](auto load, auto store) {
#pragma unroll
        for (int m0 = 0; m0 < NB; m0 += kInFlight) {
            T w[kInFlight];
#pragma unroll
            for (int u = 0; u < kInFlight; ++u) w[u] = load(m0 + u);
#pragma unroll
            for (int u = 0; u < kInFlight; ++u) store(m0 + u, w[u]);
        }
    };
    // L11: (r, q) = (f, s), or (s, f) for 'U'
    auto l11 = [&](int m, int &r, int &q) {
        const int s = warp + warps * m;
        r = g.upper ? s : lane, q = g.upper ? lane : s;
        return s < NB;
    };
    staged([&](int m) { int r, q; return l11(m, r, q) && r < jb && q <= r ? L11.get(r, q) : T(0); },
           [&](int m, T v) {
               int r, q;
               if (!l11(m, r, q)) return;
               if (q < r) L[lower(r, q)] = v;
               if (r == q) L[kDiagonal + r] = r < jb ? T(1) / v : T(0);
           });
    // Y's element (k, c): 'L' reads A21^H along its rows, a thread's column c its own (k = m);
    // 'U' along the columns (k = lane, c = warp + warps m).
    auto y_at = [&](int m, int &k, int &c) {
        k = B.ct ? m : lane, c = B.ct ? int(threadIdx.x) : warp + warps * m;
        return k < jb && c < lt && first + c < lines;
    };
    staged([&](int m) { int k, c; return y_at(m, k, c) ? B.get(k, c) : T(0); },
           [&](int m, T v) {
               int k, c;
               if (y_at(m, k, c)) Y[k * ldy + c] = v;
           });
    __syncthreads();
    const int c = threadIdx.x;
    T y[NB];
#pragma unroll
    for (int k = 0; k < NB; ++k) y[k] = k < jb ? Y[k * ldy + c] : T(0);
#pragma unroll
    for (int q = 0; q < NB; ++q) {
        y[q] *= L[kDiagonal + q];
#pragma unroll
        for (int k = q + 1; k < NB; ++k) y[k] -= L[lower(k, q)] * y[q];
    }
#pragma unroll
    for (int k = 0; k < NB; ++k)
        if (k < jb) Y[k * ldy + c] = y[k];
    __syncthreads();
#pragma unroll
    for (int m = 0; m < NB; ++m) {
        int k, c2;
        if (y_at(m, k, c2)) B.put(k, c2, Y[k * ldy + c2]);
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
