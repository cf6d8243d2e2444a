// CUDA backend: the solves of getrs and potrs with one right-hand side past the register solves'
// orders (solve_stream.cuh), a build unit of their own, for the LU and Cholesky drivers.
#include "precisions.hpp"
#include "solve_stream.cuh"

namespace bl {
namespace cuda {
namespace {

// Right1, Right2: whether each triangle is solved right-looking (op(A) = A) or left-looking.
// Registers held to 128 a lane (16 warps a multiprocessor): 140 in complex double otherwise, and 14
// warps a multiprocessor left a batch of 2,000 a second, nearly empty wave (H200: zgetrs 512 from
// 0.95x cuBLAS to 1.36x, the few spilled bytes included).
template <bool Right1, bool Right2, class T> __global__ void __launch_bounds__(32, 16) solve_stream(SolveStream<T> g) {
    extern __shared__ __align__(16) unsigned char solve_x[];
    const int64_t i = blockIdx.x;
    const int N = g.n[i];
    if (N == 0 || g.nrhs[i] == 0 || (g.skip && g.skip[i] != 0)) return;
    const int lane = lane_id(), blocks = (N + 31) / 32;
    T *xs = reinterpret_cast<T *>(solve_x), *b = g.B.at(i);
    int *piv = reinterpret_cast<int *>(xs + 32 * blocks);
    const int *ipiv = g.ipiv.at(i);  // null without pivots
    for (int r = lane; r < 32 * blocks; r += 32) {
        xs[r] = r < N ? b[r] : T(0);
        if (ipiv && r < N) piv[r] = ipiv[r] - 1;
    }
    // LAPACK's order: forward (P^T b, getrs 'N' first) or backward (last, for 'T' and 'C'). One
    // lane, each step two elements of x: from shared memory, pivots included, its steps wait on
    // the shared memory's latency alone (a chain of global loads would wait on DRAM's).
    auto interchange = [&](bool forward) {
        warp_sync();
        if (lane == 0)
            for (int q = 0; q < N; ++q) {
                const int k = forward ? q : N - 1 - q, kp = piv[k];
                const T v = xs[k];
                xs[k] = xs[kp];
                xs[kp] = v;
            }
        warp_sync();
    };
    if (ipiv && !g.pivots_after) interchange(true);
    else warp_sync();
    const T *a = g.A.at(i);
    const int64_t lda = g.A.ldi(i);
    auto in_shared = [&](int row) { return xs[row]; };
    auto stays = [](int, T) {};
    stream_triangle<Right1>(g.tri[0], N, a, lda, xs, in_shared, stays);
    stream_triangle<Right2>(g.tri[1], N, a, lda, xs, in_shared, stays);
    if (ipiv && g.pivots_after) interchange(false);
    for (int r = lane; r < N; r += 32) b[r] = xs[r];
}

}  // namespace

template <class T> void launch_solve_stream(const SolveStream<T> &g, int maxn, int64_t count, cudaStream_t stream) {
    if (count == 0) return;
    const bool r1 = !g.tri[0].transpose, r2 = !g.tri[1].transpose;
    void (*kernel)(SolveStream<T>) = r1 ? (r2 ? solve_stream<true, true, T> : solve_stream<true, false, T>)
                                        : (r2 ? solve_stream<false, true, T> : solve_stream<false, false, T>);
    const size_t bytes = stream_x_bytes<T>(maxn) + (g.ipiv.empty() ? 0 : size_t(maxn + 31) / 32 * 32 * sizeof(int));
    if (bytes > kDefaultSharedBytes) allow_shared(kernel, bytes);
    kernel<<<unsigned(count), 32, bytes, stream>>>(g);
    check_launch("solve_stream");
}
#define BL_INSTANTIATE(p, T) \
    template void launch_solve_stream(const SolveStream<Dev<T>> &, int, int64_t, cudaStream_t);
BL_PRECISIONS(BL_INSTANTIATE)
#undef BL_INSTANTIATE

}  // namespace cuda
}  // namespace bl
