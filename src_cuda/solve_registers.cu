// CUDA backend: the solves of getrs and potrs in registers (solve_registers, kernels.cuh), a build
// unit of their own, for the LU and Cholesky drivers.
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
        for (int t = 0; t < g.steps; ++t) x = solve_triangle<NB, true>(g.tri[t], lane, N, mine, a, lda, x);
        if (pivots && g.pivots_after) x = interchange<NB>(x, pk, lane, false);
        if (mine) b[lane + c * cs] = x;
    }
}

}  // namespace

template <class T> void launch_solve_registers(const SolveRegisters<T> &g, int largest, cudaStream_t stream) {
    launch_register_groups(largest, g.count, [&](auto nb, unsigned blocks) {
        solve_registers<decltype(nb)::value><<<blocks, 128, 0, stream>>>(g);
    });
    check_launch("solve_registers");
}
#define BL_INSTANTIATE(p, T) template void launch_solve_registers(const SolveRegisters<Dev<T>> &, int, cudaStream_t);
BL_PRECISIONS(BL_INSTANTIATE)
#undef BL_INSTANTIATE

}  // namespace cuda
}  // namespace bl
