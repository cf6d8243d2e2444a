// CUDA backend: the trailing update of the blocked LU and Cholesky factorizations (update_kernel,
// blocked.cuh), a build unit of its own: compiled once for both families.
#include "blocked.cuh"
#include "precisions.hpp"

namespace bl {
namespace cuda {
namespace {

template <class T> struct UpdateTile {
    int mm, nn, kk, r0, c0, lda;
    T *a;
    Block<T> A, B, C;
    // ACT, BCT: A's (and C's) and B's ct, which g.cholesky and g.upper give.
    template <bool ACT, bool BCT> __device__ bool init(const Update<T> &g, int BM) {
        const int64_t i = blockIdx.x / g.tiles;
        const int t = int(blockIdx.x % g.tiles);
        if (g.stop && g.stop[i] != 0) return false;
        const Step::Local l = g.s.at(i);
        const int j = g.s.j, j1 = j + l.jb;
        mm = l.m - j1, nn = min(l.n, g.col_end) - j1, kk = l.jb;
        if (kk <= 0 || mm <= 0 || nn <= 0) return false;
        const int tiles_r = (mm + BM - 1) / BM, tr = t % tiles_r, tc = t / tiles_r;
        if (tc * BM >= nn || (g.cholesky && tc > tr)) return false;
        a = g.A.at(i);
        lda = g.A.ldi(i), r0 = tr * BM, c0 = tc * BM;
        A = {a, lda, j1 + r0, j, ACT};
        B = {a, lda, j, j1 + c0, BCT};
        C = {a, lda, j1 + r0, j1 + c0, ACT};
        return true;
    }
    // Stages columns k0 .. k0 + KT - 1 of A and rows k0 .. of B in shared memory, B's loads
    // issued with A's. ACT, BCT: A.ct and B.ct, known to the kernel.
    template <int BM, int KT, bool ACT, bool BCT> __device__ void load(int k0, T *As, int lda_s, T *Bs, int ldb_s) const {
        TileFetch<BM, KT, T> fa;
        TileFetch<KT, BM, T> fb;
        fa.template fetch_as<ACT>(Block<T>{a, lda, A.pr, A.pc + k0, ACT}, mm - r0, kk - k0);
        fb.template fetch_as<BCT>(Block<T>{a, lda, B.pr + k0, B.pc, BCT}, kk - k0, nn - c0);
        fa.template store_as<ACT>(As, lda_s);
        fb.template store_as<BCT>(Bs, ldb_s);
    }
    __device__ void subtract(const Update<T> &g, int r, int c, T v) const {
        if (r0 + r < mm && c0 + c < nn && (!g.cholesky || r0 + r >= c0 + c)) C.put(r, c, C.get(r, c) - v);
    }
};

template <class T, bool ACT, bool BCT> __device__ void update_fma(const Update<T> &g) {
    constexpr int BM = UpdateShape<T>::BM, KT = UpdateShape<T>::KT, TM = BM / 16;
    __shared__ T As[(BM + 1) * KT], Bs[(KT + 1) * BM];
    UpdateTile<T> u;
    if (!u.template init<ACT, BCT>(g, BM)) return;
    // A transposed C is read along its rows: the thread's rows and columns trade places.
    const int tx = threadIdx.x % 16, ty = threadIdx.x / 16;
    const int ra = u.C.ct ? ty : tx, cb = u.C.ct ? tx : ty;
    T acc[TM][TM];
#pragma unroll
    for (int x = 0; x < TM; ++x)
#pragma unroll
        for (int y = 0; y < TM; ++y) acc[x][y] = T(0);
    for (int k0 = 0; k0 < u.kk; k0 += KT) {
        u.template load<BM, KT, ACT, BCT>(k0, As, BM + 1, Bs, KT + 1);
        __syncthreads();
#pragma unroll 8
        for (int k = 0; k < KT; ++k) {
            T av[TM], bv[TM];
#pragma unroll
            for (int x = 0; x < TM; ++x) av[x] = As[ra + 16 * x + k * (BM + 1)];
#pragma unroll
            for (int y = 0; y < TM; ++y) bv[y] = Bs[k + (cb + 16 * y) * (KT + 1)];
#pragma unroll
            for (int x = 0; x < TM; ++x)
#pragma unroll
                for (int y = 0; y < TM; ++y) acc[x][y] += av[x] * bv[y];
        }
        __syncthreads();
    }
#pragma unroll
    for (int x = 0; x < TM; ++x)
#pragma unroll
        for (int y = 0; y < TM; ++y) u.subtract(g, ra + 16 * x, cb + 16 * y, acc[x][y]);
}

// Double precision on the tensor cores (mma m8n8k4, sm_80 and later; older GPUs take update_fma):
// each of the 8 warps owns a 32 x 16 part of the 64 x 64 tile as 4 x 2 blocks of 8 x 8. Leading
// dimensions of 4 mod 16 elements (68, 36) put each half warp's fragment loads in distinct banks.
template <class T, bool ACT, bool BCT> __device__ void update_mma(const Update<T> &g) {  // T = double
    constexpr int BM = 64, KT = 32, LA = BM + 4, LB = KT + 4;
    __shared__ double As[LA * KT], Bs[LB * BM];
    UpdateTile<T> u;
    if (!u.template init<ACT, BCT>(g, BM)) return;
    const int lane = lane_id(), warp = warp_id(), wr = (warp % 2) * 32, wc = (warp / 2) * 16;
    const int g8 = lane / 4, q4 = lane % 4;
    double acc[4][2][2] = {};
    for (int k0 = 0; k0 < u.kk; k0 += KT) {
        u.template load<BM, KT, ACT, BCT>(k0, As, LA, Bs, LB);
        __syncthreads();
#pragma unroll
        for (int k = 0; k < KT; k += 4) {
            double av[4], bv[2];
#pragma unroll
            for (int x = 0; x < 4; ++x) av[x] = As[wr + 8 * x + g8 + (k + q4) * LA];
#pragma unroll
            for (int y = 0; y < 2; ++y) bv[y] = Bs[k + q4 + (wc + 8 * y + g8) * LB];
#pragma unroll
            for (int x = 0; x < 4; ++x)
#pragma unroll
                for (int y = 0; y < 2; ++y)
                    mma_8x8x4(acc[x][y][0], acc[x][y][1], av[x], bv[y]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int x = 0; x < 4; ++x)
#pragma unroll
        for (int y = 0; y < 2; ++y)
#pragma unroll
            for (int v = 0; v < 2; ++v) u.subtract(g, wr + 8 * x + g8, wc + 8 * y + 2 * q4 + v, acc[x][y][v]);
}

// ACT, BCT: whether the block reads A (and C) and B transposed (Update's cholesky and upper): as
// template arguments, each tile's loads are one address and constant offsets.
template <class T, bool ACT, bool BCT> __global__ void __launch_bounds__(kTileThreads, 3) update_kernel(Update<T> g) {
#if __CUDA_ARCH__ >= 800
    if constexpr (std::is_same<T, double>::value) update_mma<T, ACT, BCT>(g);
    else update_fma<T, ACT, BCT>(g);
#else
    update_fma<T, ACT, BCT>(g);
#endif
}

}  // namespace

template <class T> void launch_update(const Update<T> &g, int64_t count, int max_rows, int max_cols, cudaStream_t stream) {
    constexpr int BM = UpdateShape<T>::BM;
    const int rest_r = max_rows - g.s.j - 1, rest_c = std::min(max_cols, g.col_end) - g.s.j - 1;  // at least jb = 1
    if (count == 0 || rest_r <= 0 || rest_c <= 0) return;
    Update<T> h = g;
    h.tiles = ((rest_r + BM - 1) / BM) * ((rest_c + BM - 1) / BM);
    const unsigned blocks = unsigned(count * h.tiles);
    if (!g.cholesky) update_kernel<T, false, false><<<blocks, kTileThreads, 0, stream>>>(h);
    else if (g.upper) update_kernel<T, true, false><<<blocks, kTileThreads, 0, stream>>>(h);
    else update_kernel<T, false, true><<<blocks, kTileThreads, 0, stream>>>(h);
    check_launch("update_kernel");
}
#define BL_INSTANTIATE(p, T) \
    template void launch_update(const Update<Dev<T>> &, int64_t, int, int, cudaStream_t);
BL_PRECISIONS(BL_INSTANTIATE)
#undef BL_INSTANTIATE

}  // namespace cuda
}  // namespace bl
