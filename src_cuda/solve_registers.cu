// CUDA backend: the solves of getrs and potrs in registers (solve_registers, kernels.cuh), and
// getri's inverse in registers (getri_registers, inverse.cuh), a build unit of their own, for the
// LU and Cholesky drivers.
#include "inverse.cuh"
#include "kernels.cuh"
#include "precisions.hpp"

namespace bl {
namespace cuda {
namespace {

// Row interchanges of a vector held one element a lane in a group of NB lanes, lane r holding
// x_r and, in pk, its pivot (0-based; kp = k past the matrix): LAPACK's order, forward (P^T x,
// as getrs 'N' applies them first) or backward.
template <int NB, class T> __device__ __forceinline__ T interchange(T x, int pk, int lane, bool forward) {
    for (int s = 0; s < NB; ++s) {
        const int k = forward ? s : NB - 1 - s;
        const int kp = shfl(pk, k, NB);  // lanes past N hold kp = k: no swap
        const int src = lane == k ? kp : lane == kp ? k : lane;
        x = shfl(x, src, NB);
    }
    return x;
}

template <int NB, class T> __global__ void __launch_bounds__(128) solve_registers(SolveRegisters<T> g) {
    const int lane = threadIdx.x & (NB - 1);
    const int64_t i = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) / NB;
    const bool live = i < g.count && !(g.skip && g.skip[i] != 0);
    const int N = live ? g.n[i] : 0, R = live ? g.nrhs[i] : 0;
    // every lane of the warp runs the same number of right-hand sides (the shuffles need them all)
    int rounds = R;
    rounds = lanes_max(rounds);
    const T *a = live ? g.A.at(i) : nullptr;
    const int lda = live ? g.A.ldi(i) : 0;
    const bool pivots = !g.ipiv.empty();
    const int pk = live && pivots && lane < N ? g.ipiv.at(i)[lane] - 1 : lane;
    T *b = live ? g.B.at(i) : nullptr;
    const int64_t cs = live ? g.B.ldi(i) : 0;
    for (int c = 0; c < rounds; ++c) {
        const bool mine = lane < N && c < R;
        T x = mine ? b[lane + c * cs] : T(0);
        if (pivots && !g.pivots_after) x = interchange<NB>(x, pk, lane, true);
        for (int t = 0; t < g.steps; ++t) x = solve_triangle<NB>(g.tri[t], lane, N, mine, a, lda, x);
        if (pivots && g.pivots_after) x = interchange<NB>(x, pk, lane, false);
        if (mine) b[lane + c * cs] = x;
    }
}

// getri of matrices up to NB x NB from getrf's factors: lane r loads row r of L \ U once, then
// solves A x = e_c for every column c (the interchanges, L, then U, as solve_registers does, the
// factors read from registers rather than memory for each column) and stores x as column c of
// X. All loads come before the first store (a warp barrier between them), so X may be A itself.
template <int NB, class T> __global__ void __launch_bounds__(128) getri_registers(GetriRegisters<T> g) {
    const int lane = threadIdx.x & (NB - 1), group = lane_id() & ~(NB - 1);
    const int64_t i = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) / NB;
    const bool live = i < g.count;
    const int N = live ? g.n[i] : 0;
    const bool mine = lane < N;
    const T *a = live ? g.A.at(i) : nullptr;
    const int lda = live ? g.A.ldi(i) : 0;
    T f[NB], d = T(1);  // row `lane` of L (columns < lane) and U (columns >= lane)
#pragma unroll
    for (int k = 0; k < NB; ++k) {
        f[k] = mine && k < N ? a[lane + int64_t(k) * lda] : T(0);
        if (k == lane && mine) d = f[k];
    }
    const int pk = mine ? g.ipiv.at(i)[lane] - 1 : lane;
    // info: the first exactly zero diagonal element of U (LAPACK's trtri, inside getri)
    const unsigned zeros = ballot(mine && is_zero(d)) >> group;
    const int info = first_set(NB == 32 ? zeros : zeros & ((1u << NB) - 1));
    warp_sync();  // every load of the warp done before any store (X may be A)
    T *x = live ? g.X.at(i) : nullptr;
    const int ldx = live ? g.X.ldi(i) : 0;
    if (live && info != 0) {
        if (lane == 0) g.info[i] = info;
        if (g.copy_failed && mine)  // getri_oop: C keeps a copy of the factors
#pragma unroll
            for (int k = 0; k < NB; ++k)
                if (k < N) x[lane + int64_t(k) * ldx] = f[k];
    }
    const T inv = T(1) / d;
    // every lane of the warp runs the same number of columns (the shuffles need them all)
    const int rounds = lanes_max(N);
    for (int c = 0; c < rounds; ++c) {
        T v = interchange<NB>(lane == c ? T(1) : T(0), pk, lane, true);
#pragma unroll
        for (int k = 0; k < NB; ++k) {  // L, unit lower: forward
            const T vk = shfl(v, k, NB);
            if (lane > k) v -= f[k] * vk;
        }
#pragma unroll
        for (int q = 0; q < NB; ++q) {  // U: backward
            const int k = NB - 1 - q;
            if (lane == k) v *= inv;
            const T vk = shfl(v, k, NB);
            if (lane < k) v -= f[k] * vk;
        }
        if (live && info == 0 && mine && c < N) x[lane + int64_t(c) * ldx] = v;
    }
    if (live && info == 0 && lane == 0) g.info[i] = 0;
}

}  // namespace

template <class T> void launch_getri_registers(const GetriRegisters<T> &g, int largest, cudaStream_t stream) {
    launch_register_groups(largest, g.count, [&](auto nb, unsigned blocks) {
        getri_registers<decltype(nb)::value><<<blocks, 128, 0, stream>>>(g);
    });
    check_launch("getri_registers");
}

template <class T> void launch_solve_registers(const SolveRegisters<T> &g, int largest, cudaStream_t stream) {
    launch_register_groups(largest, g.count, [&](auto nb, unsigned blocks) {
        solve_registers<decltype(nb)::value><<<blocks, 128, 0, stream>>>(g);
    });
    check_launch("solve_registers");
}
#define BL_INSTANTIATE(p, T)                                                                          \
    template void launch_solve_registers(const SolveRegisters<Dev<T>> &, int, cudaStream_t);            \
    template void launch_getri_registers(const GetriRegisters<Dev<T>> &, int, cudaStream_t);
BL_PRECISIONS(BL_INSTANTIATE)
#undef BL_INSTANTIATE

}  // namespace cuda
}  // namespace bl
