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
        const int j = g.s.j, j1 = j + l.jb, cb = max(j1, g.col_begin);  // C's first row and column
        mm = min(l.m, g.row_end) - j1, nn = min(l.n, g.col_end) - cb, kk = l.jb;
        if (kk <= 0 || mm <= 0 || nn <= 0) return false;
        const int tiles_r = (mm + BM - 1) / BM, tr = t % tiles_r, tc = t / tiles_r;
        if (tc * BM >= nn || (g.cholesky && tc > tr)) return false;
        a = g.A.at(i);
        lda = g.A.ldi(i), r0 = tr * BM, c0 = tc * BM;
        A = {a, lda, j1 + r0, j, ACT};
        B = {a, lda, j, cb + c0, BCT};
        C = {a, lda, j1 + r0, cb + c0, ACT};
        return true;
    }
    // Stages columns k0 .. k0 + KT - 1 of A and rows k0 .. of B in shared memory, B's loads
    // issued with A's. ACT, BCT: A.ct and B.ct, known to the kernel.
    // SWIZZLE: a transposed tile is stored swizzled (TileFetch::store_as), update_mma's layout.
    template <int BM, int KT, bool ACT, bool BCT, bool SWIZZLE = false>
    __device__ void load(int k0, T *As, int lda_s, T *Bs, int ldb_s) const {
        TileFetch<BM, KT, T> fa;
        TileFetch<KT, BM, T> fb;
        fa.template fetch_as<ACT>(Block<T>{a, lda, A.pr, A.pc + k0, ACT}, mm - r0, kk - k0);
        fb.template fetch_as<BCT>(Block<T>{a, lda, B.pr + k0, B.pc, BCT}, kk - k0, nn - c0);
#pragma unroll
        for (auto &v : fa.v) v = -v;  // C - A B as C + (-A) B, which the accumulators start from
        fa.template store_as<ACT, SWIZZLE>(As, lda_s);
        fb.template store_as<BCT, SWIZZLE>(Bs, ldb_s);
    }
    // The accumulators start from C, read with the first tiles of A and B, and are written back
    // after the products: reading each element after the products instead (as C - A B) put its
    // load after the previous element's store, which the compiler cannot move (one pointer), so
    // the thread waited a memory round trip per element of its part of C. Written as C + (-A) B
    // (A negated as it is staged) rather than -(-C + A B), so that a zero C and zero products
    // give +0, as LAPACK's C + (-1) A B does.
    __device__ bool owns(const Update<T> &g, int r, int c) const {
        return r0 + r < mm && c0 + c < nn && (!g.cholesky || r0 + r >= c0 + c);
    }
    __device__ T c_or_zero(const Update<T> &g, int r, int c) const { return owns(g, r, c) ? C.get(r, c) : T(0); }
    __device__ void put(const Update<T> &g, int r, int c, T v) const {
        if (owns(g, r, c)) C.put(r, c, v);
    }
    // Makes C's address opaque before the stores, so that the compiler forms the stores' addresses
    // again rather than holding the loads' across the products (at 80 registers: 48-56 bytes of
    // spills in double where the update spilled 8-20).
    __device__ void forget_addresses() { asm volatile("" : "+l"(C.a)); }
};

template <class T, int BM, bool ACT, bool BCT> __device__ void update_fma(const Update<T> &g) {
    constexpr int KT = UpdateShape<T>::KT, TM = BM / 16;
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
        for (int y = 0; y < TM; ++y) acc[x][y] = u.c_or_zero(g, ra + 16 * x, cb + 16 * y);
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
    u.forget_addresses();
#pragma unroll
    for (int x = 0; x < TM; ++x)
#pragma unroll
        for (int y = 0; y < TM; ++y) u.put(g, ra + 16 * x, cb + 16 * y, acc[x][y]);
}

// Double and complex double on the tensor cores (mma m16n8k4 on sm_90, m8n8k4 pairs on sm_80-89:
// mma_16x8x4; older GPUs take update_fma): each of the 8 warps owns a 32 x 16 part of the 64 x 64
// tile as 4 x 2 blocks of 8 x 8, two blocks above each other a product. A complex product is four
// real ones on the same fragments (re re and -im im into the real part, re im and im re into the
// imaginary part); launch_update gives complex double this tile only for long products, and its
// 32 x 32 tile on the FMA units otherwise. Leading dimensions put the fragment loads in distinct
// banks: 4 mod 16 elements for A and B in double (68, 36; each half warp's 8-byte loads), 2 and 4
// mod 8 for complex double's A and B (66, 20; each quarter warp's 16-byte loads); the stores of a
// transposed tile, a line apart, are spread over the banks by bank_swizzle.
template <class T, bool ACT, bool BCT> __device__ void update_mma(const Update<T> &g) {
    constexpr bool Z = kComplex<T>;
    constexpr int BM = 64, KT = Z ? 16 : 32, LA = BM + (Z ? 2 : 4), LB = KT + 4;
    static_assert(update_tile<T>() == BM, "launch_update counts the tiles update_mma takes");
    __shared__ T As[LA * KT], Bs[LB * BM];
    UpdateTile<T> u;
    if (!u.template init<ACT, BCT>(g, BM)) return;
    const int lane = lane_id(), warp = warp_id(), wr = (warp % 2) * 32, wc = (warp / 2) * 16;
    const int g8 = lane / 4, q4 = lane % 4;
    // The Cholesky update's transposed tile (B for 'L', A for 'U') is staged swizzled: element k of
    // B's column c at k ^ bank_swizzle(c), row r of A's column k at r ^ bank_swizzle(k). The
    // exchanges stay below 4, so they touch only the lane's own part of a fragment's index (q4 of k
    // in steps of 4; g8 of rows in blocks of 8), and A's is the same for the four k of a step.
    static_assert(bank_swizzle<T>(0, LB) < 4 && bank_swizzle<T>(BM - 1, LB) < 4, "B's exchange stays in q4");
    static_assert(!ACT || (128 / sizeof(T)) / (LA % (128 / sizeof(T))) % 4 == 0, "A's exchange is one a step");
    int qb[2];  // B's k offset of the lane in column wc + 8 y + g8
#pragma unroll
    for (int y = 0; y < 2; ++y) qb[y] = BCT ? q4 ^ bank_swizzle<T>(wc + 8 * y + g8, LB) : q4;
    double re[4][2][2], im[4][2][2];  // im: complex double only
#pragma unroll
    for (int x = 0; x < 4; ++x)
#pragma unroll
        for (int y = 0; y < 2; ++y)
#pragma unroll
            for (int v = 0; v < 2; ++v) {
                const T c = u.c_or_zero(g, wr + 8 * x + g8, wc + 8 * y + 2 * q4 + v);
                re[x][y][v] = real_(c), im[x][y][v] = imag_(c);
            }
    for (int k0 = 0; k0 < u.kk; k0 += KT) {
        u.template load<BM, KT, ACT, BCT, true>(k0, As, LA, Bs, LB);
        __syncthreads();
#pragma unroll
        for (int k = 0; k < KT; k += 4) {
            double ar[4], ai[4], an[4], br[2], bi[2];  // ai, an (-ai), bi: complex double only
            const int ga = ACT ? g8 ^ bank_swizzle<T>(k, LA) : g8;
#pragma unroll
            for (int x = 0; x < 4; ++x) {
                const T a = As[wr + 8 * x + ga + (k + q4) * LA];
                ar[x] = real_(a), ai[x] = imag_(a), an[x] = -imag_(a);
            }
#pragma unroll
            for (int y = 0; y < 2; ++y) {
                const T b = Bs[k + qb[y] + (wc + 8 * y + g8) * LB];
                br[y] = real_(b), bi[y] = imag_(b);
            }
            // Blocks x and x + 1 (rows 8 x .. 8 x + 15 of the warp's part) in one 16 x 8 x 4 product.
#pragma unroll
            for (int x = 0; x < 4; x += 2)
#pragma unroll
                for (int y = 0; y < 2; ++y) {
                    mma_16x8x4(re[x][y], re[x + 1][y], ar[x], ar[x + 1], br[y]);
                    if constexpr (Z) {
                        mma_16x8x4(re[x][y], re[x + 1][y], an[x], an[x + 1], bi[y]);
                        mma_16x8x4(im[x][y], im[x + 1][y], ar[x], ar[x + 1], bi[y]);
                        mma_16x8x4(im[x][y], im[x + 1][y], ai[x], ai[x + 1], br[y]);
                    }
                }
        }
        __syncthreads();
    }
    u.forget_addresses();
#pragma unroll
    for (int x = 0; x < 4; ++x)
#pragma unroll
        for (int y = 0; y < 2; ++y)
#pragma unroll
            for (int v = 0; v < 2; ++v)
                u.put(g, wr + 8 * x + g8, wc + 8 * y + 2 * q4 + v, make_scalar<T>(re[x][y][v], im[x][y][v]));
}

// ACT, BCT: whether the block reads A (and C) and B transposed (Update's cholesky and upper): as
// template arguments, each tile's loads are one address and constant offsets. BM: the tile's
// order, update_tile's or (complex double) UpdateShape's. Complex double's 64 x 64 tile (32
// accumulators a thread, complex fragments, its tiles' loads in flight) spilled 760 bytes at
// three blocks an SM (80 registers); at two it takes 128 and spills nothing.
template <class T, int BM, bool ACT, bool BCT>
__global__ void __launch_bounds__(kTileThreads, BM == 64 && sizeof(T) > 8 ? 2 : 3) update_kernel(Update<T> g) {
#if __CUDA_ARCH__ >= 800
    if constexpr (BM == 64 && std::is_same<RealOf<T>, double>::value) update_mma<T, ACT, BCT>(g);
    else update_fma<T, BM, ACT, BCT>(g);
#else
    update_fma<T, BM, ACT, BCT>(g);
#endif
}

template <class T, int BM>
void launch_update_tiles(const Update<T> &g, int64_t count, int rest_r, int rest_c, cudaStream_t stream) {
    Update<T> h = g;
    h.tiles = ((rest_r + BM - 1) / BM) * ((rest_c + BM - 1) / BM);
    const unsigned blocks = unsigned(count * h.tiles);
    if (!g.cholesky) update_kernel<T, BM, false, false><<<blocks, kTileThreads, 0, stream>>>(h);
    else if (g.upper) update_kernel<T, BM, true, false><<<blocks, kTileThreads, 0, stream>>>(h);
    else update_kernel<T, BM, false, true><<<blocks, kTileThreads, 0, stream>>>(h);
    check_launch("update_kernel");
}

}  // namespace

template <class T> void launch_update(const Update<T> &g, int64_t count, int max_rows, int max_cols, cudaStream_t stream) {
    // A matrix whose panel is narrower than nb has no trailing rows or no trailing columns.
    const int rest_r = std::min(max_rows, g.row_end) - g.s.j - g.s.nb;
    const int rest_c = std::min(max_cols, g.col_end) - std::max(g.s.j + g.s.nb, g.col_begin);
    if (count == 0 || rest_r <= 0 || rest_c <= 0) return;
    // Complex double takes the tensor cores' 64 x 64 tile only for products of 128 columns and
    // more (Cholesky's outer updates from order 256 on): with it at every step, zpotrf 512 went
    // 0.83 -> 0.90x cuSOLVER but zpotrf 128 0.90 -> 0.84x and zgetrf 128 / 512 (nb = 32
    // throughout) 1.33 / 1.94 -> 1.26 / 1.88x cuBLAS (H200): over a short product the tile's
    // reading and writing of C and its idle parts on small trailing matrices outweigh the rate.
    constexpr int small = UpdateShape<T>::BM, large = update_tile<T>();
    if (small < large && g.s.nb < 128)
        launch_update_tiles<T, small>(g, count, rest_r, rest_c, stream);
    else
        launch_update_tiles<T, large>(g, count, rest_r, rest_c, stream);
}
#define BL_INSTANTIATE(p, T) \
    template void launch_update(const Update<Dev<T>> &, int64_t, int, int, cudaStream_t);
BL_PRECISIONS(BL_INSTANTIATE)
#undef BL_INSTANTIATE

}  // namespace cuda
}  // namespace bl
